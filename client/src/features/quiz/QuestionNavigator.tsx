// The question grid (SPEC 2, 9): 10 columns, answered questions highlighted, the current one ringed.
import { FOCUS_RING } from '../../components/Button';

interface NavigatorProps {
  total: number;
  current: number;
  isAnswered: (index: number) => boolean;
  onGo: (index: number) => void;
}

export function QuestionNavigator({ total, current, isAnswered, onGo }: NavigatorProps) {
  return (
    <nav
      aria-label="Question navigator"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
    >
      <h2 className="mb-3 text-sm font-semibold">Questions</h2>
      <ol className="grid grid-cols-10 gap-1">
        {Array.from({ length: total }, (_, i) => {
          const answered = isAnswered(i);
          return (
            <li key={i}>
              <button
                type="button"
                onClick={() => onGo(i)}
                aria-current={i === current ? 'step' : undefined}
                aria-label={`Question ${i + 1}${answered ? ', answered' : ', not answered'}`}
                className={`flex aspect-square w-full items-center justify-center rounded text-xs font-medium ${FOCUS_RING} ${
                  answered
                    ? 'bg-brand-700 text-white'
                    : 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200'
                } ${i === current ? 'ring-2 ring-amber-500 ring-offset-1 dark:ring-offset-slate-800' : ''}`}
              >
                {i + 1}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
