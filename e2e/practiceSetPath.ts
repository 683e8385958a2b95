// One practice set in its own program, paper and topic, with the page that lists it: where the
// phone tests of a single practice set begin.
import type { DB } from '../db/client';
import {
  insertPaper,
  insertPracticeSet,
  insertProgram,
  insertQuestions,
  insertTopic,
} from '../server/test/fixtures';

/** `count` unshuffled questions labelled P1, P2… with keys A, B, C, D in turn. */
export async function practiceSetWithPath(db: DB, title: string, count: number) {
  const program = await insertProgram(db);
  const paper = await insertPaper(db, program.id);
  const topic = await insertTopic(db, paper.id);
  const set = await insertPracticeSet(db, topic.id, title);
  await db.updateTable('practice_sets').set({ shuffle: 0 }).where('id', '=', set.id).execute();
  const questions = await insertQuestions(db, { practice_set_id: set.id }, count, 'P');
  const listPath = `/practice-tests/${program.id}/papers/${paper.id}/topics/${topic.id}/practice-sets`;
  return { set, questions, listPath };
}
