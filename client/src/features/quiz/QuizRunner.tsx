// A started quiz: questions, Previous/Next, the navigator, Quit & Submit, and for a
// mock the server-deadline countdown, the saved-as-you-go answers and the automatic submit.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router-dom';
import Clock from 'lucide-react/icons/clock';
import { minutesFromSeconds } from '@shared/domain/grading';
import { Button } from '../../components/Button';
import { useBlockCopy } from '../../hooks/useBlockCopy';
import { readPending } from './answerQueue';
import { forgetChecked, readChecked, writeChecked } from './practiceChecks';
import { ConfirmSubmitDialog } from '../../components/quiz/ConfirmSubmitDialog';
import { LeaveMockDialog } from './LeaveMockDialog';
import { QuestionNavigator } from '../../components/quiz/QuestionNavigator';
import { QuestionSteps } from '../../components/quiz/QuestionSteps';
import { QuestionPanel } from '../../components/quiz/QuestionPanel';
import { SaveStatus } from './SaveStatus';
import type { Letter, QuizStart } from '../../components/quiz/types';
import { useAnswerQueue } from './useAnswerQueue';
import { useFlags } from './useFlags';
import { formatClock, useCountdown } from '../../hooks/useCountdown';
import { useSubmitQuiz } from './useSubmitQuiz';

const LOW_TIME_SECONDS = 300;

/**
 * The answers a resumed session starts with: those the server saved, and newer ones this device
 * made that the server had not yet acknowledged. Both kinds of quiz save an answer when it is
 * chosen, so what the screen counts is what the server holds.
 */
function initialAnswers(start: QuizStart): Record<number, Letter> {
  const answers: Record<number, Letter> = {};
  for (const a of start.saved_answers) answers[a.question_id] = a.selected_answer as Letter;
  for (const [id, letter] of readPending(start.session.id)) answers[id] = letter;
  return answers;
}

/**
 * The practice answers whose feedback shows: those this phone checked. A session this phone has no
 * record of (resumed on another phone, or saved before choices were saved unchecked) shows every
 * saved answer checked, so an answer whose key may have been seen is not open to change.
 */
function initialChecked(start: QuizStart, answers: Record<number, Letter>): Set<number> {
  if (start.session.quiz_type === 'mock') return new Set();
  const answered = Object.keys(answers).map(Number);
  const kept = readChecked(start.session.id);
  return new Set(kept ? answered.filter((id) => kept.has(id)) : answered);
}

/** A resumed quiz opens at its first unanswered question (the first one when all are answered). */
function firstUnanswered(start: QuizStart, answers: Record<number, Letter>): number {
  const index = start.questions.findIndex((q) => !answers[q.id]);
  return index === -1 ? 0 : index;
}

export function QuizRunner({ start, topicName }: { start: QuizStart; topicName?: string }) {
  useBlockCopy();
  const navigate = useNavigate();
  const mock = start.session.quiz_type === 'mock';
  const { questions } = start;
  const [answers, setAnswers] = useState(() => initialAnswers(start));
  const [index, setIndex] = useState(() => firstUnanswered(start, answers));
  const [checked, setChecked] = useState(() => initialChecked(start, answers));
  useEffect(() => {
    if (!mock) writeChecked(start.session.id, checked);
  }, [mock, start.session.id, checked]);
  const [confirming, setConfirming] = useState(false);
  const flags = useFlags(start);
  const [startedAt] = useState(() => Date.now());
  const [deadline, setDeadline] = useState(() =>
    mock && start.seconds_left !== null ? Date.now() + start.seconds_left * 1000 : null,
  );

  const resync = useCallback((secondsLeft: number) => {
    const fresh = Date.now() + secondsLeft * 1000;
    // Only a real drift moves the clock; a second of network delay should not make it jitter.
    setDeadline((d) => (d !== null && Math.abs(d - fresh) > 2000 ? fresh : d));
  }, []);
  // Each choice is saved as it is made, in practice too: a reload, Back or a closed tab loses no
  // chosen answer, and the checks come back from this phone's record.
  const { state: saveState, queue, enqueue } = useAnswerQueue(start.session.id, resync);

  // Leaving a running mock asks first; the way to the result after a submit is never held.
  const finished = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      mock && !finished.current && currentLocation.pathname !== nextLocation.pathname,
  );

  const onDone = (resultId: number) => {
    finished.current = true;
    queue?.clear();
    forgetChecked(start.session.id);
    navigate(`/quiz/result/${resultId}`, { replace: true });
  };
  const submitter = useSubmitQuiz(start.session.id, onDone);

  // The submit may be fired by the clock, from an effect: it reads the latest values here.
  const answersRef = useRef(answers);
  const secondsLeftRef = useRef<number | null>(null);
  useEffect(() => {
    answersRef.current = answers;
  }, [answers]);

  const submitNow = () => {
    setConfirming(false);
    const spentSeconds =
      mock && start.time_limit_minutes !== null && secondsLeftRef.current !== null
        ? start.time_limit_minutes * 60 - secondsLeftRef.current
        : (Date.now() - startedAt) / 1000;
    // Answers were saved as they were chosen: the submit carries only those the server has not
    // acknowledged (usually none), not the whole sheet again over a phone's data. The server
    // grades the saved answers with these on top. Without a queue, the whole sheet.
    const answers = queue
      ? queue.unacknowledged()
      : Object.entries(answersRef.current).map(([id, letter]) => ({
          question_id: Number(id),
          selected_answer: letter,
        }));
    void submitter.submit({ answers, time_spent_minutes: minutesFromSeconds(spentSeconds) });
  };

  const secondsLeft = useCountdown(deadline, submitNow);
  useEffect(() => {
    secondsLeftRef.current = secondsLeft;
  }, [secondsLeft]);

  const question = questions[index];
  const answeredCount = useMemo(() => questions.filter((q) => answers[q.id]).length, [questions, answers]);
  const unanswered = questions.length - answeredCount;
  const locked = submitter.phase === 'submitting' || submitter.phase === 'retrying';

  function choose(letter: Letter) {
    if (locked || checked.has(question.id)) return;
    setAnswers((a) => ({ ...a, [question.id]: letter }));
    enqueue(question.id, letter);
  }

  return (
    <div className="min-h-screen bg-slate-50 text-slate-900 select-none dark:bg-slate-900 dark:text-slate-100">
      {/* Two short rows, under 80 px on a phone: the name, the clock and Quit & Submit (a plain
          button, not a red one next to the answers), then the count and where the answers are. */}
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white px-4 py-1.5 dark:border-slate-700 dark:bg-slate-800">
        <div className="mx-auto flex max-w-3xl items-center gap-2">
          <h1
            className="min-w-0 flex-1 truncate text-sm font-semibold sm:text-base"
            title={start.session.quiz_name}
          >
            {start.session.quiz_name}
          </h1>
          {secondsLeft !== null && (
            <p
              role="timer"
              aria-label={`Time left ${formatClock(secondsLeft)}`}
              className={`flex items-center gap-1 rounded-lg px-2 py-1 font-mono text-base font-semibold sm:text-lg ${secondsLeft < LOW_TIME_SECONDS ? 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300' : 'bg-slate-100 dark:bg-slate-700'}`}
              data-testid="countdown"
            >
              <Clock aria-hidden="true" className="h-4 w-4" />
              {formatClock(secondsLeft)}
            </p>
          )}
          <Button
            variant="secondary"
            className="shrink-0 px-3"
            onClick={() => setConfirming(true)}
            disabled={locked}
          >
            Quit &amp; Submit
          </Button>
        </div>
        <div className="mx-auto flex max-w-3xl flex-wrap items-center gap-x-2 text-xs text-slate-500 dark:text-slate-400">
          <span>
            {/* The kind of quiz is plain from the clock on a phone; the row keeps to one line there. */}
            <span className="hidden sm:inline">
              {mock ? 'Mock Exam' : topicName ? `Practice · ${topicName}` : 'Practice'} ·{' '}
            </span>
            {answeredCount} of {questions.length} answered
          </span>
          <SaveStatus state={saveState} hasAnswers={answeredCount > 0} onRetry={() => queue?.retryNow()} />
        </div>
      </header>

      <main className="mx-auto grid max-w-3xl gap-4 p-4">
        <div className="space-y-4">
          {submitter.phase !== 'idle' && (
            <div
              role={submitter.phase === 'failed' ? 'alert' : 'status'}
              className={`rounded-lg border p-4 text-sm ${submitter.phase === 'failed' ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100' : 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100'}`}
            >
              <p>{submitter.phase === 'submitting' ? 'Submitting your answers…' : submitter.message}</p>
              {submitter.phase === 'failed' && (
                <Button className="mt-3" onClick={submitNow}>
                  Try again
                </Button>
              )}
            </div>
          )}
          <QuestionPanel
            sessionId={start.session.id}
            question={question}
            index={index}
            total={questions.length}
            selected={answers[question.id]}
            checked={checked.has(question.id)}
            practice={!mock}
            flagged={flags.isFlagged(question.id)}
            onToggleFlag={() => flags.toggle(question.id)}
            onSelect={choose}
            onCheck={() => setChecked((c) => new Set(c).add(question.id))}
          />
          <QuestionSteps
            index={index}
            total={questions.length}
            onGo={setIndex}
            submitDisabled={locked}
            onSubmit={() => setConfirming(true)}
          />
        </div>
        <QuestionNavigator
          total={questions.length}
          current={index}
          isAnswered={(i) => Boolean(answers[questions[i].id])}
          isFlagged={(i) => flags.isFlagged(questions[i].id)}
          onGo={setIndex}
        />
      </main>
      {blocker.state === 'blocked' && (
        <LeaveMockDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
      )}
      {confirming && (
        <ConfirmSubmitDialog
          unanswered={unanswered}
          flagged={questions.filter((q) => flags.isFlagged(q.id)).length}
          secondsLeft={secondsLeft}
          onCancel={() => setConfirming(false)}
          onConfirm={submitNow}
        />
      )}
    </div>
  );
}
