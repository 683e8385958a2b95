// Starts a session built from a list of questions (a weak topic's, a result's misses, an exam
// day's draw) and opens it on the quiz screen, handing the started session over so it is not fetched again.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { firstServerMessage } from '../lib/session';
import type { QuizStart } from '../components/quiz/types';

export const sessionPath = (sessionId: number) => `/quiz/session/${sessionId}`;

export function useStartList(failure = 'Could not start the practice. Check your connection and try again.') {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  async function open(start: () => Promise<QuizStart>) {
    setError(null);
    try {
      const started = await start();
      navigate(sessionPath(started.session.id), { state: { started } });
    } catch (err) {
      setError(firstServerMessage(err, [], failure));
    }
  }
  return { open, error };
}
