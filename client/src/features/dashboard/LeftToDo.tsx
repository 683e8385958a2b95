// The dashboard's "What is left to do": per programme, the questions seen out of those in the
// bank. Its own chunk, loaded after the cards; the per-topic figures are on /create-test.
import { Link } from 'react-router-dom';
import { trpc } from '../../lib/trpc';

export default function LeftToDo() {
  const left = trpc.customTests.left.useQuery(undefined, { staleTime: 0 });
  const programs = (left.data?.programs ?? []).filter((p) => p.bank > 0);
  // A side panel: while loading, offline or with an empty bank it stays out of the way.
  if (left.isLoading || left.isError || programs.length === 0) return null;
  return (
    <section
      aria-labelledby="left-heading"
      className="mt-8 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
    >
      <h2 id="left-heading" className="text-xl font-semibold">
        What is left to do
      </h2>
      <table className="mt-3 w-full text-left text-sm">
        <thead className="text-slate-600 dark:text-slate-300">
          <tr>
            <th scope="col" className="py-1 pr-2 font-medium">
              Programme
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">
              Seen
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Left
            </th>
          </tr>
        </thead>
        <tbody>
          {programs.map((p) => (
            <tr key={p.id} className="border-t border-slate-200 dark:border-slate-700">
              <th scope="row" className="py-2 pr-2 font-normal break-words">
                {p.name}
              </th>
              <td className="py-2 pr-2 text-right whitespace-nowrap">
                {p.seen} of {p.bank}
              </td>
              <td className="py-2 text-right">{p.bank - p.seen}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-sm">
        <Link to="/create-test" className="font-medium text-brand-700 underline dark:text-brand-400">
          Create a test from the questions you have not seen
        </Link>
      </p>
    </section>
  );
}
