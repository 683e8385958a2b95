// The question grid: answered questions highlighted, the current one ringed, flagged
// ones marked with a flag. Its 10 columns hold from 640 px; a phone gets 6, so every cell stays a
// 44 px tap target.
import Flag from 'lucide-react/icons/flag';
import { FOCUS_RING } from '../Button';

interface NavigatorProps {
  total: number;
  current: number;
  isAnswered: (index: number) => boolean;
  isFlagged: (index: number) => boolean;
  onGo: (index: number) => void;
}

export function QuestionNavigator({ total, current, isAnswered, isFlagged, onGo }: NavigatorProps) {
  return (
    <nav
      aria-label="Question navigator"
      className="max-w-xl rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-800 dark:ring-slate-700"
    >
      <h2 className="mb-3 text-sm font-semibold">Questions</h2>
      <ol className="grid grid-cols-6 gap-1 sm:grid-cols-10">
        {Array.from({ length: total }, (_, i) => {
          const answered = isAnswered(i);
          const flagged = isFlagged(i);
          return (
            <li key={i}>
              <button
                type="button"
                onClick={() => onGo(i)}
                aria-current={i === current ? 'step' : undefined}
                aria-label={`Question ${i + 1}${answered ? ', answered' : ', not answered'}${flagged ? ', flagged' : ''}`}
                data-flagged={flagged || undefined}
                className={`relative flex aspect-square min-h-11 w-full min-w-11 items-center justify-center rounded text-sm font-medium ${FOCUS_RING} ${
                  answered
                    ? 'bg-brand-700 text-white'
                    : 'bg-slate-100 text-slate-700 dark:bg-slate-700 dark:text-slate-200'
                } ${i === current ? 'ring-2 ring-amber-500 ring-offset-1 dark:ring-offset-slate-800' : ''}`}
              >
                {i + 1}
                {flagged && (
                  <Flag
                    aria-hidden="true"
                    className="absolute top-0.5 right-0.5 h-3 w-3 fill-amber-400 text-amber-600"
                  />
                )}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
