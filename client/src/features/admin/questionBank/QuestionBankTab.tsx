// Question Bank: every question of the bank, searched and filtered on the
// server, 25 a page; /admin/question-bank/ID opens one question to edit (EditQuestion). The list
// keeps its filters while a question is open, so Back to the list returns to the same page. Mock
// questions of the page can be chosen and given a topic together (SetTopicBar).
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert } from '../../../components/Alert';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { SkeletonGrid } from '../../../components/Skeleton';
import { trpc } from '../../../lib/trpc';
import type { AdminData } from '../hooks/useAdminData';
import { messageOf } from '../lib/errors';
import type { Content } from '../types';
import { bankQuestionIdOf } from '../tabs';
import { BankFilters } from './BankFilters';
import { BankTable } from './BankTable';
import { EditQuestion } from './EditQuestion';
import { Pager } from './Pager';
import { SetTopicBar } from './SetTopicBar';
import { useBankFilter, type BankFilter } from './useBankFilter';

/** The chosen questions (only those of the page shown count), and the topic change of them. */
function useTopicSelection() {
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const setTopic = trpc.questions.setTopic.useMutation({
    onMutate: () => setNotice(null),
    onSuccess: async (answer) => {
      setChosen(new Set());
      setNotice(answer.message);
      await Promise.all([utils.questions.search.invalidate(), utils.questions.byId.invalidate()]);
    },
  });
  const selection = {
    chosen,
    toggle: (id: number) =>
      setChosen((now) => {
        const next = new Set(now);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    toggleAll: (ids: number[]) =>
      setChosen((now) => {
        const all = ids.every((id) => now.has(id));
        const next = new Set(now);
        for (const id of ids) {
          if (all) next.delete(id);
          else next.add(id);
        }
        return next;
      }),
  };
  return { selection, clear: () => setChosen(new Set()), setTopic, notice };
}

function BankList({ filter, content }: { filter: BankFilter; content: Content | undefined }) {
  const bank = trpc.questions.search.useQuery(filter.input, { placeholderData: keepPreviousData });
  const topics = useTopicSelection();
  if (bank.isPending) return <SkeletonGrid count={3} label="Loading questions…" />;
  if (bank.isError)
    return (
      <ErrorPanel retryLabel="Retry" message="Failed to load questions." onRetry={() => bank.refetch()} />
    );
  const { items, total, page, page_size } = bank.data;
  const notices = (
    <>
      {topics.notice && <Alert tone="success">{topics.notice}</Alert>}
      {topics.setTopic.error && (
        <Alert tone="error">
          {messageOf(topics.setTopic.error, 'Could not set the topic. Please try again.')}
        </Alert>
      )}
    </>
  );
  if (total === 0)
    return (
      <>
        {notices}
        <EmptyState title="No questions found" message="No questions match your search." />
      </>
    );
  const chosen = items.filter((q) => topics.selection.chosen.has(q.id));
  return (
    <div className={`flex flex-col gap-3 ${bank.isFetching ? 'opacity-70' : ''}`} aria-busy={bank.isFetching}>
      {notices}
      {chosen.length > 0 && (
        <SetTopicBar
          chosen={chosen}
          content={content}
          busy={topics.setTopic.isPending}
          onSet={(topicId) => topics.setTopic.mutate({ ids: chosen.map((q) => q.id), topic_id: topicId })}
          onClear={topics.clear}
        />
      )}
      <Pager page={page} pageSize={page_size} total={total} onPage={filter.setPage} />
      <BankTable items={items} selection={topics.selection} />
      {items.length > 10 && <Pager page={page} pageSize={page_size} total={total} onPage={filter.setPage} />}
    </div>
  );
}

export function QuestionBankTab({ content }: { content: AdminData['content'] }) {
  const { pathname } = useLocation();
  const filter = useBankFilter();
  const openId = bankQuestionIdOf(pathname);
  if (openId !== null) return <EditQuestion key={openId} id={openId} content={content.data} />;
  return (
    <div className="flex flex-col gap-4">
      <BankFilters filter={filter} content={content.data} />
      {content.isError && (
        <ErrorPanel
          retryLabel="Retry"
          message="Failed to load programs and sets for the filters."
          onRetry={() => content.refetch()}
        />
      )}
      <BankList filter={filter} content={content.data} />
    </div>
  );
}
