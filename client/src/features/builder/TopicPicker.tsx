// The programme's papers and topics as checkboxes: a paper's box chooses all its topics. Each
// topic says how many questions of the chosen pool it holds and how much of it the student has seen.
import { useEffect, useRef } from 'react';
import type { LeftProgram } from './useBuilder';

interface Props {
  program: LeftProgram;
  chosen: ReadonlySet<number>;
  inPool: (topicId: number) => number | undefined;
  onToggle: (ids: number[], on: boolean) => void;
}

export function TopicPicker({ program, chosen, inPool, onToggle }: Props) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">Papers and topics</legend>
      {program.papers.map((paper) => (
        <PaperTopics key={paper.id} paper={paper} chosen={chosen} inPool={inPool} onToggle={onToggle} />
      ))}
    </fieldset>
  );
}

function PaperTopics({
  paper,
  chosen,
  inPool,
  onToggle,
}: Omit<Props, 'program'> & { paper: LeftProgram['papers'][number] }) {
  const ids = paper.topics.map((t) => t.id);
  const picked = ids.filter((id) => chosen.has(id)).length;
  const all = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (all.current) all.current.indeterminate = picked > 0 && picked < ids.length;
  }, [picked, ids.length]);
  return (
    <fieldset className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1">
        <label className="flex min-h-11 items-center gap-2 font-semibold">
          <input
            ref={all}
            type="checkbox"
            className="h-5 w-5"
            checked={picked === ids.length && ids.length > 0}
            onChange={(e) => onToggle(ids, e.target.checked)}
          />
          {paper.name}
          <span className="text-sm font-normal text-slate-500 dark:text-slate-400">(all topics)</span>
        </label>
      </legend>
      <ul className="mt-1 space-y-1">
        {paper.topics.map((topic) => {
          const available = inPool(topic.id);
          return (
            <li key={topic.id}>
              <label className="flex min-h-11 items-start gap-2 py-1">
                <input
                  type="checkbox"
                  className="mt-0.5 h-5 w-5 shrink-0"
                  checked={chosen.has(topic.id)}
                  onChange={(e) => onToggle([topic.id], e.target.checked)}
                />
                <span className="min-w-0">
                  <span className="block break-words">{topic.name}</span>
                  <span className="block text-xs text-slate-600 dark:text-slate-300">
                    {available === undefined ? '…' : `${available} in pool`} · seen {topic.seen} of{' '}
                    {topic.bank}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
