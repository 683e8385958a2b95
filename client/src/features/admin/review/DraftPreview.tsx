// The question as a student sees it, at a phone's 360 px: the quiz's own panel, with Check Answer
// working on the draft's key, explanation and rationales, and nothing sent to the server.
import { useState } from 'react';
import { QuestionPanel } from '../../../components/quiz/QuestionPanel';
import type { Letter, QuizQuestion } from '../../../components/quiz/types';
import type { DraftForm } from './draftForm';

export function DraftPreview({ form }: { form: DraftForm }) {
  const [selected, setSelected] = useState<Letter | undefined>();
  const [checked, setChecked] = useState(false);
  const [flagged, setFlagged] = useState(false);
  const question = {
    id: 0,
    question_text: form.question_text || 'Your question appears here.',
    option_a: form.option_a,
    option_b: form.option_b,
    option_c: form.option_c,
    option_d: form.option_d,
    correct_answer: (form.correct_answer || 'A') as Letter,
    explanation: form.explanation,
    rationale_a: form.rationale_a || null,
    rationale_b: form.rationale_b || null,
    rationale_c: form.rationale_c || null,
    rationale_d: form.rationale_d || null,
  } as QuizQuestion;
  return (
    <section aria-label="Preview as a student sees it" className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Preview (as a student sees it)</h3>
        {checked && (
          <button
            type="button"
            className="text-xs font-medium text-brand-700 hover:underline"
            onClick={() => {
              setChecked(false);
              setSelected(undefined);
            }}
          >
            Try again
          </button>
        )}
      </div>
      <div data-testid="draft-preview" className="w-[360px] max-w-full bg-slate-50 p-2 dark:bg-slate-900">
        <QuestionPanel
          question={question}
          index={0}
          total={1}
          selected={selected}
          checked={checked}
          practice
          flagged={flagged}
          onSelect={setSelected}
          onCheck={() => setChecked(true)}
          onToggleFlag={() => setFlagged(!flagged)}
        />
      </div>
    </section>
  );
}
