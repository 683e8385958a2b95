// Review Questions: questions tutors and admins write, reviewed before students see them. The list
// (/admin/review) shows what waits for the reader's review, their own questions, all of their
// school's, and live questions that need a second look; /admin/review/new writes one and
// /admin/review/ID opens one with its thread and the reviewer's decisions.
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/Alert';
import { buttonClass, FOCUS_RING } from '../../../components/Button';
import { ErrorPanel } from '../../../components/ErrorPanel';
import { SkeletonGrid } from '../../../components/Skeleton';
import { TextArea } from '../../../components/TextArea';
import { formatDateTime } from '@shared/domain/display';
import { trpc } from '../../../lib/trpc';
import { cardClass } from '../components/ui';
import { messageOf } from '../lib/errors';
import type { Content } from '../types';
import { DraftEditor } from './DraftEditor';
import { DraftPreview } from './DraftPreview';
import { EMPTY_FORM, formOf, inputOf, type Draft } from './draftForm';

const STATUS: Record<Draft['status'], string> = {
  draft: 'Draft',
  submitted: 'Waiting for review',
  changes_requested: 'Changes requested',
  approved: 'Approved (live)',
};
const KIND: Record<Draft['comments'][number]['kind'], string> = {
  comment: 'commented',
  submitted: 'submitted it for review',
  changes_requested: 'asked for changes',
  approved: 'approved it',
};
const LISTS = [
  ['to_review', 'To review'],
  ['mine', 'My questions'],
  ['all', 'All'],
] as const;
const linkClass = `rounded font-medium text-brand-700 hover:underline dark:text-brand-500 ${FOCUS_RING}`;

const REVIEW_PATH = /^\/admin\/review\/(new|\d+)\/?$/;

export function ReviewTab({ content }: { content: Content | undefined }) {
  const { pathname } = useLocation();
  const open = REVIEW_PATH.exec(pathname)?.[1];
  if (open === 'new') return <NewDraft content={content} />;
  if (open) return <OpenDraft key={open} id={Number(open)} content={content} />;
  return <DraftLists />;
}

function useSaved() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  return async (d: Draft, notice: string) => {
    await Promise.all([utils.questionDrafts.invalidate(), utils.admin.content.invalidate()]);
    navigate(`/admin/review/${d.id}`, { replace: true, state: { notice } });
  };
}

/** Save, then submit when asked: one action for the author. */
function useSaveDraft() {
  const saved = useSaved();
  const submit = trpc.questionDrafts.submit.useMutation({
    onSuccess: (d) => saved(d, 'Submitted for review.'),
  });
  const save = trpc.questionDrafts.save.useMutation();
  const run = (input: ReturnType<typeof inputOf> & { id?: number }, andSubmit: boolean) =>
    save.mutate(input as Parameters<typeof save.mutate>[0], {
      onSuccess: (d) => (andSubmit ? submit.mutate({ id: d.id }) : saved(d, 'Draft saved.')),
    });
  const failed = save.error ?? submit.error;
  return {
    run,
    busy: save.isPending || submit.isPending,
    problem: failed ? messageOf(failed, 'Could not save. Please try again.') : null,
  };
}

const back = (
  <Link to="/admin/review" className={`self-start text-sm ${linkClass}`}>
    Back to the questions under review
  </Link>
);

function NewDraft({ content }: { content: Content | undefined }) {
  const save = useSaveDraft();
  return (
    <div className={`${cardClass} flex flex-col gap-3`}>
      {back}
      <h2 className="text-lg font-semibold">Write a question</h2>
      <DraftEditor
        initial={EMPTY_FORM}
        content={content}
        fixedTarget={false}
        busy={save.busy}
        problem={save.problem}
        onSave={(input, submit) => save.run(input, submit)}
      />
    </div>
  );
}

function OpenDraft({ id, content }: { id: number; content: Content | undefined }) {
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const draft = trpc.questionDrafts.get.useQuery({ id });
  const save = useSaveDraft();
  if (draft.isPending) return <SkeletonGrid count={2} label="Loading the question…" />;
  if (draft.isError)
    return (
      <div className="flex flex-col gap-3">
        {back}
        <ErrorPanel
          message={messageOf(draft.error, 'Failed to load the question.')}
          onRetry={() => draft.refetch()}
        />
      </div>
    );
  const d = draft.data;
  return (
    <div className={`${cardClass} flex flex-col gap-4`}>
      {back}
      <div>
        <h2 className="text-lg font-semibold">
          {d.base_question_id ? `Edit of question ${d.base_question_id}` : 'New question'} · {d.set_title}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          By {d.author_name ?? 'a deleted account'} ·{' '}
          <span data-testid="draft-status">{STATUS[d.status]}</span>
          {d.approved_by_name && ` · approved by ${d.approved_by_name}`}
        </p>
      </div>
      {notice && <Alert tone="success">{notice}</Alert>}
      {d.can_edit ? (
        <DraftEditor
          key={d.updated_at}
          initial={formOf(d)}
          content={content}
          fixedTarget={d.base_question_id !== null}
          busy={save.busy}
          problem={save.problem}
          onSave={(input, submit) => save.run({ ...input, id: d.id }, submit)}
        />
      ) : (
        <DraftPreview form={formOf(d)} />
      )}
      <Thread draft={d} />
    </div>
  );
}

function Thread({ draft }: { draft: Draft }) {
  const [body, setBody] = useState('');
  const saved = useSaved();
  const done = (notice: string) => (d: Draft) => {
    setBody('');
    return saved(d, notice);
  };
  const comment = trpc.questionDrafts.comment.useMutation({ onSuccess: done('Comment added.') });
  const changes = trpc.questionDrafts.requestChanges.useMutation({
    onSuccess: done('Sent back to its author with your comment.'),
  });
  const approve = trpc.questionDrafts.approve.useMutation({
    onSuccess: done('Approved: the question is live for students.'),
  });
  const failed = comment.error ?? changes.error ?? approve.error;
  const busy = comment.isPending || changes.isPending || approve.isPending;
  return (
    <section aria-labelledby="draft-thread" className="flex flex-col gap-2">
      <h3 id="draft-thread" className="text-base font-semibold">
        Comments
      </h3>
      {draft.comments.length === 0 ? (
        <p className="text-sm text-slate-500">No comments yet.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {draft.comments.map((c) => (
            <li key={c.id} className="rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700">
              <p className="font-medium">
                {c.user_name ?? 'A deleted account'} {KIND[c.kind]} ·{' '}
                <time dateTime={c.created_at}>{formatDateTime(c.created_at)}</time>
              </p>
              {c.body && <p className="mt-1 whitespace-pre-wrap">{c.body}</p>}
            </li>
          ))}
        </ol>
      )}
      {draft.status !== 'approved' && (
        <>
          <TextArea label="Your comment" rows={3} value={body} onChange={(e) => setBody(e.target.value)} />
          {failed && <Alert tone="error">{messageOf(failed, 'Could not send. Please try again.')}</Alert>}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass('secondary')}
              disabled={busy}
              onClick={() => comment.mutate({ id: draft.id, body })}
            >
              Add comment
            </button>
            {draft.can_review && (
              <>
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  disabled={busy}
                  onClick={() => changes.mutate({ id: draft.id, body })}
                >
                  Request changes
                </button>
                <button
                  type="button"
                  className={buttonClass('primary')}
                  disabled={busy}
                  onClick={() => approve.mutate({ id: draft.id, body })}
                >
                  Approve
                </button>
              </>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function DraftLists() {
  const [list, setList] = useState<(typeof LISTS)[number][0]>('to_review');
  const drafts = trpc.questionDrafts.list.useQuery({ list });
  const flagged = trpc.questionDrafts.needsReview.useQuery();
  return (
    <div className="flex flex-col gap-4">
      <div className={`${cardClass} flex flex-col gap-3`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Questions under review</h2>
          <Link to="/admin/review/new" className={buttonClass('primary')}>
            Write a question
          </Link>
        </div>
        <div role="group" aria-label="Which questions" className="flex flex-wrap gap-2">
          {LISTS.map(([value, label]) => (
            <button
              key={value}
              type="button"
              aria-pressed={list === value}
              className={buttonClass(list === value ? 'primary' : 'secondary')}
              onClick={() => setList(value)}
            >
              {label}
            </button>
          ))}
        </div>
        {drafts.isError && <Alert tone="error">{messageOf(drafts.error, 'Failed to load the list.')}</Alert>}
        {drafts.data?.length === 0 && <p className="text-sm text-slate-500">No questions here.</p>}
        <ul className="flex flex-col gap-2">
          {drafts.data?.map((d) => (
            <li key={d.id} className="rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700">
              <Link to={`/admin/review/${d.id}`} className={linkClass}>
                {d.question_text}
              </Link>
              <p className="text-slate-600 dark:text-slate-300">
                {STATUS[d.status]} · {d.set_title} · by {d.author_name ?? 'a deleted account'}
              </p>
            </li>
          ))}
        </ul>
      </div>
      <div className={`${cardClass} flex flex-col gap-2`}>
        <h2 className="text-lg font-semibold">Needs review</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Live questions item analysis flags, or that 3 or more students flagged.
        </p>
        {flagged.data?.length === 0 && <p className="text-sm text-slate-500">None at the moment.</p>}
        <ul className="flex flex-col gap-2">
          {flagged.data?.map((q) => (
            <li key={q.id} className="rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700">
              <Link to={`/admin/question-bank/${q.id}`} className={linkClass}>
                {q.question_text}
              </Link>
              <p className="text-slate-600 dark:text-slate-300">{q.set_title}</p>
              <ul className="list-disc pl-5">
                {q.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
