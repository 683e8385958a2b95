// Mock scores over time on the results page (docs/learning.md, "Percentile and progress"): plain
// SVG, one line through the results in the order taken, each point labelled with its score, and
// the same figures as a table under "Show as table" for screen readers and exact reading.
import { formatDate, formatDateTime, plural } from '@shared/domain/display';
import type { ProgressPoint } from './progressSeries';

/** The chart draws the latest few (8 labels of "100%" fit side by side at 360 px); the table lists all. */
const DRAWN = 8;
const WIDTH = 320;
const HEIGHT = 170;
const PAD = { left: 36, right: 8, top: 20, bottom: 28 };
/** Keeps the first and last points, and their labels, clear of the axis labels. */
const INSET = 18;

const x = (i: number, count: number) =>
  PAD.left + INSET + (count === 1 ? 0 : (i * (WIDTH - PAD.left - PAD.right - 2 * INSET)) / (count - 1));
const y = (percentage: number) => PAD.top + ((100 - percentage) * (HEIGHT - PAD.top - PAD.bottom)) / 100;

export function ProgressChart({ points }: { points: ProgressPoint[] }) {
  const drawn = points.slice(-DRAWN);
  const first = drawn[0];
  const last = drawn[drawn.length - 1];
  const summary =
    `Mock scores over time: ${plural(drawn.length, 'result')}, from ${first.percentage}% on ` +
    `${formatDate(first.createdAt)} to ${last.percentage}% on ${formatDate(last.createdAt)}.`;
  const line = drawn.map((p, i) => `${x(i, drawn.length)},${y(p.percentage)}`).join(' ');

  return (
    <section
      aria-labelledby="progress-heading"
      className="mb-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
    >
      <h2 id="progress-heading" className="text-lg font-semibold">
        Progress in mock exams
      </h2>
      {points.length > DRAWN && (
        <p className="text-xs text-slate-600 dark:text-slate-300">The latest {DRAWN} are drawn.</p>
      )}
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={summary}
        className="mt-2 w-full max-w-xl text-purple-600 dark:text-purple-300"
      >
        {[0, 50, 100].map((g) => (
          <g key={g} className="text-slate-300 dark:text-slate-600">
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(g)} y2={y(g)} stroke="currentColor" />
            <text
              x={PAD.left - 6}
              y={y(g) + 4}
              textAnchor="end"
              fontSize="12"
              className="fill-slate-600 dark:fill-slate-300"
            >
              {g}%
            </text>
          </g>
        ))}
        <polyline points={line} fill="none" stroke="currentColor" strokeWidth="2" />
        {drawn.map((p, i) => (
          <g key={p.id}>
            <circle cx={x(i, drawn.length)} cy={y(p.percentage)} r="4" fill="currentColor" />
            <text
              x={x(i, drawn.length)}
              y={y(p.percentage) - 9}
              textAnchor="middle"
              fontSize="12"
              fontWeight="600"
              className="fill-slate-900 dark:fill-slate-100"
            >
              {p.percentage}%
            </text>
          </g>
        ))}
        <text x={PAD.left} y={HEIGHT - 6} fontSize="12" className="fill-slate-600 dark:fill-slate-300">
          {formatDate(first.createdAt)}
        </text>
        <text
          x={WIDTH - PAD.right}
          y={HEIGHT - 6}
          textAnchor="end"
          fontSize="12"
          className="fill-slate-600 dark:fill-slate-300"
        >
          {formatDate(last.createdAt)}
        </text>
      </svg>
      <details className="mt-2">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-purple-700 dark:text-purple-300">
          Show as table
        </summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">Mock exam scores, oldest first</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pr-2 font-medium">
                Taken
              </th>
              <th scope="col" className="py-1 pr-2 font-medium">
                Mock exam
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Score
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.id} className="border-b border-slate-100 dark:border-slate-700">
                <td className="py-1 pr-2 whitespace-nowrap">{formatDateTime(p.createdAt)}</td>
                <td className="py-1 pr-2">{p.quizName}</td>
                <td className="py-1 text-right">{p.percentage}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
