// The key and the explanation of a question, as the question bank's editor and the tutors' draft
// editor both ask for them.
import { Alert } from '../../../components/Alert';
import { TextArea } from '../../../components/TextArea';
import { MAX_EXPLANATION_CHARS } from '@shared/domain/questionFormat';
import { Select } from './Select';

const KEY_OPTIONS = ['A', 'B', 'C', 'D'].map((l) => ({ value: l, label: l }));

export function KeyAndExplanation({
  values,
  errors,
  set,
  explanationRows,
}: {
  values: { correct_answer: string; explanation: string };
  errors: Record<string, string>;
  set: (field: 'correct_answer' | 'explanation') => (value: string) => void;
  explanationRows: number;
}) {
  return (
    <>
      <div className="max-w-xs">
        <Select
          label="Correct answer"
          value={values.correct_answer}
          options={KEY_OPTIONS}
          placeholder="Choose A, B, C or D"
          onChange={set('correct_answer')}
        />
        {errors.correct_answer && <Alert tone="error">{errors.correct_answer}</Alert>}
      </div>
      <TextArea
        label="Explanation"
        rows={explanationRows}
        maxLength={MAX_EXPLANATION_CHARS}
        value={values.explanation}
        error={errors.explanation}
        onChange={(e) => set('explanation')(e.target.value)}
      />
    </>
  );
}
