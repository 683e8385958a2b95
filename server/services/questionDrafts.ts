// Questions written and reviewed before students see them (docs/question-review.md). A draft lives
// in its own table, which no student procedure reads: it reaches students only when a reviewer
// approves it, which writes it into the bank (a new question, or the next version of the live
// question it edits) in the same transaction that marks it approved.
// Who may do what: the author writes, saves and submits; another staff account of the same school
// (a tutor or its school admin), or a platform admin, comments, sends it back with a comment or
// approves it; nobody approves their own. A draft of another school is not found (404).
import { TRPCError } from '@trpc/server';
import type { DB } from '../../db/client';
import { serialized } from '../../db/dialect';
import type { DraftStatus, QuestionDraft, User } from '../../db/schema';
import type { CommentInput, DraftContent, SaveDraftInput } from '../../shared/schemas/questionDrafts';
import { RATIONALE_FIELDS } from '../../shared/schemas/questionDrafts';
import { CONTENT_FIELDS } from '../../shared/schemas/questionBank';
import { fieldError } from '../errors';
import {
  draftComments,
  findDraft,
  findPlacedDraft,
  insertComment,
  insertDraft,
  listDrafts,
  updateDraft,
} from '../queries/questionDrafts';
import {
  findQuestionRow,
  findSetOfKind,
  findTopic,
  insertEdit,
  insertQuestionVersion,
  nextPosition,
} from '../queries/questionBank';
import { assertMayChange, NATIONAL_READ_ONLY } from './contentAccess';
import { textKey } from './import/textKey';
import { publishDraftEdit } from './questionEdits';
import { scopedSchoolId, type StaffScope } from './staffScope';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Draft not found.' });
const KIND_NAME = { mock: 'mock exam set', practice: 'practice set' } as const;
/** The author may change a draft in these states; a reviewer decides only on a submitted one. */
const EDITABLE: DraftStatus[] = ['draft', 'changes_requested'];

interface Staff {
  user: User;
  scope: StaffScope;
}

/** Whether a draft (or a set, or a question) of `schoolId` is within the staff account's reach. */
const withinScope = (scope: StaffScope, schoolId: number | null) =>
  scope.kind === 'platform' || schoolId === scope.schoolId;

/** A draft the staff account may see; another school's is not found. */
async function visibleDraft(db: DB, staff: Staff, id: number): Promise<QuestionDraft> {
  const draft = await findDraft(db, id);
  if (!draft || !withinScope(staff.scope, draft.school_id)) throw notFound();
  return draft;
}

const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

const STATE_NAME: Record<DraftStatus, string> = {
  draft: 'a draft',
  submitted: 'waiting for review',
  changes_requested: 'back with its author for changes',
  approved: 'approved and live',
};

/** The set and topic a draft goes to, checked: a set of the author's reach, a topic of its paper. */
async function placement(db: DB, scope: StaffScope, c: DraftContent) {
  const set = await findSetOfKind(db, c.quiz_type, c.set_id);
  if (!set || (set.school_id !== null && !withinScope(scope, set.school_id)))
    throw fieldError('set_id', `There is no ${KIND_NAME[c.quiz_type]} with id ${c.set_id}.`);
  // A national set is every school's: a school's tutors write into their school's own sets.
  if (!withinScope(scope, set.school_id)) throw fieldError('set_id', NATIONAL_READ_ONLY);
  if (c.quiz_type === 'practice') {
    // A practice question takes its set's topic.
    if (c.topic_id !== null && c.topic_id !== set.topic_id)
      throw fieldError('topic_id', "A practice set's questions take its topic: choose that topic or none.");
    return { practice_set_id: set.id, mock_exam_set_id: null, topic_id: set.topic_id };
  }
  if (c.topic_id !== null) {
    const topic = await findTopic(db, c.topic_id);
    if (!topic || topic.paper_id !== set.paper_id)
      throw fieldError('topic_id', "Choose a topic of the mock exam set's paper, or none.");
  }
  return { practice_set_id: null, mock_exam_set_id: set.id, topic_id: c.topic_id };
}

type Content = Pick<QuestionDraft, (typeof CONTENT_FIELDS)[number] | (typeof RATIONALE_FIELDS)[number]>;

/** The question's text, options, key, explanation and rationales (an empty rationale is none). */
function contentOf(c: { [K in keyof Content]: Content[K] | string }): Content {
  const content: Record<string, string | null> = Object.fromEntries(CONTENT_FIELDS.map((f) => [f, c[f]]));
  for (const f of RATIONALE_FIELDS) content[f] = c[f] || null;
  return content as Content;
}

/** A new draft (written by `staff`, of their school), or the author's next save of their own. */
export async function saveDraft(db: DB, staff: Staff, input: SaveDraftInput) {
  const now = new Date().toISOString();
  const fields = { ...contentOf(input), ...(await placement(db, staff.scope, input)), updated_at: now };
  if (input.id === undefined) {
    const id = await insertDraft(db, {
      ...fields,
      school_id: scopedSchoolId(staff.scope),
      author_id: staff.user.id,
      status: 'draft',
      base_question_id: null,
      published_question_id: null,
      approved_by_id: null,
      created_at: now,
    });
    return getDraft(db, staff, id);
  }
  const draft = await visibleDraft(db, staff, input.id);
  if (draft.author_id !== staff.user.id)
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: 'Only its author can change a draft; add a comment instead.',
    });
  if (draft.base_question_id !== null) {
    const sameSet =
      (input.quiz_type === 'mock' ? draft.mock_exam_set_id : draft.practice_set_id) === input.set_id;
    if (!sameSet)
      throw fieldError('set_id', 'An edit keeps the question in its set: move it in the question bank.');
  }
  if (!(await updateDraft(db, draft.id, EDITABLE, fields)))
    throw conflict(`This question is ${STATE_NAME[draft.status]}: it cannot be changed now.`);
  return getDraft(db, staff, draft.id);
}

/** A draft that edits a live question, its content copied from the question. */
export async function draftEditOf(db: DB, staff: Staff, questionId: number) {
  const row = await findQuestionRow(db, questionId);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: 'Question not found.' });
  // National: forbidden, saying why (as the question bank's own edit does); another school's: not found.
  assertMayChange(staff.scope, row.school_id, 'Question not found.');
  if (row.replaced_by_id !== null)
    throw conflict('This question has been replaced by a newer version: reload it and edit that one.');
  const now = new Date().toISOString();
  const {
    id: _id,
    replaced_by_id: _r,
    is_active: _a,
    position: _p,
    text_key: _k,
    created_at: _c,
    school_id: _s,
    ...content
  } = row;
  const id = await insertDraft(db, {
    ...content,
    school_id: scopedSchoolId(staff.scope),
    author_id: staff.user.id,
    status: 'draft',
    base_question_id: row.id,
    published_question_id: null,
    approved_by_id: null,
    created_at: now,
    updated_at: now,
  });
  return getDraft(db, staff, id);
}

/** The author sends a draft for review (again, after changes). */
export async function submitDraft(db: DB, staff: Staff, id: number) {
  const draft = await visibleDraft(db, staff, id);
  if (draft.author_id !== staff.user.id)
    throw new TRPCError({ code: 'FORBIDDEN', message: 'Only its author can submit a draft.' });
  const now = new Date().toISOString();
  await serialized(db, [`draft:${id}`], async (trx) => {
    if (!(await updateDraft(trx, id, EDITABLE, { status: 'submitted', updated_at: now })))
      throw conflict(`This question is ${STATE_NAME[draft.status]}: there is nothing to submit.`);
    await insertComment(trx, {
      draft_id: id,
      user_id: staff.user.id,
      kind: 'submitted',
      body: '',
      created_at: now,
    });
  });
  return getDraft(db, staff, id);
}

/** A reviewer's decision: never the author's, and only on a submitted draft. */
async function decide(
  db: DB,
  staff: Staff,
  id: number,
  write: (trx: DB, draft: QuestionDraft, now: string) => Promise<void>,
) {
  const draft = await visibleDraft(db, staff, id);
  if (draft.author_id === staff.user.id)
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: 'You wrote this question: another tutor of your school or an admin must review it.',
    });
  await serialized(db, [`draft:${id}`], async (trx) => {
    const current = await findDraft(trx, id);
    if (!current || current.status !== 'submitted')
      throw conflict(
        `This question is ${STATE_NAME[current?.status ?? draft.status]}: only a submitted question can be reviewed.`,
      );
    await write(trx, current, new Date().toISOString());
  });
  return getDraft(db, staff, id);
}

/** Sends a submitted draft back to its author with what to change. */
export function requestChanges(db: DB, staff: Staff, input: CommentInput) {
  return decide(db, staff, input.id, async (trx, draft, now) => {
    await updateDraft(trx, draft.id, ['submitted'], { status: 'changes_requested', updated_at: now });
    await insertComment(trx, {
      draft_id: draft.id,
      user_id: staff.user.id,
      kind: 'changes_requested',
      body: input.body,
      created_at: now,
    });
  });
}

/**
 * Approves a submitted draft and publishes it: a new question at the end of its set (of the
 * author's school, null for a platform admin's), or the next version of the question it edits.
 */
export function approveDraft(db: DB, staff: Staff, input: { id: number; body: string }) {
  return decide(db, staff, input.id, async (trx, draft, now) => {
    const finish = async (t: DB, questionId: number) => {
      await updateDraft(t, draft.id, ['submitted'], {
        status: 'approved',
        published_question_id: questionId,
        approved_by_id: staff.user.id,
        updated_at: now,
      });
      await insertComment(t, {
        draft_id: draft.id,
        user_id: staff.user.id,
        kind: 'approved',
        body: input.body,
        created_at: now,
      });
    };
    if (draft.base_question_id !== null) {
      // The edit and the approval commit together (one transaction, the question's lock inside it).
      await publishDraftEdit(trx, staff, draft.base_question_id, draft, finish);
      return;
    }
    const kind = draft.mock_exam_set_id === null ? 'practice' : 'mock';
    const setId = (draft.mock_exam_set_id ?? draft.practice_set_id) as number;
    const questionId = await insertQuestionVersion(trx, {
      ...contentOf(draft),
      practice_set_id: draft.practice_set_id,
      mock_exam_set_id: draft.mock_exam_set_id,
      topic_id: draft.topic_id,
      school_id: draft.school_id,
      position: await nextPosition(trx, kind, setId),
      text_key: textKey(draft.question_text),
      created_at: now,
      replaced_by_id: null,
    });
    await insertEdit(trx, {
      question_id: questionId,
      previous_question_id: null,
      admin_user_id: staff.user.id,
      action: 'publish',
      changes: { question_text: { old: '', new: draft.question_text } },
      edited_at: now,
      draft_id: draft.id,
    });
    await finish(trx, questionId);
  });
}

/** A comment on the thread, by anyone who may see the draft. */
export async function commentOnDraft(db: DB, staff: Staff, input: CommentInput) {
  await visibleDraft(db, staff, input.id);
  await insertComment(db, {
    draft_id: input.id,
    user_id: staff.user.id,
    kind: 'comment',
    body: input.body,
    created_at: new Date().toISOString(),
  });
  return getDraft(db, staff, input.id);
}

/** A draft with its place, its people, its thread, and what this staff account may do with it. */
export async function getDraft(db: DB, staff: Staff, id: number) {
  await visibleDraft(db, staff, id);
  const [draft, comments] = await Promise.all([findPlacedDraft(db, id), draftComments(db, id)]);
  if (!draft) throw notFound();
  const own = draft.author_id === staff.user.id;
  return {
    ...draft,
    quiz_type: draft.mock_exam_set_id === null ? ('practice' as const) : ('mock' as const),
    set_id: (draft.mock_exam_set_id ?? draft.practice_set_id) as number,
    comments,
    can_edit: own && EDITABLE.includes(draft.status),
    can_review: !own && draft.status === 'submitted',
  };
}
export type DraftView = Awaited<ReturnType<typeof getDraft>>;

/**
 * The drafts of the staff account's reach: its own ('mine'), the submitted ones others wrote
 * ('to_review'), or all of them.
 */
export function draftList(db: DB, staff: Staff, list: 'mine' | 'to_review' | 'all') {
  const schoolId = staff.scope.kind === 'platform' ? 'any' : staff.scope.schoolId;
  if (list === 'mine') return listDrafts(db, { schoolId, authorId: staff.user.id });
  if (list === 'to_review')
    return listDrafts(db, { schoolId, statuses: ['submitted'], notAuthorId: staff.user.id });
  return listDrafts(db, { schoolId });
}
