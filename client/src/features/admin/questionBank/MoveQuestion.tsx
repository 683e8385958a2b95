// Moves a question to another set of its own kind (it goes to the end of that set).
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { Select, type Option } from '../components/Select';
import type { BankQuestion, Content } from '../types';

function targets(content: Content, q: BankQuestion): Option[] {
  if (q.quiz_type === 'mock') {
    return content.mockExamSets
      .filter((s) => s.id !== q.set_id)
      .map((s) => ({ value: String(s.id), label: `${s.title} — ${s.program_name} › ${s.paper_name}` }));
  }
  return content.practiceSets
    .filter((s) => s.id !== q.set_id)
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
