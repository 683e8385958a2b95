// Changes to one question of the bank (docs/question-bank.md). A question row
// never changes what it says or where it sits: an edit or a move writes a new version in one
// transaction and retires the old row, so every session that holds the old id (in progress or
// graded) keeps grading and reviewing on what it showed. Deactivating flips the row's flag only.
// Each change leaves an audit row: who, when, and each field's old and new value.
import { TRPCError } from '@trpc/server';
import type { DB } from '../../db/client';
import { serialized } from '../../db/dialect';
import type { Question, User } from '../../db/schema';
import {
  CONTENT_FIELDS,
  type MoveQuestionInput,
  type UpdateQuestionInput,
} from '../../shared/schemas/questionBank';
import { ErrorDetails, fieldError } from '../errors';
import {
  findBankQuestion,
  findQuestionRow,
  findSetOfKind,
  insertEdit,
  insertQuestionVersion,
  nextPosition,
  retireQuestion,
  setActiveFlag,
  type Changes,
} from '../queries/questionBank';
import { textKey } from './import/textKey';
import { followQuestionEdit, suspendQuestionCards } from './reviewDeck';

const KIND_NAME = { mock: 'mock exam set', practice: 'practice set' } as const;

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Question not found.' });

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
 * (PostgreSQL: an advisory lock; SQLite: the write lock every write transaction takes at begin).
 * Answers the question as the bank shows it after the change (a new version has a new id).
 */
async function changeQuestion(
  db: DB,
  id: number,
  change: (trx: DB, row: Question, now: string) => Promise<number>,
) {
  const resultId = await serialized(db, [`question:${id}`], async (trx) => {
    const row = await findQuestionRow(trx, id);
    if (!row) throw notFound();
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
  audit: { admin: User; action: 'edit' | 'move'; changes: Changes; now: string },
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
  });
  return newId;
}

/** Saves the text, options, key and explanation; unchanged content writes nothing. */
export function editQuestion(db: DB, admin: User, input: UpdateQuestionInput) {
  return changeQuestion(db, input.id, async (trx, row, now) => {
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
export function setQuestionActive(db: DB, admin: User, id: number, active: boolean) {
  return changeQuestion(db, id, async (trx, row, now) => {
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

/** Moves a question to the end of another set of its own kind. */
export function moveQuestion(db: DB, admin: User, input: MoveQuestionInput) {
  return changeQuestion(db, input.id, async (trx, row, now) => {
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
    if (!to) throw fieldError('set_id', `There is no ${KIND_NAME[kind]} with id ${input.set_id}.`);
    const patch = {
      practice_set_id: kind === 'practice' ? to.id : null,
      mock_exam_set_id: kind === 'mock' ? to.id : null,
      position: await nextPosition(trx, kind, to.id),
    };
    const from = await findSetOfKind(trx, kind, fromId);
    const changes = { set: { old: from?.title ?? String(fromId), new: to.title } };
    return writeVersion(trx, row, patch, { admin, action: 'move', changes, now });
  });
}
