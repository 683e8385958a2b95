// One lettered answer option, a radio in its question's radiogroup. Once the key is shown the
// correct option turns green and a wrong choice red; with `marks`, they also carry a check or a
// cross that screen readers name. Used by the quiz screen and the sample quizzes.
import Check from 'lucide-react/icons/check';
import X from 'lucide-react/icons/x';
import { FOCUS_RING } from './Button';

interface OptionButtonProps {
  letter: string;
  text: string;
  selected: boolean;
  /** The key is shown and this option is it. */
  correct: boolean;
  /** The key is shown and this chosen option is not it. */
  wrong: boolean;
  tabIndex: number;
  disabled: boolean;
  onClick: () => void;
  marks?: boolean;
  'data-option'?: string;
}

export function OptionButton({
  letter,
  text,
  selected,
  correct,
  wrong,
  marks = false,
  ...button
}: OptionButtonProps) {
  let tone = 'border-slate-200 hover:border-brand-500 dark:border-slate-600';
  if (selected) tone = 'border-brand-600 bg-brand-50 dark:bg-slate-700';
  if (correct) tone = 'border-green-600 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100';
  if (wrong) tone = 'border-red-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100';
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      {...button}
      className={`flex w-full items-start gap-3 rounded-lg border-2 p-3 text-left disabled:cursor-default ${FOCUS_RING} ${tone}`}
    >
      <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs font-bold text-slate-800 dark:bg-slate-600 dark:text-slate-100">
        {letter}
      </span>
      <span className="flex-1">{text}</span>
      {marks && correct && <Check aria-label="Correct answer" className="h-5 w-5 text-green-600" />}
      {marks && wrong && <X aria-label="Your answer, incorrect" className="h-5 w-5 text-red-600" />}
    </button>
  );
}
