// /create-test: the student builds a test from the bank: programme, papers and topics, a pool of
// their own history, how many questions and the mode. The count of the pool follows the choices;
// the test starts on the quiz screen as any session of no set (/quiz/session/{id}).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/Alert';
import { SubmitButton } from '../../components/Button';
import { ErrorPanel } from '../../components/ErrorPanel';
import { Skeleton } from '../../components/Skeleton';
import { INPUT_CLASS } from '../../components/TextField';
import { sessionPath, useStartList } from '../../hooks/useStartList';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import {
  CUSTOM_TEST_MAX,
  CUSTOM_TEST_MIN,
  type CustomMode,
  type CustomPool,
} from '@shared/schemas/customTests';
import { TopicPicker } from './TopicPicker';
import { choiceProblem, useBuilder, type LeftProgram } from './useBuilder';

const POOLS: Array<[CustomPool, string, string]> = [
  ['unused', 'Unused', 'questions you have never answered'],
  ['incorrect', 'Incorrect', 'your last answer was wrong'],
  ['flagged', 'Flagged', 'questions you flagged'],
  ['not_sure', 'Not sure', 'questions you marked not sure'],
  ['all', 'All', 'every question of the chosen topics'],
];

const MODES: Array<[CustomMode, string, string]> = [
  ['tutor', 'Tutor', 'check each answer and read its explanation, as in practice'],
  ['timed', 'Timed', 'a minute a question, answers and explanations at the end, as in the exam'],
];

export default function CreateTestPage() {
  const left = trpc.customTests.left.useQuery(undefined, { staleTime: 0 });
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-100">Create a test</h1>
      <p className="mt-1 mb-6 text-slate-600 dark:text-slate-300">
        Choose topics and a pool of questions from your own history, then take them as a tutor or timed test.
      </p>
      {left.isLoading ? (
        <div role="status">
          <span className="sr-only">Loading the question bank…</span>
          <Skeleton className="h-48" />
        </div>
      ) : left.isError || !left.data ? (
        <ErrorPanel message="Failed to load the question bank" onRetry={() => void left.refetch()} />
      ) : left.data.programs.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">The question bank has no topics yet.</p>
      ) : (
        <>
          {left.data.in_progress && (
            <div className="mb-4">
              <Alert tone="info">
                You have a test under way: {left.data.in_progress.quiz_name}.{' '}
                <Link to={sessionPath(left.data.in_progress.session_id)} className="font-semibold underline">
                  Resume it
                </Link>
              </Alert>
            </div>
          )}
          <Builder programs={left.data.programs} />
        </>
      )}
    </div>
  );
}

function Builder({ programs }: { programs: LeftProgram[] }) {
  const { user } = useSession();
  const b = useBuilder(programs, user?.program_of_study);
  const start = trpc.customTests.start.useMutation();
  const { open, error: startError } = useStartList();
  const [problem, setProblem] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = choiceProblem(b.topicIds.size, b.questionCount, b.available);
    setProblem(found);
    if (!found) void open(() => start.mutateAsync(b.input()));
  }

  const error = problem ?? startError;
  const max = Math.min(CUSTOM_TEST_MAX, Math.max(CUSTOM_TEST_MIN, b.available ?? CUSTOM_TEST_MAX));
  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-800 dark:ring-slate-700"
    >
      <div>
        <label
          htmlFor="builder-program"
          className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          Programme
        </label>
        <select
          id="builder-program"
          className={INPUT_CLASS}
          value={b.programId}
          onChange={(e) => b.chooseProgram(Number(e.target.value))}
        >
          {programs.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        {b.program && (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Seen {b.program.seen} of the {b.program.bank} questions in this programme&apos;s bank.
          </p>
        )}
      </div>

      <Choices legend="Pool" name="pool" value={b.pool} choices={POOLS} onChange={b.setPool} />

      {b.program && (
        <TopicPicker program={b.program} chosen={b.topicIds} inPool={b.inPool} onToggle={b.toggleTopics} />
      )}

      <div>
        <label
          htmlFor="builder-count"
          className="mb-1 block text-sm font-medium text-slate-700 dark:text-slate-200"
        >
          Number of questions ({CUSTOM_TEST_MIN} to {CUSTOM_TEST_MAX})
        </label>
        <input
          id="builder-count"
          type="number"
          inputMode="numeric"
          min={CUSTOM_TEST_MIN}
          max={max}
          className={`${INPUT_CLASS} max-w-32`}
          value={b.questionCount}
          onChange={(e) => b.setQuestionCount(e.target.value)}
          aria-describedby="builder-available"
        />
        <p
          id="builder-available"
          role="status"
          aria-live="polite"
          className="mt-1 text-sm text-slate-700 dark:text-slate-200"
        >
          {b.topicIds.size === 0
            ? 'Choose topics to see how many questions are available.'
            : b.countFailed
              ? 'Could not count the questions. Check your connection.'
              : b.available === null
                ? 'Counting the questions…'
                : `${b.available} ${b.available === 1 ? 'question' : 'questions'} available in this pool.`}
        </p>
      </div>

      <Choices legend="Mode" name="mode" value={b.mode} choices={MODES} onChange={b.setMode} />

      {error && <Alert tone="error">{error}</Alert>}
      <SubmitButton pending={start.isPending} busy="Starting…" className="w-full sm:w-auto">
        Start the test
      </SubmitButton>
    </form>
  );
}

function Choices<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
}: {
  legend: string;
  name: string;
  value: T;
  choices: Array<[T, string, string]>;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      <div className="space-y-1">
        {choices.map(([choice, label, hint]) => (
          <label key={choice} className="flex min-h-11 items-start gap-2 py-1">
            <input
              type="radio"
              name={name}
              value={choice}
              className="mt-0.5 h-5 w-5 shrink-0"
              checked={value === choice}
              onChange={() => onChange(choice)}
            />
            <span>
              <span className="font-medium">{label}</span>
              <span className="text-sm text-slate-600 dark:text-slate-300">: {hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
