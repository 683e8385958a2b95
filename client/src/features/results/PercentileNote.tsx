// Where a mock result stands among the students who took the mock (docs/learning.md, "Percentile
// and progress"). The server answers null below 30 takers, and then nothing is shown.
import { plural } from '@shared/domain/display';
import { trpc } from '../../lib/trpc';

export function PercentileNote({ resultId }: { resultId: number }) {
  const percentile = trpc.results.percentile.useQuery({ id: resultId }, { staleTime: 60_000 });
  const p = percentile.data;
  if (!p) return null;
  const students = plural(p.takers, 'student');
  return (
    <p
      data-testid="percentile"
      className="mt-4 rounded-lg bg-purple-50 px-3 py-2 text-sm text-purple-900 dark:bg-purple-950 dark:text-purple-100"
    >
      {p.retake
        ? `This retake scores better than ${p.betterThan}% of the first attempts of the ${students} who took this mock.`
        : `Better than ${p.betterThan}% of the ${students} who took this mock.`}
    </p>
  );
}
