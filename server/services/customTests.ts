// "Create a test": a session the student builds from the bank, by programme, topics and a pool of
// their own history (docs/learning.md), and "what is left to do": per topic, the questions seen
// out of those in the bank. A custom test belongs to no set (quiz_id 0, origin 'custom', no
// origin_id) and is resumed, saved, submitted, graded and reviewed as any other session: tutor
// mode is a practice session (each answer checked with its explanation), timed mode a mock one (a
// minute a question, no key in the start's answer).
import { TRPCError } from '@trpc/server';
import { readCacheOf, type DB } from '../../db/client';
import { serialized } from '../../db/dialect';
import type { User } from '../../db/schema';
import type { RandomSource } from '../../shared/domain/optionOrder';
import {
  EMPTY_POOL,
  poolShortfall,
  type CustomCountInput,
  type CustomStartInput,
} from '../../shared/schemas/customTests';
import { fieldError } from '../errors';
import { CONTENT_TABLES, findProgram } from '../queries/catalog';
import { audienceOfUser, canSee } from '../queries/contentVisibility';
import {
  bankTopics,
  findOpenCustomSession,
  ownQuestionIds,
  servableQuestionTopics,
  type BankTopic,
} from '../queries/customTests';
import type { CustomPool } from '../../shared/schemas/customTests';
import { insertSession } from '../queries/quiz';
import { arrangeAttempt, secureRandom } from './attemptOrder';
import { NO_SET } from './learning/practiceLists';
import { resumeQuiz, type QuizStart } from './quizSessions';

/**
 * The catalogue's topics this student may build from: national programmes' and their school's.
 * Every school's are read once and shared until the content changes.
 */
async function topicsOfBank(db: DB, user: User): Promise<BankTopic[]> {
  const audience = audienceOfUser(user);
  const all = await readCacheOf(db).get('custom-tests:topics', CONTENT_TABLES, () => bankTopics(db));
  return all.filter((t) => canSee(audience, t.school_id));
}

/**
 * The bank by topic: each servable question's topic, each topic's national questions, and each
 * school's own questions by topic (a school's own are few beside the national bank).
 */
interface Bank {
  topicOf: ReadonlyMap<number, number>;
  schoolOf: ReadonlyMap<number, number>;
  byTopic: ReadonlyMap<number, readonly number[]>;
  bySchool: ReadonlyMap<number, ReadonlyMap<number, readonly number[]>>;
}

function push<K>(map: Map<K, number[]>, key: K, id: number) {
  const ids = map.get(key);
  if (ids) ids.push(id);
  else map.set(key, [id]);
}

/**
 * The bank, shared by every student until the content changes: a pool is then the student's own
 * rows (a few thousand ids at most) matched against it in memory, with no join over the bank's
 * questions, which PostgreSQL answered by reading their wide rows from the heap.
 */
function bankOf(db: DB): Promise<Bank> {
  return readCacheOf(db).get('custom-tests:bank', CONTENT_TABLES, async () => {
    const topicOf = new Map<number, number>();
    const schoolOf = new Map<number, number>();
    const byTopic = new Map<number, number[]>();
    const bySchool = new Map<number, Map<number, number[]>>();
    for (const q of await servableQuestionTopics(db)) {
      topicOf.set(q.id, q.topic_id);
      if (q.school_id === null) {
        push(byTopic, q.topic_id, q.id);
        continue;
      }
      schoolOf.set(q.id, q.school_id);
      let own = bySchool.get(q.school_id);
      if (!own) bySchool.set(q.school_id, (own = new Map()));
      push(own, q.topic_id, q.id);
    }
    return { topicOf, schoolOf, byTopic, bySchool };
  });
}

/** The topic's questions this student may be served: national and their school's own. */
function questionsOfTopic(bank: Bank, user: User, topicId: number): readonly number[] {
  const national = bank.byTopic.get(topicId) ?? [];
  const own = user.school_id === null ? undefined : bank.bySchool.get(user.school_id)?.get(topicId);
  return own ? [...national, ...own] : national;
}

/** The topic of a question of the student's history, if the bank still serves it to them. */
function topicFor(bank: Bank, user: User, questionId: number): number | undefined {
  const school = bank.schoolOf.get(questionId);
  if (school !== undefined && school !== user.school_id) return undefined;
  return bank.topicOf.get(questionId);
}

/** The pool's questions in each of these topics, read only from the caller's own history. */
async function poolByTopic(db: DB, user: User, pool: CustomPool, topicIds: readonly number[]) {
  const bank = await bankOf(db);
  const out = new Map<number, number[]>(topicIds.map((id) => [id, []]));
  if (pool === 'all' || pool === 'unused') {
    const seen = new Set(pool === 'unused' ? await ownQuestionIds(db, user.id, 'seen') : []);
    for (const id of topicIds)
      out.set(
        id,
        questionsOfTopic(bank, user, id).filter((q) => !seen.has(q)),
      );
    return out;
  }
  for (const q of await ownQuestionIds(db, user.id, pool)) {
    const topic = topicFor(bank, user, q);
    if (topic !== undefined) out.get(topic)?.push(q);
  }
  return out;
}

/**
 * The programme's topics, with the chosen ones checked against them: ids from the client are
 * never trusted, so a topic of another programme (or a hidden one) refuses the whole request.
 */
async function programTopics(db: DB, user: User, programId: number, chosen: number[]) {
  const topics = (await topicsOfBank(db, user)).filter((t) => t.program_id === programId);
  const scope = { activeOnly: true, audience: audienceOfUser(user) };
  if (!topics.length && !(await findProgram(db, programId, scope))) {
    throw new TRPCError({ code: 'NOT_FOUND', message: 'Program not found' });
  }
  const ours = new Set(topics.map((t) => t.id));
  if (chosen.some((id) => !ours.has(id))) {
    throw fieldError('topic_ids', 'Choose topics of the chosen programme only.');
  }
  return topics;
}

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

/** The builder's live count: the pool per topic of the programme, and in all the chosen topics. */
export async function countPool(db: DB, user: User, input: CustomCountInput) {
  const topics = await programTopics(db, user, input.program_id, input.topic_ids);
  const pool = await poolByTopic(
    db,
    user,
    input.pool,
    topics.map((t) => t.id),
  );
  const available = (id: number) => pool.get(id)?.length ?? 0;
  const chosen = new Set(input.topic_ids);
  return {
    available: sum([...chosen].map(available)),
    topics: topics.map((t) => ({ topic_id: t.id, available: available(t.id), chosen: chosen.has(t.id) })),
  };
}

interface Figures {
  bank: number;
  seen: number;
}
const totalOf = (parts: Figures[]): Figures => ({
  bank: sum(parts.map((p) => p.bank)),
  seen: sum(parts.map((p) => p.seen)),
});

/** Groups rows by a key, keeping the order in which keys first appear. */
function groupBy<T, K>(rows: T[], key: (row: T) => K): T[][] {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return [...groups.values()];
}

/**
 * What is left to do: per programme, paper and topic, the questions in the bank and how many of
 * them the student has seen (answered in a graded session); and the custom test under way.
 */
export async function whatIsLeft(db: DB, user: User, now = new Date()) {
  const topics = await topicsOfBank(db, user);
  const bank = await bankOf(db);
  const seen = new Map<number, number>();
  for (const q of await ownQuestionIds(db, user.id, 'seen')) {
    const topic = topicFor(bank, user, q);
    if (topic !== undefined) seen.set(topic, (seen.get(topic) ?? 0) + 1);
  }
  const rows = topics.map((t) => ({
    ...t,
    bank: questionsOfTopic(bank, user, t.id).length,
    seen: seen.get(t.id) ?? 0,
  }));
  const programs = groupBy(rows, (r) => r.program_id).map((inProgram) => {
    const papers = groupBy(inProgram, (r) => r.paper_id).map((inPaper) => {
      const topicFigures = inPaper.map((t) => ({ id: t.id, name: t.name, bank: t.bank, seen: t.seen }));
      return {
        id: inPaper[0].paper_id,
        name: inPaper[0].paper_name,
        ...totalOf(topicFigures),
        topics: topicFigures,
      };
    });
    return { id: inProgram[0].program_id, name: inProgram[0].program_name, ...totalOf(papers), papers };
  });
  const open = await findOpenCustomSession(db, user.id, now.toISOString());
  return {
    programs,
    in_progress: open && {
      session_id: open.id,
      quiz_name: open.quiz_name,
      timed: open.quiz_type === 'mock',
    },
  };
}

/** `n` of the items, each as likely as any other, in a random order. */
function drawFrom<T>(items: readonly T[], n: number, random: RandomSource): T[] {
  const out = [...items];
  const take = Math.min(n, out.length);
  for (let i = 0; i < take; i++) {
    const j = i + Math.floor(random() * (out.length - i));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out.slice(0, take);
}

/**
 * Draws the test at random from the pool and starts it. The pool is read in the start's
 * transaction, so what is drawn is what the student's history held at that moment.
 */
export async function startCustomTest(
  db: DB,
  user: User,
  input: CustomStartInput,
  now = new Date(),
  random: RandomSource = secureRandom,
): Promise<QuizStart> {
  const topics = await programTopics(db, user, input.program_id, input.topic_ids);
  const programName = topics[0].program_name;
  const timed = input.mode === 'timed';
  return serialized(db, [`custom-test-start:${user.id}`], async (trx) => {
    const pool = [
      ...(await poolByTopic(trx, user, input.pool, [...new Set(input.topic_ids)])).values(),
    ].flat();
    const shortfall = poolShortfall(pool.length, input.question_count);
    if (shortfall === EMPTY_POOL) throw new TRPCError({ code: 'BAD_REQUEST', message: shortfall });
    if (shortfall) throw fieldError('question_count', shortfall);
    const order = arrangeAttempt(drawFrom(pool, input.question_count, random), timed, random);
    const session = await insertSession(trx, {
      user_id: user.id,
      quiz_type: timed ? 'mock' : 'practice',
      quiz_id: NO_SET,
      quiz_name: `Custom test: ${order.questionIds.length} questions, ${programName} (${input.mode})`,
      question_ids: order.questionIds,
      option_orders: order.optionOrders,
      started_at: now.toISOString(),
      // A minute a question, as in the licensing exam.
      deadline_at: timed ? new Date(now.getTime() + order.questionIds.length * 60_000).toISOString() : null,
      origin: 'custom',
      origin_id: null,
    });
    return resumeQuiz(trx, user, session.id, now);
  });
}
