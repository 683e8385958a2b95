// React side of the answer queue: one queue per mock session, flushed again when the browser
// says the connection is back; every acknowledgement re-syncs the deadline with the server.
import { useEffect, useRef, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { AnswerQueue, type QueueState } from './answerQueue';
import { isRetryable } from '../../lib/errors';
import type { Letter } from '../../components/quiz/types';

const INITIAL: QueueState = { status: 'idle', pending: 0, retryAt: null, rejection: null };

export function useAnswerQueue(sessionId: number | null, onSecondsLeft: (s: number) => void) {
  // 'always': offline, react-query would park the call silently; the queue must see it fail.
  const save = trpc.quiz.saveAnswer.useMutation({ networkMode: 'always' });
  const saveRef = useRef(save.mutateAsync);
  const secondsRef = useRef(onSecondsLeft);
  useEffect(() => {
    saveRef.current = save.mutateAsync;
    secondsRef.current = onSecondsLeft;
  });
  const [queue, setQueue] = useState<AnswerQueue | null>(null);
  const [state, setState] = useState<QueueState>(INITIAL);

  useEffect(() => {
    if (sessionId === null) return;
    const q = new AnswerQueue({
      sessionId,
      isRetryable,
      onChange: setState,
      send: async (question_id, selected_answer) => {
        const ack = await saveRef.current({ session_id: sessionId, question_id, selected_answer });
        if (ack.seconds_left !== null) secondsRef.current(ack.seconds_left);
      },
    });
    setQueue(q);
    void q.flush();
    const online = () => q.retryNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      q.dispose();
    };
  }, [sessionId]);

  return {
    state,
    queue,
    enqueue: (questionId: number, letter: Letter) => queue?.enqueue(questionId, letter),
  };
}
