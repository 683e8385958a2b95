// The session's flags: shown at once, saved on the server, and put back if
// the server refuses, so what the screen shows is what a reload will show.
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import type { QuizStart } from '../../components/quiz/types';

export function useFlags(start: QuizStart) {
  const [flags, setFlags] = useState(() => new Set(start.flagged_question_ids));
  const setFlag = trpc.quiz.setFlag.useMutation();

  const apply = (questionId: number, flagged: boolean) =>
    setFlags((current) => {
      const next = new Set(current);
      if (flagged) next.add(questionId);
      else next.delete(questionId);
      return next;
    });

  function toggle(questionId: number) {
    const flagged = !flags.has(questionId);
    apply(questionId, flagged);
    setFlag.mutate(
      { session_id: start.session.id, question_id: questionId, flagged },
      { onError: () => apply(questionId, !flagged) },
    );
  }

  return { isFlagged: (questionId: number) => flags.has(questionId), toggle };
}
