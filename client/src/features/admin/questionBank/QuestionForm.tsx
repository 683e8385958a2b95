// The edit form of one question: text, options A-D, the key and the explanation, checked with the
// procedure's own schema before it is sent.
import { useState, type FormEvent } from 'react';
import { buttonClass } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { MAX_OPTION_CHARS, MAX_QUESTION_CHARS } from '@shared/domain/questionFormat';
import { updateQuestionInput } from '@shared/schemas/questionBank';
import { KeyAndExplanation } from '../components/KeyAndExplanation';
import type { BankQuestion } from '../types';
import { TextArea } from '../../../components/TextArea';

const OPTIONS = [
  ['A', 'option_a'],
  ['B', 'option_b'],
  ['C', 'option_c'],
  ['D', 'option_d'],
] as const;

export type QuestionContent = Pick<
  BankQuestion,
  'question_text' | 'option_a' | 'option_b' | 'option_c' | 'option_d' | 'correct_answer' | 'explanation'
>;

export function QuestionForm({
  question,
  saving,
  onSave,
}: {
  question: BankQuestion;
  saving: boolean;
  onSave: (content: QuestionContent) => void;
}) {
  const [form, setForm] = useState<QuestionContent>({
    question_text: question.question_text,
    option_a: question.option_a,
    option_b: question.option_b,
    option_c: question.option_c,
    option_d: question.option_d,
    correct_answer: question.correct_answer,
    explanation: question.explanation,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (field: keyof QuestionContent) => (value: string) => setForm({ ...form, [field]: value });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = updateQuestionInput.safeParse({ id: question.id, ...form });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    onSave(form);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Edit question" className="flex flex-col gap-3">
      <TextArea
        label="Question text"
        rows={3}
        maxLength={MAX_QUESTION_CHARS}
        value={form.question_text}
        error={errors.question_text}
        onChange={(e) => set('question_text')(e.target.value)}
      />
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {OPTIONS.map(([letter, field]) => (
          <TextField
            key={field}
            label={`Option ${letter}`}
            maxLength={MAX_OPTION_CHARS}
            value={form[field]}
            error={errors[field]}
            onChange={(e) => set(field)(e.target.value)}
          />
        ))}
      </div>
      <KeyAndExplanation values={form} errors={errors} set={set} explanationRows={4} />
      <div>
        <button type="submit" className={buttonClass('primary')} disabled={saving}>
          {saving ? 'Saving...' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
