// Where the quiz's answers are: the student sees at once whether the server has them.
import type { QueueState } from './answerQueue';

interface SaveStatusProps {
  state: QueueState;
  /** Answers exist (e.g. restored on resume) though none was sent from this page yet. */
  hasAnswers: boolean;
  onRetry: () => void;
}

export function SaveStatus({ state, hasAnswers, onRetry }: SaveStatusProps) {
  let text: string;
  let tone = 'text-slate-600 dark:text-slate-300';
  switch (state.status) {
    case 'idle':
      text = hasAnswers ? 'All answers saved' : 'Answers are saved as you go';
      break;
    case 'saving':
      text = 'Saving…';
      break;
    case 'saved':
      text = 'All answers saved';
      tone = 'text-green-700 dark:text-green-400';
      break;
    case 'offline':
      text = 'Offline — answers will be sent when the connection returns';
      tone = 'text-amber-700 dark:text-amber-400';
      break;
    case 'retrying':
      text = `Connection problem — retrying (${state.pending} unsaved)`;
      tone = 'text-amber-700 dark:text-amber-400';
      break;
    case 'rejected':
      text = state.rejection ?? 'An answer could not be saved.';
      tone = 'text-red-700 dark:text-red-400';
      break;
  }
  return (
    <p role="status" aria-live="polite" className={`flex flex-wrap items-center gap-2 text-xs ${tone}`}>
      <span>{text}</span>
      {(state.status === 'retrying' || state.status === 'offline') && (
        <button
          type="button"
          onClick={onRetry}
          // A 44 px tap target whose negative margin keeps the header row as short as its text.
          className="-my-3.5 min-h-11 rounded px-2 underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Retry now
        </button>
      )}
    </p>
  );
}
