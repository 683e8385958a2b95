// A mock made fixed (its own questions every attempt) or drawn: how many questions each attempt
// draws from the paper, in how many minutes, spread over the paper's topics as the bank is or a
// count per topic (which must add up to the number of questions). The server checks it again and
// answers warnings, e.g. a topic asked for more questions than it holds.
import { useState, type FormEvent } from 'react';
import { plural } from '@shared/domain/display';
import { Alert } from '../../../components/Alert';
import { buttonClass } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { trpc } from '../../../lib/trpc';
import { messageOf } from '../lib/errors';
import type { MockBlueprint } from '../types';
import type { Item } from './items';
import { MinutesField } from './MinutesField';

type Mode = 'fixed' | 'spread' | 'topics';
const wholeNumber = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v) : NaN);

export function BlueprintForm({ item, onDone }: { item: Item; onDone: () => void }) {
  const utils = trpc.useUtils();
  const current = trpc.admin.mockBlueprint.useQuery({ id: item.id }, { staleTime: 0 });
  if (current.isLoading) return <p className="text-sm">Loading the paper&apos;s topics…</p>;
  if (!current.data) {
    return (
      <Alert tone="error">{messageOf(current.error, 'Could not load this mock. Please try again.')}</Alert>
    );
  }
  return (
    <BlueprintFields
      item={item}
      current={current.data}
      onSaved={() => Promise.all([utils.admin.content.invalidate(), utils.admin.mockBlueprint.invalidate()])}
      onDone={onDone}
    />
  );
}

function BlueprintFields({
  item,
  current,
  onSaved,
  onDone,
}: {
  item: Item;
  current: MockBlueprint;
  onSaved: () => Promise<unknown>;
  onDone: () => void;
}) {
  const save = trpc.admin.setMockBlueprint.useMutation();
  const [mode, setMode] = useState<Mode>(
    current.draw_count === null ? 'fixed' : current.spread ? 'spread' : 'topics',
  );
  const [count, setCount] = useState(String(current.draw_count ?? 40));
  const [minutes, setMinutes] = useState(String(item.timeLimit ?? 60));
  const [perTopic, setPerTopic] = useState<Record<number, string>>(() =>
    Object.fromEntries(current.topics.map((t) => [t.topic_id, String(t.question_count)])),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const inBank = current.topics.reduce((n, t) => n + t.available, 0) + current.untagged_available;
  const sum = current.topics.reduce((n, t) => n + (wholeNumber(perTopic[t.topic_id] ?? '0') || 0), 0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    setWarnings([]);
    try {
      const answer = await save.mutateAsync({
        id: item.id,
        draw_count: mode === 'fixed' ? null : wholeNumber(count),
        time_limit_minutes: wholeNumber(minutes),
        topics:
          mode === 'topics'
            ? current.topics.map((t) => ({
                topic_id: t.topic_id,
                question_count: wholeNumber(perTopic[t.topic_id] ?? '0'),
              }))
            : [],
      });
      await onSaved();
      if (answer.warnings.length) setWarnings(answer.warnings);
      else onDone();
    } catch (err) {
      setProblem(messageOf(err, 'Could not save. Please try again.'));
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Questions of ${item.name}`}
      className="flex flex-col gap-3"
    >
      <fieldset className="flex flex-col gap-1 text-sm">
        <legend className="mb-1 font-medium">Questions of {item.name}</legend>
        <Choice mode={mode} value="fixed" onChange={setMode}>
          Fixed: the mock&apos;s own questions, the same every attempt
        </Choice>
        <Choice mode={mode} value="spread" onChange={setMode}>
          Drawn for each attempt, spread over the paper&apos;s topics as the bank is
        </Choice>
        <Choice mode={mode} value="topics" onChange={setMode}>
          Drawn for each attempt, a number of questions per topic
        </Choice>
      </fieldset>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {mode !== 'fixed' && (
          <TextField
            label="Number of questions"
            type="number"
            min={1}
            max={300}
            value={count}
            hint={`The paper holds ${plural(inBank, 'active question')}.`}
            onChange={(e) => setCount(e.target.value)}
          />
        )}
        <MinutesField value={minutes} onChange={setMinutes} />
      </div>
      {mode === 'topics' && (
        <div className="flex flex-col gap-2">
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            {current.topics.map((t) => (
              <TextField
                key={t.topic_id}
                label={t.name}
                type="number"
                min={0}
                max={300}
                value={perTopic[t.topic_id] ?? '0'}
                hint={`${plural(t.available, 'question')} in the bank`}
                onChange={(e) => setPerTopic({ ...perTopic, [t.topic_id]: e.target.value })}
              />
            ))}
          </div>
          <p className="text-sm" aria-live="polite">
            {`The topics add up to ${sum} of ${wholeNumber(count) || 0} questions.`}
          </p>
        </div>
      )}
      {problem && <Alert tone="error">{problem}</Alert>}
      {warnings.length > 0 && <Alert tone="info">Saved. {warnings.join(' ')}</Alert>}
      <div className="flex gap-2">
        <button type="submit" className={buttonClass('primary')} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={onDone}>
          {warnings.length ? 'Close' : 'Cancel'}
        </button>
      </div>
    </form>
  );
}

function Choice({
  mode,
  value,
  onChange,
  children,
}: {
  mode: Mode;
  value: Mode;
  onChange: (m: Mode) => void;
  children: string;
}) {
  return (
    <label className="flex items-start gap-2">
      <input
        type="radio"
        name="blueprint-mode"
        className="mt-1"
        checked={mode === value}
        onChange={() => onChange(value)}
      />
      <span>{children}</span>
    </label>
  );
}
