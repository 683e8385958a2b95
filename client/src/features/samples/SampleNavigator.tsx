// The sample quizzes' question grid with its legend: Answered, Flagged, Unanswered.
import { FOCUS_RING } from '../../components/Button';

interface SampleNavigatorProps {
  total: number;
  current: number;
  answers: (number | null)[];
  flagged: boolean[];
  onGo: (index: number) => void;
}

export function SampleNavigator({ total, current, answers, flagged, onGo }: SampleNavigatorProps) {
  return (
    <nav
      aria-label="Question Navigator"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
    >
      <h2 className="mb-3 text-sm font-semibold">Question Navigator</h2>
      <ol className="grid grid-cols-5 gap-2">
        {Array.from({ length: total }, (_, i) => {
          const answered = answers[i] !== null;
          const tone = flagged[i]
            ? 'bg-amber-400 text-slate-900'
            : answered
              ? 'bg-brand-700 text-white'
              : 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200';
          const status = [answered ? 'answered' : 'unanswered', flagged[i] ? 'flagged' : '']
            .filter(Boolean)
            .join(', ');
          return (
            <li key={i}>
              <button
                type="button"
                onClick={() => onGo(i)}
                aria-current={i === current ? 'step' : undefined}
                aria-label={`Question ${i + 1}, ${status}`}
                className={`flex h-10 w-full items-center justify-center rounded text-sm font-medium ${FOCUS_RING} ${tone} ${i === current ? 'ring-2 ring-slate-900 ring-offset-1 dark:ring-white dark:ring-offset-slate-800' : ''}`}
              >
                {i + 1}
              </button>
            </li>
          );
        })}
      </ol>
      <ul className="mt-4 space-y-1 text-xs text-slate-600 dark:text-slate-300">
        <Legend tone="bg-brand-700" label="Answered" />
        <Legend tone="bg-amber-400" label="Flagged" />
        <Legend tone="bg-slate-200 dark:bg-slate-600" label="Unanswered" />
      </ul>
    </nav>
  );
}

function Legend({ tone, label }: { tone: string; label: string }) {
  return (
    <li className="flex items-center gap-2">
      <span aria-hidden="true" className={`h-3 w-3 rounded ${tone}`} />
      {label}
    </li>
  );
}
