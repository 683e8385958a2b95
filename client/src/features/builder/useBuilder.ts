// The builder's choices and the server's live count of the chosen pool, asked once the choices
// have settled (a burst of ticks costs one request).
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/router';
import { useSettled } from '../../hooks/useSettled';
import { trpc } from '../../lib/trpc';
import {
  COUNT_OUT_OF_RANGE,
  CUSTOM_TEST_MAX,
  CUSTOM_TEST_MIN,
  poolShortfall,
  type CustomMode,
  type CustomPool,
} from '@shared/schemas/customTests';

export type Left = inferRouterOutputs<AppRouter>['customTests']['left'];
export type LeftProgram = Left['programs'][number];

/** How long the choices must stay still before the count is asked. */
const COUNT_PAUSE_MS = 250;

export function useBuilder(programs: LeftProgram[], preferred: string | null | undefined) {
  const initial = programs.find((p) => p.name === preferred) ?? programs[0];
  const [programId, setProgramId] = useState<number | undefined>(initial?.id);
  const [topicIds, setTopicIds] = useState<ReadonlySet<number>>(new Set());
  const [pool, setPool] = useState<CustomPool>('unused');
  const [questionCount, setQuestionCount] = useState('20');
  const [mode, setMode] = useState<CustomMode>('tutor');
  const program = programs.find((p) => p.id === programId);

  const wanted = JSON.stringify({
    program_id: programId,
    pool,
    topic_ids: [...topicIds].sort((a, b) => a - b),
  });
  const settled = useSettled(wanted, COUNT_PAUSE_MS);
  const countInput = useMemo(
    () => JSON.parse(settled) as { program_id: number; pool: CustomPool; topic_ids: number[] },
    [settled],
  );
  const count = trpc.customTests.count.useQuery(countInput, {
    enabled: countInput.program_id !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const current = settled === wanted && !count.isFetching && count.data !== undefined;
  const inPool = new Map((count.data?.topics ?? []).map((t) => [t.topic_id, t.available]));

  return {
    program,
    programId,
    chooseProgram(id: number) {
      setProgramId(id);
      setTopicIds(new Set());
    },
    topicIds,
    toggleTopics(ids: number[], on: boolean) {
      setTopicIds((before) => {
        const next = new Set(before);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      });
    },
    pool,
    setPool,
    questionCount,
    setQuestionCount,
    mode,
    setMode,
    /** Questions of the pool per topic, from the last count (undefined before the first). */
    inPool: (topicId: number) => inPool.get(topicId),
    /** The chosen topics' questions in the pool; null while the count is being asked. */
    available: current ? count.data!.available : null,
    countFailed: count.isError,
    input: () => ({
      program_id: programId ?? 0,
      pool,
      topic_ids: [...topicIds],
      question_count: Number(questionCount),
      mode,
    }),
  };
}

/** What is wrong with the choices before anything is sent, or null. */
export function choiceProblem(topicCount: number, questionCount: string, available: number | null) {
  if (!topicCount) return 'Choose at least one topic.';
  const n = Number(questionCount);
  if (!Number.isInteger(n) || n < CUSTOM_TEST_MIN || n > CUSTOM_TEST_MAX) return COUNT_OUT_OF_RANGE;
  return available === null ? null : poolShortfall(available, n);
}
