// The question form of a tutor (or an admin): stem, four options, the key, the explanation, why
// each wrong option is wrong, the set and the topic, beside a live preview at a phone's width.
// Checked with the procedure's own schema before it is sent.
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/Alert';
import { buttonClass } from '../../../components/Button';
import { TextArea } from '../../../components/TextArea';
import { TextField } from '../../../components/TextField';
import { MAX_OPTION_CHARS, MAX_QUESTION_CHARS, MAX_RATIONALE_CHARS } from '@shared/domain/questionFormat';
import { saveDraftInput } from '@shared/schemas/questionDrafts';
import { KeyAndExplanation } from '../components/KeyAndExplanation';
import { Select } from '../components/Select';
import type { Content } from '../types';
import { DraftPreview } from './DraftPreview';
import { inputOf, targetOptions, topicOptions, type DraftForm } from './draftForm';

const LETTERS = ['A', 'B', 'C', 'D'] as const;
const field = (l: (typeof LETTERS)[number]) => `option_${l.toLowerCase()}` as 'option_a';
const rationale = (l: (typeof LETTERS)[number]) => `rationale_${l.toLowerCase()}` as 'rationale_a';

export function DraftEditor({
  initial,
  content,
  fixedTarget,
  busy,
  problem,
  onSave,
}: {
  initial: DraftForm;
  content: Content | undefined;
  /** An edit of a live question stays in its set. */
  fixedTarget: boolean;
  busy: boolean;
  problem: string | null;
  onSave: (input: ReturnType<typeof inputOf>, submit: boolean) => void;
}) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: keyof DraftForm) => (value: string) => setForm((f) => ({ ...f, [name]: value }));

  const send = (submit: boolean) => (e?: FormEvent) => {
    e?.preventDefault();
    const parsed = saveDraftInput.safeParse(inputOf(form));
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    onSave(inputOf(form), submit);
  };
  const isMock = form.target.startsWith('mock:');

  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
      <form onSubmit={send(false)} noValidate aria-label="Question" className="flex flex-1 flex-col gap-3">
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          <Select
            label="Set"
            value={form.target}
            options={targetOptions(content)}
            placeholder="Choose the set"
            disabled={fixedTarget}
            onChange={(v) => setForm((f) => ({ ...f, target: v, topic_id: '' }))}
          />
          <Select
            label="Topic"
            value={form.topic_id}
            options={topicOptions(content, form.target)}
            placeholder={isMock ? 'Untagged' : "The set's topic"}
            disabled={fixedTarget}
            onChange={set('topic_id')}
          />
        </div>
        {(errors.set_id || errors.quiz_type) && <Alert tone="error">Choose the set.</Alert>}
        {errors.topic_id && <Alert tone="error">{errors.topic_id}</Alert>}
        <TextArea
          label="Question text"
          rows={3}
          maxLength={MAX_QUESTION_CHARS}
          value={form.question_text}
          error={errors.question_text}
          onChange={(e) => set('question_text')(e.target.value)}
        />
        {LETTERS.map((l) => (
          <div key={l} className="grid grid-cols-1 gap-2 md:grid-cols-2">
            <TextField
              label={`Option ${l}`}
              maxLength={MAX_OPTION_CHARS}
              value={form[field(l)]}
              error={errors[field(l)]}
              onChange={(e) => set(field(l))(e.target.value)}
            />
            <TextField
              label={`Why ${l} is wrong (optional)`}
              maxLength={MAX_RATIONALE_CHARS}
              value={form[rationale(l)]}
              error={errors[rationale(l)]}
              onChange={(e) => set(rationale(l))(e.target.value)}
            />
          </div>
        ))}
        <KeyAndExplanation values={form} errors={errors} set={set} explanationRows={3} />
        {problem && <Alert tone="error">{problem}</Alert>}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={buttonClass('secondary')} disabled={busy}>
            Save draft
          </button>
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={busy}
            onClick={() => send(true)()}
          >
            Submit for review
          </button>
        </div>
      </form>
      <DraftPreview form={form} />
    </div>
  );
}
