// Changes to one question of the bank (docs/question-bank.md). A question row
// never changes what it says or where it sits: an edit or a move writes a new version in one
// transaction and retires the old row, so every session that holds the old id (in progress or
// graded) keeps grading and reviewing on what it showed. Deactivating flips the row's flag only.
// Each change leaves an audit row: who, when, and each field's old and new value. A question's
// topic is not part of what a session showed: it changes in place, audited, without a new version.
import { TRPCError } from '@trpc/server';
import type { DB } from '../../db/client';
import { serialized } from '../../db/dialect';
import type { Question, User } from '../../db/schema';
import { plural } from '../../shared/domain/display';
import {
  CONTENT_FIELDS,
  type MoveQuestionInput,
  type SetTopicInput,
  type UpdateQuestionInput,
} from '../../shared/schemas/questionBank';
import { RATIONALE_FIELDS } from '../../shared/schemas/questionDrafts';
import { ErrorDetails, fieldError } from '../errors';
import {
  findBankQuestion,
  findQuestionRow,
  findSetOfKind,
  findTopic,
  insertEdit,
  insertEdits,
  insertQuestionVersion,
  nextPosition,
  questionsWithPaper,
  retireQuestion,
  setActiveFlag,
  setTopicOf,
  topicNames,
  type Changes,
} from '../queries/questionBank';
import { assertMayChange } from './contentAccess';
import { textKey } from './import/textKey';
import type { StaffScope } from './staffScope';
import { followQuestionEdit, suspendQuestionCards } from './reviewDeck';

const KIND_NAME = { mock: 'mock exam set', practice: 'practice set' } as const;

const NOT_FOUND = 'Question not found.';
const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });

function replaced(row: Question): TRPCError {
  return new TRPCError({
    code: 'CONFLICT',
    message: 'This question has been replaced by a newer version: reload it and edit that one.',
    cause: new ErrorDetails('replaced', { replaced_by_id: row.replaced_by_id ?? 0 }),
  });
}

const kindOf = (row: Question) => (row.mock_exam_set_id === null ? 'practice' : 'mock');

/**
 * Runs `change` on the current version of question `id`, one change of that question at a time
 * (PostgreSQL: an advisory lock; SQLite: the write lock every write transaction takes at begin),
 * if the caller may change it. Answers the question as the bank shows it after the change (a new
 * version has a new id).
 */
async function changeQuestion(
  db: DB,
  scope: StaffScope,
  id: number,
  change: (trx: DB, row: Question, now: string) => Promise<number>,
) {
  const resultId = await serialized(db, [`question:${id}`], async (trx) => {
    const row = await findQuestionRow(trx, id);
    if (!row) throw notFound();
    assertMayChange(scope, row.school_id, NOT_FOUND);
    if (row.replaced_by_id !== null) throw replaced(row);
    return change(trx, row, new Date().toISOString());
  });
  const question = await findBankQuestion(db, resultId);
  if (!question) throw notFound();
  return question;
}

/** Writes `row` again with `patch` as a new version, retires `row`, and records the change. */
async function writeVersion(
  trx: DB,
  row: Question,
  patch: Partial<Question>,
  audit: { admin: User; action: 'edit' | 'move'; changes: Changes; now: string; draftId?: number },
): Promise<number> {
  const { id: _id, replaced_by_id: _replaced, ...content } = { ...row, ...patch };
  const newId = await insertQuestionVersion(trx, {
    ...content,
    text_key: textKey(content.question_text),
    created_at: audit.now,
  });
  if (!(await retireQuestion(trx, row.id, newId))) throw replaced(row);
  await followQuestionEdit(trx, row.id, newId);
  await insertEdit(trx, {
    question_id: newId,
    previous_question_id: row.id,
    admin_user_id: audit.admin.id,
    action: audit.action,
    changes: audit.changes,
    edited_at: audit.now,
    ...(audit.draftId !== undefined && { draft_id: audit.draftId }),
  });
  return newId;
}

type Content = Pick<Question, (typeof CONTENT_FIELDS)[number] | (typeof RATIONALE_FIELDS)[number]>;

/**
 * Writes an approved draft's content over the live question `id` as its next version (nothing new
 * when the draft says what the question says), then runs `also` in the same transaction with the
 * id the bank now shows. The approver is the audit row's admin, and the row names the draft.
 */
export function publishDraftEdit(
  db: DB,
  approver: { user: User; scope: StaffScope },
  id: number,
  draft: Content & { id: number },
  also: (trx: DB, questionId: number) => Promise<void>,
) {
  return changeQuestion(db, approver.scope, id, async (trx, row, now) => {
    const changes: Changes = {};
    for (const field of [...CONTENT_FIELDS, ...RATIONALE_FIELDS]) {
      if ((draft[field] ?? '') !== (row[field] ?? ''))
        changes[field] = { old: row[field] ?? '', new: draft[field] ?? '' };
    }
    const patch = Object.fromEntries(
      Object.keys(changes).map((f) => [f, draft[f as keyof Content]]),
    ) as Partial<Question>;
    const newId = Object.keys(changes).length
      ? await writeVersion(trx, row, patch, {
          admin: approver.user,
          action: 'edit',
          changes,
          now,
          draftId: draft.id,
        })
      : row.id;
    await also(trx, newId);
    return newId;
  });
}

/** Saves the text, options, key and explanation; unchanged content writes nothing. */
export function editQuestion(db: DB, admin: User, scope: StaffScope, input: UpdateQuestionInput) {
  return changeQuestion(db, scope, input.id, async (trx, row, now) => {
    const changes: Changes = {};
    for (const field of CONTENT_FIELDS) {
      if (input[field] !== row[field]) changes[field] = { old: row[field], new: input[field] };
    }
    if (!Object.keys(changes).length) return row.id;
    const patch = Object.fromEntries(
      Object.entries(changes).map(([f, c]) => [f, c.new]),
    ) as Partial<Question>;
    return writeVersion(trx, row, patch, { admin, action: 'edit', changes, now });
  });
}

/** Deactivates (no new session is served it) or reactivates; the same state again writes nothing. */
export function setQuestionActive(db: DB, admin: User, scope: StaffScope, id: number, active: boolean) {
  return changeQuestion(db, scope, id, async (trx, row, now) => {
    if ((row.is_active === 1) === active) return row.id;
    await setActiveFlag(trx, row.id, active);
    await suspendQuestionCards(trx, row.id, !active);
    await insertEdit(trx, {
      question_id: row.id,
      previous_question_id: null,
      admin_user_id: admin.id,
      action: active ? 'reactivate' : 'deactivate',
      changes: { is_active: { old: !active, new: active } },
      edited_at: now,
    });
    return row.id;
  });
}

/**
 * Moves a question to the end of another set of its own kind, which the caller may change: school
 * staff move their school's questions between their school's sets only. The new version belongs
 * to its new set's school.
 */
export function moveQuestion(db: DB, admin: User, scope: StaffScope, input: MoveQuestionInput) {
  return changeQuestion(db, scope, input.id, async (trx, row, now) => {
    const kind = kindOf(row);
    if (input.quiz_type !== kind) {
      throw fieldError(
        'quiz_type',
        `A ${KIND_NAME[kind]}'s question can only move to another ${KIND_NAME[kind]}.`,
      );
    }
    const fromId = (row.mock_exam_set_id ?? row.practice_set_id) as number;
    if (input.set_id === fromId)
      throw fieldError('set_id', `The question is already in this ${KIND_NAME[kind]}.`);
    const to = await findSetOfKind(trx, kind, input.set_id);
    const noSet = `There is no ${KIND_NAME[kind]} with id ${input.set_id}.`;
    if (!to || (scope.kind === 'school' && to.school_id !== null && to.school_id !== scope.schoolId))
      throw fieldError('set_id', noSet);
    assertMayChange(scope, to.school_id, noSet);
    const from = await findSetOfKind(trx, kind, fromId);
    // A practice question takes its new set's topic; a mock question keeps its tag within its
    // paper, and a topic of the old paper cannot follow it to another.
    const topicId = kind === 'practice' ? to.topic_id : to.paper_id === from?.paper_id ? row.topic_id : null;
    const patch = {
      practice_set_id: kind === 'practice' ? to.id : null,
      mock_exam_set_id: kind === 'mock' ? to.id : null,
      position: await nextPosition(trx, kind, to.id),
      topic_id: topicId,
      school_id: to.school_id,
    };
    const changes: Changes = { set: { old: from?.title ?? String(fromId), new: to.title } };
    if (topicId !== row.topic_id) changes.topic = await topicChange(trx, row.topic_id, topicId);
    return writeVersion(trx, row, patch, { admin, action: 'move', changes, now });
  });
}

const UNTAGGED_NAME = 'Untagged';

/** A topic change as the history shows it: the names, "Untagged" for none. */
async function topicChange(db: DB, from: number | null, to: number | null) {
  const names = await topicNames(
    db,
    [from, to].filter((id) => id !== null),
  );
  const nameOf = (id: number | null) => (id === null ? UNTAGGED_NAME : (names.get(id) ?? String(id)));
  return { old: nameOf(from), new: nameOf(to) };
}

/** "1 of the chosen questions is", "3 of the chosen questions are". */
const ofChosen = (n: number, total: number) =>
  total === 1 ? 'The question is' : `${n} of the ${total} chosen questions ${n === 1 ? 'is' : 'are'}`;

/**
 * Sets the topic of mock questions (null: untagged), all of them or none, in one transaction:
 * current versions only, and a topic of their paper. A practice question takes its set's topic, so
 * it is refused here (a move changes it). Each question whose topic changes gets an audit row.
 */
export function setQuestionsTopic(db: DB, admin: User, scope: StaffScope, input: SetTopicInput) {
  const ids = [...new Set(input.ids)];
  return serialized(
    db,
    ids.map((id) => `question:${id}`),
    async (trx) => {
      const topic = input.topic_id === null ? null : await findTopic(trx, input.topic_id);
      if (input.topic_id !== null && !topic)
        throw fieldError('topic_id', `There is no topic with id ${input.topic_id}.`);
      const rows = await questionsWithPaper(trx, ids);
      const missing = ids.length - rows.length;
      if (missing) {
        throw new TRPCError({
          code: 'NOT_FOUND',
          message: ids.length === 1 ? 'Question not found.' : `${ofChosen(missing, ids.length)} not found.`,
        });
      }
      for (const row of rows) assertMayChange(scope, row.school_id, NOT_FOUND);
      const nothing = 'Nothing was changed.';
      const old = rows.filter((r) => r.replaced_by_id !== null).length;
      if (old) {
        throw new TRPCError({
          code: 'CONFLICT',
          message: `${ofChosen(old, ids.length)} ${old === 1 ? 'an older version' : 'older versions'}: reload the list and choose again. ${nothing}`,
        });
      }
      const practice = rows.filter((r) => r.mock_exam_set_id === null).length;
      if (practice) {
        throw fieldError(
          'ids',
          `${ofChosen(practice, ids.length)} in a practice set, and takes its set's topic: move it to a set of another topic instead. ${nothing}`,
        );
      }
      const elsewhere = topic ? rows.filter((r) => r.paper_id !== topic.paper_id).length : 0;
      if (topic && elsewhere) {
        throw fieldError(
          'topic_id',
          `"${topic.name}" is a topic of ${topic.paper_name}; ${ofChosen(elsewhere, ids.length).replace(/^T/, 't')} in another paper. ${nothing}`,
        );
      }

      const changing = rows.filter((r) => r.topic_id !== input.topic_id);
      const now = new Date().toISOString();
      if (changing.length) {
        await setTopicOf(
          trx,
          changing.map((r) => r.id),
          input.topic_id,
        );
        const names = await topicNames(trx, [
          ...new Set([...changing.map((r) => r.topic_id), input.topic_id].filter((id) => id !== null)),
        ]);
        const nameOf = (id: number | null) => (id === null ? UNTAGGED_NAME : (names.get(id) ?? String(id)));
        await insertEdits(
          trx,
          changing.map((r) => ({
            question_id: r.id,
            previous_question_id: null,
            admin_user_id: admin.id,
            action: 'topic' as const,
            changes: { topic: { old: nameOf(r.topic_id), new: nameOf(input.topic_id) } },
            edited_at: now,
          })),
        );
      }
      const target = topic ? `the topic "${topic.name}"` : 'no topic';
      const unchanged = rows.length - changing.length;
      const already = unchanged ? ` ${plural(unchanged, 'question')} already had it.` : '';
      const message = changing.length
        ? topic
          ? `Topic set to "${topic.name}" for ${plural(changing.length, 'question')}.${already}`
          : `${plural(changing.length, 'question')} ${changing.length === 1 ? 'is' : 'are'} now untagged.${already}`
        : `Nothing changed: ${rows.length === 1 ? 'the question already has' : `all ${rows.length} questions already have`} ${target}.`;
      return { changed: changing.length, unchanged, topic_id: input.topic_id, message };
    },
  );
}
