// Question Bank: every question of the bank, searched and filtered on the
// server, 25 a page; /admin/question-bank/ID opens one question to edit (EditQuestion). The list
// keeps its filters while a question is open, so Back to the list returns to the same page.
import { keepPreviousData } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { SkeletonGrid } from '../../../components/Skeleton';
import { trpc } from '../../../lib/trpc';
import type { AdminData } from '../hooks/useAdminData';
import { bankQuestionIdOf } from '../tabs';
import { BankFilters } from './BankFilters';
import { BankTable } from './BankTable';
import { EditQuestion } from './EditQuestion';
import { Pager } from './Pager';
import { useBankFilter, type BankFilter } from './useBankFilter';

function BankList({ filter }: { filter: BankFilter }) {
  const bank = trpc.questions.search.useQuery(filter.input, { placeholderData: keepPreviousData });
  if (bank.isPending) return <SkeletonGrid count={3} label="Loading questions…" />;
  if (bank.isError)
    return (
      <ErrorPanel retryLabel="Retry" message="Failed to load questions." onRetry={() => bank.refetch()} />
    );
  const { items, total, page, page_size } = bank.data;
  if (total === 0) return <EmptyState title="No questions found" message="No questions match your search." />;
  return (
    <div className={`flex flex-col gap-3 ${bank.isFetching ? 'opacity-70' : ''}`} aria-busy={bank.isFetching}>
      <Pager page={page} pageSize={page_size} total={total} onPage={filter.setPage} />
      <BankTable items={items} />
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
      <BankList filter={filter} />
    </div>
  );
}
