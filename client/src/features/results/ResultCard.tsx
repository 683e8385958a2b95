// One result in the grid (/results): badge, grade, name, score, correct, time, points,
// the accuracy bar and the date; the whole card opens the detail.
import { Link } from 'react-router-dom';
import { formatSeconds, percentageOf } from '@shared/domain/grading';
import { FOCUS_RING } from '../../components/Button';
import { formatDate } from '@shared/domain/display';
import { AccuracyBar, GradeChip, TypeBadge } from './display';
import type { Result } from './types';

export function ResultCard({ result }: { result: Result }) {
  const accuracy = percentageOf(result.correct_answers, result.total_questions);
  return (
    <li>
      <Link
        to={`/quiz/result/${result.id}`}
        className={`block h-full rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md dark:bg-slate-800 dark:ring-slate-700 ${FOCUS_RING}`}
      >
        <div className="flex items-start justify-between gap-2">
          <TypeBadge type={result.session.quiz_type} origin={result.session.origin} />
          <GradeChip percentage={result.percentage} />
        </div>
        <h2 className="mt-2 font-semibold text-slate-900 dark:text-slate-100">{result.session.quiz_name}</h2>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
          <Fact label="Score" value={`${result.percentage}%`} />
          <Fact label="Correct" value={`${result.correct_answers}/${result.total_questions}`} />
          <Fact label="Time" value={formatSeconds(result.time_spent_seconds)} />
          <Fact label="Points" value={String(result.score)} />
        </dl>
        <div className="mt-3">
          <AccuracyBar accuracy={accuracy} />
        </div>
        <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">{formatDate(result.created_at)}</p>
      </Link>
    </li>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="font-semibold text-slate-900 dark:text-slate-100">{value}</dd>
    </div>
  );
}
