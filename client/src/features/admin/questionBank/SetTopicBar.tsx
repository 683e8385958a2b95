// Sets the topic of the mock questions chosen on the page, all at once: a topic of their paper, or
// "Untagged". Questions of several papers cannot share a topic, so the bar says so instead.
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { plural } from '@shared/domain/display';
import { Select } from '../components/Select';
import type { BankQuestion, Content } from '../types';
import { topicChoices, topicIdOf } from './topicChoices';

export function SetTopicBar({
  chosen,
  content,
  busy,
  onSet,
  onClear,
}: {
  chosen: BankQuestion[];
  content: Content | undefined;
  busy: boolean;
  onSet: (topicId: number | null) => void;
  onClear: () => void;
}) {
  const [choice, setChoice] = useState('');
  const papers = new Set(chosen.map((q) => q.paper_id));
  const [paperId] = papers;
  return (
    <section
      aria-label="Set the topic of the chosen questions"
      className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-end dark:border-slate-700 dark:bg-slate-800"
    >
      <p className="text-sm font-medium sm:mb-2 sm:min-w-36">{plural(chosen.length, 'question')} chosen</p>
      {papers.size > 1 ? (
        <p className="text-sm text-slate-700 sm:mb-2 dark:text-slate-200">
          The chosen questions are in {papers.size} papers: choose questions of one paper to set their topic.
        </p>
      ) : (
        <>
          <div className="sm:min-w-64">
            <Select
              label="Topic for the chosen questions"
              value={choice}
              options={topicChoices(content, String(paperId))}
              placeholder="Choose a topic"
              onChange={setChoice}
            />
          </div>
          <Button disabled={!choice || busy} onClick={() => onSet(topicIdOf(choice))}>
            {busy ? 'Setting…' : 'Set topic'}
          </Button>
        </>
      )}
      <Button variant="secondary" disabled={busy} onClick={onClear}>
        Clear choice
      </Button>
    </section>
  );
}
