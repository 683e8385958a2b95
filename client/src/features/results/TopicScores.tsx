// "Score by topic" on a result: per topic of the questions asked, correct out of asked and the
// share, weakest first as the server orders them (untagged questions last). A mock always shows
// it; a practice result only when its questions span several topics, since one set's topic
// would repeat the score above.
import { accuracyColour } from '@shared/domain/grading';
import type { ResultDetail } from './types';

const TONE: Record<ReturnType<typeof accuracyColour>, string> = {
  green: 'text-green-800 dark:text-green-300',
  yellow: 'text-yellow-800 dark:text-yellow-300',
  red: 'text-red-800 dark:text-red-300',
};

export function showsTopicScores(result: Pick<ResultDetail, 'session' | 'by_topic'>): boolean {
  // A copy of the page kept offline before the field existed has none.
  const rows = (result.by_topic as ResultDetail['by_topic'] | undefined) ?? [];
  return rows.length > 0 && (result.session.quiz_type === 'mock' || rows.length > 1);
}

export function TopicScores({ rows }: { rows: ResultDetail['by_topic'] }) {
  return (
    <section aria-labelledby="topic-scores" className="mt-6">
      <h2 id="topic-scores" className="text-lg font-semibold">
        Score by topic
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">Weakest topic first.</p>
      <table className="mt-2 w-full text-left text-sm" aria-labelledby="topic-scores">
        <thead className="text-slate-600 dark:text-slate-300">
          <tr>
            <th scope="col" className="py-1 pr-2 font-medium">
              Topic
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">
              Correct
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Score
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.topic_id ?? 'untagged'} className="border-t border-slate-200 dark:border-slate-700">
              <th scope="row" className="py-2 pr-2 font-normal break-words">
                {r.topic_name}
              </th>
              <td className="py-2 pr-2 text-right whitespace-nowrap">
                {r.correct} / {r.asked}
              </td>
              <td className={`py-2 text-right font-semibold ${TONE[accuracyColour(r.percentage)]}`}>
                {r.percentage}%
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
