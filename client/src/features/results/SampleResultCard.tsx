// The result of a built-in sample quiz, handed over in navigation state: shown on /results only,
// never stored.
import { formatSeconds, gradeFor, GRADE_MESSAGES } from '@shared/domain/grading';
import type { SampleResultState } from '../../lib/sampleResult';
import { AccuracyBar, GradeChip } from './display';

export function SampleResultCard({ result }: { result: SampleResultState }) {
  return (
    <section
      aria-labelledby="sample-result"
      className="mb-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-500 dark:bg-slate-800"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-xs font-medium tracking-wide text-brand-700 uppercase dark:text-brand-500">
            {result.mode === 'test' ? 'Sample Test' : 'Sample Practice Quiz'}
          </p>
          <h2 id="sample-result" className="mt-1 text-lg font-semibold">
            {result.category}: {result.score}%
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {GRADE_MESSAGES[gradeFor(result.score)]}
          </p>
        </div>
        <GradeChip percentage={result.score} />
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div>
          <dt className="inline text-slate-500 dark:text-slate-400">Correct: </dt>
          <dd className="inline font-semibold">
            {result.correct}/{result.total}
          </dd>
        </div>
        {result.timeSpent !== undefined && (
          <div>
            <dt className="inline text-slate-500 dark:text-slate-400">Time: </dt>
            <dd className="inline font-semibold">{formatSeconds(result.timeSpent)}</dd>
          </div>
        )}
      </dl>
      <div className="mt-3">
        <AccuracyBar accuracy={result.score} />
      </div>
      <ol className="mt-4 space-y-2 text-sm">
        {result.questions.map((q, i) => {
          const chosen = result.userAnswers[i];
          const right = chosen === q.correctAnswer;
          return (
            <li key={q.question} className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900">
              <p className="font-medium">
                {i + 1}. {q.question}
              </p>
              <p className={right ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}>
                Your Answer: {chosen === null || chosen === undefined ? 'Not answered' : q.options[chosen]}
              </p>
              {!right && (
                <p className="text-green-700 dark:text-green-400">Correct: {q.options[q.correctAnswer]}</p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
