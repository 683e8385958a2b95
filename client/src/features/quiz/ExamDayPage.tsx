// /exam-day/{programId}: the programme's exam-day simulation. quiz.examDayInfo for the start
// screen (how many questions the bank holds for it now, an exam day under way), then
// quiz.startExamDay, which draws the questions or resumes the one under way, and the session's
// own screen (/quiz/session/{id}), where a reload resumes it.
import { Link, useNavigate, useParams } from 'react-router-dom';
import { buttonClass } from '../../components/Button';
import { LoadingScreen } from '../../components/LoadingScreen';
import { LoadFailure } from '../../components/NeedsConnection';
import { useOnline } from '../../hooks/useOnline';
import { useStartList } from '../../hooks/useStartList';
import { firstServerMessage } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { StartModal } from './StartModal';

export default function ExamDayPage() {
  const programId = Number(useParams().programId) || 0;
  const navigate = useNavigate();
  const online = useOnline();
  const info = trpc.quiz.examDayInfo.useQuery(
    { program_id: programId },
    { enabled: programId > 0, retry: 1, staleTime: 0 },
  );
  const start = trpc.quiz.startExamDay.useMutation();
  const { open, error } = useStartList('Could not start the exam day. Check your connection and try again.');
  const back = `/mock-exams/${programId}/papers`;

  if (!online) return <Centered back={back}>You need a connection to start an exam day.</Centered>;
  if (info.isLoading) return <LoadingScreen />;
  if (info.isError || !info.data) {
    return (
      <div className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 bg-slate-50 p-4 dark:bg-slate-900">
        <LoadFailure
          what="The exam day"
          message={firstServerMessage(info.error, [], 'Failed to load the exam day')}
          onRetry={() => void info.refetch()}
        />
        <Link to={back} className={buttonClass('secondary')}>
          Back to Mock Exams
        </Link>
      </div>
    );
  }
  if (info.data.total_questions === 0) {
    return <Centered back={back}>This programme has no questions for an exam day yet.</Centered>;
  }
  return (
    <div className="min-h-screen bg-slate-50 dark:bg-slate-900">
      <StartModal
        info={info.data}
        starting={start.isPending}
        error={error}
        onStart={() => open(() => start.mutateAsync({ program_id: programId }))}
        onCancel={() => (window.history.state?.idx > 0 ? navigate(-1) : navigate(back))}
      />
    </div>
  );
}

function Centered({ back, children }: { back: string; children: string }) {
  return (
    <div className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 bg-slate-50 p-4 dark:bg-slate-900">
      <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-600">
        <h1 className="text-lg font-semibold text-slate-900 dark:text-slate-100">{children}</h1>
      </div>
      <Link to={back} className={buttonClass('secondary')}>
        Back to Mock Exams
      </Link>
    </div>
  );
}
