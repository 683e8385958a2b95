// The Question Bank's search and filters: program -> paper -> topic (or "untagged"), kind -> set,
// status and "no explanation". A change resets the lower choices and goes back to the first page;
// the text search is sent once typing pauses. The topic is the question's own, mock questions too.
import { UNTAGGED } from '@shared/schemas/questionBank';
import { useState } from 'react';
import { useSettled } from '../../../hooks/useSettled';
import type { BankSearchInput } from '../types';

/** How long typing must pause before the search is sent. */
const SEARCH_PAUSE_MS = 300;

export type KindFilter = '' | 'mock' | 'practice';
export type StatusFilter = 'all' | 'active' | 'inactive';

export function useBankFilter() {
  const [search, setSearchState] = useState('');
  const [programId, setProgramId] = useState('');
  const [paperId, setPaperId] = useState('');
  const [topicId, setTopicId] = useState('');
  const [kind, setKindState] = useState<KindFilter>('');
  const [setId, setSetId] = useState('');
  const [status, setStatusState] = useState<StatusFilter>('all');
  const [noExplanation, setNoExplanationState] = useState(false);
  const [page, setPage] = useState(1);
  const settledSearch = useSettled(search.trim(), SEARCH_PAUSE_MS);

  const input: BankSearchInput = {
    ...(settledSearch && { search: settledSearch }),
    ...(programId && { program_id: Number(programId) }),
    ...(paperId && { paper_id: Number(paperId) }),
    ...(topicId && { topic_id: topicId === UNTAGGED ? UNTAGGED : Number(topicId) }),
    ...(kind && { quiz_type: kind }),
    ...(setId && { set_id: Number(setId) }),
    ...(noExplanation && { no_explanation: true }),
    status,
    page,
  };

  /** Runs a change of the filters and starts again at page 1. */
  const reset =
    <T>(apply: (value: T) => void) =>
    (value: T) => {
      apply(value);
      setPage(1);
    };

  return {
    search,
    programId,
    paperId,
    topicId,
    kind,
    setId,
    status,
    noExplanation,
    page,
    input,
    setPage,
    setSearch: reset(setSearchState),
    setProgram: reset((value: string) => {
      setProgramId(value);
      setPaperId('');
      setTopicId((t) => (t === UNTAGGED ? t : ''));
      setSetId('');
    }),
    setPaper: reset((value: string) => {
      setPaperId(value);
      setTopicId((t) => (t === UNTAGGED ? t : ''));
      setSetId('');
    }),
    setTopic: reset((value: string) => {
      setTopicId(value);
      setSetId('');
    }),
    setKind: reset((value: KindFilter) => {
      setKindState(value);
      setSetId('');
    }),
    setSet: reset(setSetId),
    setStatus: reset(setStatusState),
    setNoExplanation: reset(setNoExplanationState),
  };
}

export type BankFilter = ReturnType<typeof useBankFilter>;
