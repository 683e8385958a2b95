// /quiz/{type}/{quizId}: quiz.info for the start modal, then quiz.start (which
// resumes a mock already under way), then the runner. Retake arrives with a started session in
// navigation state and skips the modal.
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { buttonClass } from '../../components/Button';
import { LoadingScreen } from '../../components/LoadingScreen';
import { firstServerMessage } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { useOnline } from '../../hooks/useOnline';
import { QuizRunner } from './QuizRunner';
import { StartModal } from './StartModal';
import type { QuizStart, QuizType } from '../../components/quiz/types';
import { LoadFailure } from '../../components/NeedsConnection';

interface QuizNavState {
  topicName?: string;
  started?: QuizStart;
}

export default function QuizPage() {
  const params = useParams();
  const type: QuizType = params.type === 'mock' ? 'mock' : 'practice';
  const quizId = Number(params.quizId) || 0;
  const location = useLocation();
  const navigate = useNavigate();
  const navState = (location.state ?? {}) as QuizNavState;
  const handed =
    navState.started &&
    navState.started.session.quiz_id === quizId &&
    navState.started.session.quiz_type === type
      ? navState.started
      : null;
  const [started, setStarted] = useState<QuizStart | null>(handed);
  const [startError, setStartError] = useState<string | null>(null);
  const info = trpc.quiz.info.useQuery(
    { quiz_type: type, quiz_id: quizId },
    { enabled: !started && params.type === type, retry: 1, staleTime: 0 },
  );
  const start = trpc.quiz.start.useMutation();
  const online = useOnline();

  // A handed-over session is used once: a reload must ask the server, which knows the answers
  // saved since and the true time left.
  const handedOver = Boolean(handed);
  useEffect(() => {
    if (handedOver) navigate(location.pathname, { replace: true, state: { topicName: navState.topicName } });
  }, [handedOver, navigate, location.pathname, navState.topicName]);

  if (params.type !== 'mock' && params.type !== 'practice')
    return <Unavailable message="This quiz does not exist." />;
  if (started) return <QuizRunner start={started} topicName={navState.topicName} />;
  // A mock's questions and clock come from the server when it starts.
  if (type === 'mock' && !online) return <Unavailable message="You need a connection to start a mock." />;
  if (info.isLoading) return <LoadingScreen />;
  if (info.isError || !info.data) {
    return (
      <Centered>
        <LoadFailure
          what="This quiz"
          message={firstServerMessage(info.error, [], 'Failed to load the quiz')}
          onRetry={() => void info.refetch()}
        />
        <BackLink type={type} />
      </Centered>
    );
  }

  async function begin() {
    setStartError(null);
    try {
      setStarted(await start.mutateAsync({ quiz_type: type, quiz_id: quizId }));
    } catch (err) {
      console.warn('Quiz start failed', err);
      setStartError(
        firstServerMessage(err, [], 'Could not start the quiz. Check your connection and try again.'),
      );
    }
  }

  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-900">
      <StartModal
        info={info.data}
        starting={start.isPending}
        error={startError}
        onStart={begin}
        onCancel={() =>
          window.history.state?.idx > 0
            ? navigate(-1)
            : navigate(type === 'mock' ? '/mock-exams' : '/practice-tests')
        }
      />
    </div>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 bg-slate-50 p-4 dark:bg-slate-900">
      {children}
    </div>
  );
}

function BackLink({ type }: { type: QuizType }) {
  return (
    <Link to={type === 'mock' ? '/mock-exams' : '/practice-tests'} className={buttonClass('secondary')}>
      Back to {type === 'mock' ? 'Mock Exams' : 'Practice Tests'}
    </Link>
  );
}

function Unavailable({ message }: { message: string }) {
  return (
    <Centered>
      <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-600">
        <h1 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{message}</h1>
      </div>
      <Link to="/dashboard" className={buttonClass('secondary')}>
        Back to Dashboard
      </Link>
    </Centered>
  );
}
