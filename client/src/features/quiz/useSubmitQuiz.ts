// Submitting with retries: a dropped connection is retried a few times on its own,
// then the screen says so and offers Try again; it never spins for ever. A quiz the server has
// already graded goes straight to its result.
import { useRef, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { isRetryable } from '../../lib/errors';
import type { Letter } from '../../components/quiz/types';

const AUTO_RETRIES = 3;
const RETRY_DELAY_MS = 2000;

export type SubmitPhase = 'idle' | 'submitting' | 'retrying' | 'failed';

interface SubmitPayload {
  answers: { question_id: number; selected_answer: Letter }[];
  time_spent_minutes: number;
}

export function useSubmitQuiz(sessionId: number, onDone: (resultId: number) => void) {
  // 'always': a submit made offline must fail visibly, not wait unseen for the network.
  const submit = trpc.quiz.submit.useMutation({ networkMode: 'always' });
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const busy = useRef(false);

  async function run(payload: SubmitPayload) {
    if (busy.current) return;
    busy.current = true;
    setPhase('submitting');
    setMessage(null);
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await submit.mutateAsync({ session_id: sessionId, ...payload });
        busy.current = false;
        onDone(result.id);
        return;
      } catch (err) {
        const gradedId = (err as { data?: { result_id?: number } | null }).data?.result_id;
        if (typeof gradedId === 'number') {
          busy.current = false;
          onDone(gradedId);
          return;
        }
        console.warn('Quiz submit failed', err);
        if (!isRetryable(err) || attempt + 1 >= AUTO_RETRIES) {
          busy.current = false;
          setPhase('failed');
          setMessage(
            isRetryable(err)
              ? 'Could not submit: the connection seems to be down. Your answers are safe on this device. Check your connection and try again.'
              : ((err as Error).message ?? 'Could not submit your quiz.'),
          );
          return;
        }
        setPhase('retrying');
        setMessage(`Connection problem: trying again (attempt ${attempt + 2} of ${AUTO_RETRIES})…`);
        await new Promise((r) => setTimeout(r, RETRY_DELAY_MS * (attempt + 1)));
      }
    }
  }

  return { phase, message, submit: run };
}
