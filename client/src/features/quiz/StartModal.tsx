// Before a quiz starts: the question count; for a mock the time limit and the rules of
// the clock. An exam already under way says Resume and how much time is left.
import { plural } from '@shared/domain/display';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import type { QuizInfo } from '../../components/quiz/types';
import { formatClock } from '../../hooks/useCountdown';

interface StartModalProps {
  /** A drawn exam's facts (an exam day) come in the same shape. */
  info: Pick<
    QuizInfo,
    | 'quiz_type'
    | 'quiz_name'
    | 'total_questions'
    | 'time_limit_minutes'
    | 'shuffled'
    | 'drawn'
    | 'in_progress'
  >;
  starting: boolean;
  error: string | null;
  onStart: () => void;
  onCancel: () => void;
}

export function StartModal({ info, starting, error, onStart, onCancel }: StartModalProps) {
  const mock = info.quiz_type === 'mock';
  const resume = info.in_progress;
  return (
    <Modal title={info.quiz_name} onClose={onCancel} dismissOnBackdrop={false}>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-lg bg-slate-100 p-3 dark:bg-slate-700">
          <dt className="text-slate-600 dark:text-slate-300">Questions</dt>
          <dd className="text-lg font-semibold">{info.total_questions}</dd>
        </div>
        {mock && info.time_limit_minutes !== null && (
          <div className="rounded-lg bg-slate-100 p-3 dark:bg-slate-700">
            <dt className="text-slate-600 dark:text-slate-300">Time limit</dt>
            <dd className="text-lg font-semibold">{plural(info.time_limit_minutes, 'minute')}</dd>
          </div>
        )}
      </dl>
      {info.drawn && info.drawn.held < info.drawn.asked && !resume && (
        <p className="mt-4 rounded-lg bg-sky-50 p-3 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-100">
          {`This exam asks for ${plural(info.drawn.asked, 'question')}, and the question bank holds ${info.drawn.held} for it now: you will have those ${plural(info.drawn.held, 'question')}`}
          {info.time_limit_minutes !== null && ` in ${plural(info.time_limit_minutes, 'minute')}`}.
        </p>
      )}
      {mock && (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p className="font-semibold">Before you begin</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            <li>The timer starts immediately when you start the exam.</li>
            <li>The timer cannot be paused or restarted.</li>
            <li>Your exam is submitted automatically when time expires.</li>
            <li>You need a stable internet connection.</li>
            {info.drawn ? (
              <li>
                Each attempt draws its own questions from the question bank, the ones you have not seen first.
              </li>
            ) : (
              info.shuffled && <li>Questions and options come in a new order each attempt.</li>
            )}
          </ul>
        </div>
      )}
      {!mock && (
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
          Untimed practice: check each answer to see the explanation.
          {info.shuffled && ' Questions and options come in a new order each attempt.'}
        </p>
      )}
      {resume && (
        <p className="mt-4 rounded-lg bg-sky-50 p-3 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-100">
          {mock
            ? `You have this exam in progress with ${formatClock(resume.seconds_left)} left. Resume to continue where you stopped.`
            : 'You started this practice set before. Resume to continue where you stopped, with the answers you chose.'}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onStart} disabled={starting} data-autofocus>
          {starting ? 'Starting...' : resume ? 'Resume' : mock ? 'Start Exam' : 'Start Quiz'}
        </Button>
      </div>
    </Modal>
  );
}
