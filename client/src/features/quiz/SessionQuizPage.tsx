// /quiz/session/{id}: a practice session built from a list of questions (a weak topic's, a
// result's misses), which belongs to no set. Arrives with the started session in navigation
// state; a reload resumes it from the server, and one already graded opens its result.
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { buttonClass } from '../../components/Button';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingScreen } from '../../components/LoadingScreen';
import { firstServerMessage } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { QuizRunner } from './QuizRunner';
import type { QuizStart } from '../../components/quiz/types';

export default function SessionQuizPage() {
  const sessionId = Number(useParams().sessionId) || 0;
  const location = useLocation();
  const navigate = useNavigate();
  const handed = (location.state as { started?: QuizStart } | null)?.started;
  // Kept for the page's life: the navigation state is cleared below.
  const [started] = useState(handed?.session.id === sessionId ? handed : null);
  const resume = trpc.quiz.resume.useQuery(
    { session_id: sessionId },
    { enabled: !started && sessionId > 0, retry: 1, staleTime: 0, gcTime: 0 },
  );

  // A handed-over session is used once: a reload asks the server for the answers saved since.
  const handedOver = Boolean(handed);
  useEffect(() => {
    if (handedOver) navigate(location.pathname, { replace: true, state: null });
  }, [handedOver, navigate, location.pathname]);

  const graded = (resume.error?.data as { result_id?: number } | undefined)?.result_id;
  if (graded) return <Navigate to={`/quiz/result/${graded}`} replace />;
  const start = started ?? resume.data;
  if (start) return <QuizRunner start={start} />;
  if (resume.isLoading) return <LoadingScreen />;
  return (
    <div className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 bg-slate-50 p-4 dark:bg-slate-900">
      <ErrorPanel
        message={firstServerMessage(resume.error, [], 'Failed to load the quiz')}
        onRetry={sessionId > 0 ? () => void resume.refetch() : undefined}
      />
      <Link to="/dashboard" className={buttonClass('secondary')}>
        Back to Dashboard
      </Link>
    </div>
  );
}
