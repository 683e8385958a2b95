// Moves a question to another set of its own kind (it goes to the end of that set).
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Select, type Option } from '../components/Select';
import { mayChange } from '../lib/catalog';
import type { BankQuestion, Content } from '../types';

/** Sets of the question's kind the viewer may change (school staff: their school's), but its own. */
function targets(content: Content, q: BankQuestion): Option[] {
  const open = (s: { id: number; school_id: number | null }) =>
    s.id !== q.set_id && mayChange(content.viewer, s.school_id);
  if (q.quiz_type === 'mock') {
    return content.mockExamSets
      .filter(open)
      .map((s) => ({ value: String(s.id), label: `${s.title} — ${s.program_name} › ${s.paper_name}` }));
  }
  return content.practiceSets
    .filter(open)
    .map((s) => ({ value: String(s.id), label: `${s.title} — ${s.paper_name} › ${s.topic_name}` }));
}

export function MoveQuestion({
  question,
  content,
  busy,
  onMove,
}: {
  question: BankQuestion;
  content: Content | undefined;
  busy: boolean;
  onMove: (setId: number) => void;
}) {
  const [setId, setSetId] = useState('');
  const kind = question.quiz_type === 'mock' ? 'mock exam set' : 'practice set';
  return (
    <section aria-labelledby="move-question" className="flex flex-col gap-2">
      <h3 id="move-question" className="text-base font-semibold">
        Move to another {kind}
      </h3>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="sm:min-w-80">
          <Select
            label={`Target ${kind}`}
            value={setId}
            options={content ? targets(content, question) : []}
            placeholder={`Choose a ${kind}`}
            onChange={setSetId}
            disabled={!content}
          />
        </div>
        <Button variant="secondary" disabled={!setId || busy} onClick={() => onMove(Number(setId))}>
          Move
        </Button>
      </div>
    </section>
  );
}
