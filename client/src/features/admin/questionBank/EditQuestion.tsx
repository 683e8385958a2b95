// One question of the bank: edit it, deactivate or reactivate it, set its topic, move it,
// and read its history. An edit or a move answers a new version with a new id: the screen moves
// to it, and says that sessions already started keep the version they showed.
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/Alert';
import { Button, FOCUS_RING } from '../../../components/Button';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { SkeletonGrid } from '../../../components/Skeleton';
import { trpc } from '../../../lib/trpc';
import { cardClass } from '../components/ui';
import { messageOf } from '../lib/errors';
import type { BankQuestion, Content } from '../types';
import { placeOf, StatusBadge } from './BankTable';
import { mayChange } from '../lib/catalog';
import { MoveQuestion } from './MoveQuestion';
import { ProposeEdit } from './ProposeEdit';
import { QuestionForm, type QuestionContent } from './QuestionForm';
import { QuestionHistory } from './QuestionHistory';
import { QuestionTopic } from './QuestionTopic';

const KEEPS = 'Sessions already started keep the version they were shown.';

/** The bank's mutations, refreshing what they change and going to the version they answer. */
function useQuestionChanges(id: number) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const done = async (q: Pick<BankQuestion, 'id'>, notice: string) => {
    await Promise.all([
      utils.questions.search.invalidate(),
      utils.questions.byId.invalidate(),
      utils.admin.content.invalidate(),
      utils.admin.stats.invalidate(),
    ]);
    navigate(`/admin/question-bank/${q.id}`, { replace: true, state: { notice } });
  };
  const update = trpc.questions.update.useMutation({
    onSuccess: (q) => done(q, q.id === id ? 'Nothing changed.' : `Saved as a new version. ${KEEPS}`),
  });
  const setActive = trpc.questions.setActive.useMutation({
    onSuccess: (q) =>
      done(
        q,
        q.is_active
          ? 'Reactivated: new sessions include it again.'
          : 'Deactivated: new sessions leave it out.',
      ),
  });
  const move = trpc.questions.move.useMutation({
    onSuccess: (q) => done(q, `Moved to ${q.set_title}. ${KEEPS}`),
  });
  // A topic changes in place: the same question, no new version.
  const setTopic = trpc.questions.setTopic.useMutation({
    onSuccess: (answer) => done({ id }, answer.message),
  });
  const failed = update.error ?? setActive.error ?? move.error ?? setTopic.error;
  return {
    update,
    setActive,
    move,
    setTopic,
    busy: update.isPending || setActive.isPending || move.isPending || setTopic.isPending,
    problem: failed ? messageOf(failed, 'Could not save. Please try again.') : null,
    // Another admin changed the question meanwhile (CONFLICT): the version to open instead.
    replacedBy: (failed?.data as { replaced_by_id?: number } | null | undefined)?.replaced_by_id ?? null,
  };
}

export function EditQuestion({ id, content }: { id: number; content: Content | undefined }) {
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const question = trpc.questions.byId.useQuery({ id });
  const changes = useQuestionChanges(id);

  const back = (
    <Link
      to="/admin/question-bank"
      className={`inline-flex items-center gap-1 self-start rounded text-sm font-medium text-brand-700 hover:underline dark:text-brand-500 ${FOCUS_RING}`}
    >
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Back to the question bank
    </Link>
  );
  if (question.isPending) return <SkeletonGrid count={2} label="Loading the question…" />;
  if (question.isError)
    return (
      <div className="flex flex-col gap-3">
        {back}
        <ErrorPanel
          retryLabel="Retry"
          message={messageOf(question.error, 'Failed to load the question.')}
          onRetry={() => question.refetch()}
        />
      </div>
    );

  const q = question.data;
  // School staff read national questions but do not change them.
  const readOnly = content !== undefined && !mayChange(content.viewer, q.school_id);
  const current = q.replaced_by_id === null && !readOnly;
  return (
    <div className="flex flex-col gap-4">
      {back}
      <div className={`${cardClass} flex flex-col gap-4`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 className="text-lg font-semibold">Edit question</h2>
            <p className="text-sm text-slate-500 dark:text-slate-400">
              {q.set_title} ({q.quiz_type === 'mock' ? 'mock exam set' : 'practice set'}) · {placeOf(q)}
            </p>
          </div>
          <StatusBadge active={q.is_active} />
        </div>
        {notice && !changes.problem && <Alert tone="success">{notice}</Alert>}
        {changes.problem && (
          <Alert tone="error">
            {changes.problem}
            {changes.replacedBy !== null && (
              <>
                {' '}
                <Link className="font-medium underline" to={`/admin/question-bank/${changes.replacedBy}`}>
                  Open the newer version
                </Link>
              </>
            )}
          </Alert>
        )}
        {readOnly ? (
          <Alert tone="info">
            A national question: your school can use it but not change it. Ask the platform admin.
          </Alert>
        ) : current ? (
          <QuestionForm
            key={q.id}
            question={q}
            saving={changes.update.isPending}
            onSave={(c: QuestionContent) => changes.update.mutate({ id: q.id, ...c })}
          />
        ) : (
          <Alert tone="info">
            This is an older version, kept for the sessions that showed it.{' '}
            <Link className="font-medium underline" to={`/admin/question-bank/${q.replaced_by_id}`}>
              Open the current version
            </Link>
          </Alert>
        )}
      </div>
      {current && (
        <div className={`${cardClass} flex flex-col gap-4`}>
          <section aria-labelledby="question-status" className="flex flex-col gap-2">
            <h3 id="question-status" className="text-base font-semibold">
              Status
            </h3>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {q.is_active
                ? 'New sessions of its set include this question. Deactivate it to leave it out; results already graded keep it.'
                : 'New sessions leave this question out. Reactivate it to include it again.'}
            </p>
            <Button
              variant={q.is_active ? 'danger' : 'secondary'}
              className="self-start"
              disabled={changes.busy}
              onClick={() => changes.setActive.mutate({ id: q.id, is_active: !q.is_active })}
            >
              {q.is_active ? 'Deactivate' : 'Reactivate'}
            </Button>
          </section>
          <ProposeEdit questionId={q.id} />
          <QuestionTopic
            key={`${q.id}-${q.topic_id}`}
            question={q}
            content={content}
            busy={changes.busy}
            onSet={(topicId) => changes.setTopic.mutate({ ids: [q.id], topic_id: topicId })}
          />
          <MoveQuestion
            question={q}
            content={content}
            busy={changes.busy}
            onMove={(setId) => changes.move.mutate({ id: q.id, quiz_type: q.quiz_type, set_id: setId })}
          />
        </div>
      )}
      <div className={cardClass}>
        <QuestionHistory entries={q.history} />
      </div>
    </div>
  );
}
