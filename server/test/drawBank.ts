// A bank to draw from: topics of a paper, each with a practice set of tagged questions (as the
// import tags them), for the tests of drawn mocks and exam days.
import type { DB } from '../../db/client';
import { insertPracticeSet, insertQuestions, insertTopic } from './fixtures';

/** A topic of the paper with one practice set of `count` questions tagged with it. */
export async function topicWithQuestions(db: DB, paperId: number, name: string, count: number) {
  const topic = await insertTopic(db, paperId, name);
  const set = await insertPracticeSet(db, topic.id, `${name} practice`);
  const questions = await insertQuestions(db, { practice_set_id: set.id }, count, name.replace(/\W/g, ''));
  await db
    .updateTable('questions')
    .set({ topic_id: topic.id })
    .where('practice_set_id', '=', set.id)
    .execute();
  return { topic, set, ids: questions.map((q) => q.id) };
}

/** The topic of each question. */
export async function topicsOf(db: DB, ids: number[]): Promise<Map<number, number | null>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('questions').select(['id', 'topic_id']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.topic_id]));
}
