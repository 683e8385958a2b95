// The checks after a load or fault run, read straight from the database (SQLite or PostgreSQL):
// every acknowledged answer is stored, every result is graded exactly as the stored answers and
// the key say (recomputed here, independently of the server's grading code), one result per
// session, one session per student, no session left open, and on SQLite PRAGMA integrity_check.
import { sql } from 'kysely';
import type { DB } from '../../db/client';
import { isPostgres } from '../../db/dialect';
import type { AnswerLetter } from '../../db/schema';
import type { StudentLog } from './student';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

const MAX_LISTED = 5;
const SHOWN = 'ABCD';

/**
 * Students acknowledge the letters they were shown; the database stores the canonical ones. Maps
 * one to the other through each session's own stored option orders (a shuffled attempt, migration
 * 0007), written out here rather than through the server's code.
 */
async function toStoredLetters(
  db: DB,
): Promise<(sessionId: number, qid: number, shown: AnswerLetter) => AnswerLetter> {
  const orders = new Map<number, Record<string, string>>();
  for (const s of await db.selectFrom('quiz_sessions').select(['id', 'option_orders']).execute()) {
    if (s.option_orders) orders.set(s.id, JSON.parse(s.option_orders) as Record<string, string>);
  }
  return (sessionId, qid, shown) => {
    const order = orders.get(sessionId)?.[String(qid)];
    return order ? (order[SHOWN.indexOf(shown)] as AnswerLetter) : shown;
  };
}
const check = (name: string, problems: string[], okDetail: string): Check => ({
  name,
  ok: problems.length === 0,
  detail: problems.length
    ? `${problems.length} problem(s): ${problems.slice(0, MAX_LISTED).join('; ')}`
    : okDetail,
});

/**
 * Acknowledged answers must be stored. After a run the final letter must be there. In a backup
 * taken mid-run ('snapshot', `logs` = the acknowledgements when it began) every answer
 * acknowledged before it must be present; its letter may be any the student chose for that
 * question over the whole run (`later`), since a change in flight may have committed before
 * the copy was made even though its acknowledgement came after.
 */
export async function ackedAnswersPresent(
  db: DB,
  logs: StudentLog[],
  mode: 'final' | 'snapshot',
  later: StudentLog[] = logs,
): Promise<Check> {
  const laterByEmail = new Map(later.map((l) => [l.email, l]));
  const name =
    mode === 'final'
      ? 'every acknowledged answer is stored'
      : 'every answer acknowledged before the backup began is in the backup';
  const stored = new Map(
    (
      await db
        .selectFrom('session_answers')
        .select(['session_id', 'question_id', 'selected_answer'])
        .execute()
    ).map((a) => [`${a.session_id}:${a.question_id}`, a.selected_answer]),
  );
  const canonical = await toStoredLetters(db);
  const problems: string[] = [];
  let n = 0;
  for (const log of logs) {
    const sessionId = log.sessionId;
    if (sessionId === null) continue;
    for (const [qid, shown] of log.acks) {
      n++;
      const letter = stored.get(`${sessionId}:${qid}`);
      const letters = shown.map((l) => canonical(sessionId, qid, l));
      const later = laterByEmail
        .get(log.email)
        ?.acks.get(qid)
        ?.map((l) => canonical(sessionId, qid, l));
      const allowed = mode === 'final' ? letters : (later ?? letters);
      if (!letter || !allowed.includes(letter)) {
        problems.push(
          `${log.email} q${qid}: acknowledged ${letters.join('>')}, stored ${letter ?? 'nothing'}`,
        );
      } else if (mode === 'final' && letter !== letters.at(-1)) {
        problems.push(`${log.email} q${qid}: final ${letters.at(-1)}, stored ${letter}`);
      }
    }
  }
  return check(name, problems, `${n} acknowledged answers, all stored`);
}

/** SQLite's own check of its file (PostgreSQL checks its pages itself): 'ok' when sound. */
export async function integrityCheck(db: DB): Promise<Check | null> {
  if (isPostgres(db)) return null;
  const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  const result = rows.map((r) => r.integrity_check).join('; ');
  return { name: 'PRAGMA integrity_check', ok: result === 'ok', detail: result };
}

export async function verifyRun(db: DB, logs: StudentLog[], quizId: number): Promise<Check[]> {
  const checks: Check[] = [];
  const integrity = await integrityCheck(db);
  if (integrity) checks.push(integrity);
  checks.push(await ackedAnswersPresent(db, logs, 'final'));

  const sessions = await db
    .selectFrom('quiz_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 'u.email', 's.question_ids', 's.submitted_at'])
    .where('s.quiz_type', '=', 'mock')
    .where('s.quiz_id', '=', quizId)
    .orderBy('s.id')
    .execute();
  const perStudent = new Map<string, number>();
  for (const s of sessions) perStudent.set(s.email, (perStudent.get(s.email) ?? 0) + 1);
  checks.push(
    check(
      'one session per student (a retried start resumes)',
      [
        ...logs.filter((l) => !perStudent.has(l.email)).map((l) => `${l.email}: no session`),
        ...[...perStudent].filter(([, n]) => n !== 1).map(([e, n]) => `${e}: ${n} sessions`),
      ],
      `${sessions.length} sessions for ${logs.length} students`,
    ),
  );
  checks.push(
    check(
      'no session left open',
      sessions.filter((s) => s.submitted_at === null).map((s) => `session ${s.id} of ${s.email}`),
      'all submitted',
    ),
  );

  const results = await db.selectFrom('quiz_results').selectAll().execute();
  const bySession = new Map<number, typeof results>();
  for (const r of results) bySession.set(r.session_id, [...(bySession.get(r.session_id) ?? []), r]);
  checks.push(
    check(
      'exactly one result per session',
      sessions
        .filter((s) => bySession.get(s.id)?.length !== 1)
        .map((s) => `session ${s.id}: ${bySession.get(s.id)?.length ?? 0}`),
      `${results.length} results`,
    ),
  );

  const key = new Map(
    (await db.selectFrom('questions').select(['id', 'correct_answer']).execute()).map((q) => [
      q.id,
      q.correct_answer,
    ]),
  );
  const stored = new Map<number, Map<number, AnswerLetter>>();
  for (const a of await db
    .selectFrom('session_answers')
    .select(['session_id', 'question_id', 'selected_answer'])
    .execute()) {
    if (!stored.has(a.session_id)) stored.set(a.session_id, new Map());
    stored.get(a.session_id)!.set(a.question_id, a.selected_answer);
  }
  const logOf = new Map(logs.map((l) => [l.sessionId, l]));
  const canonical = await toStoredLetters(db);
  const grading: string[] = [];
  for (const s of sessions) {
    const result = bySession.get(s.id)?.[0];
    if (!result) continue;
    // A result's answers are its session's saved ones (the review reads them back): the score
    // must be theirs, and each must be the student's own last acknowledged choice.
    const ids = JSON.parse(s.question_ids) as number[];
    const answers = stored.get(s.id) ?? new Map<number, AnswerLetter>();
    let correct = 0;
    for (const qid of ids) {
      const chosen = answers.get(qid) ?? null;
      if (chosen !== null && chosen === key.get(qid)) correct++;
      const shown = logOf.get(s.id)?.acks.get(qid)?.at(-1);
      const mine = shown === undefined ? undefined : canonical(s.id, qid, shown);
      if (mine !== undefined && mine !== chosen)
        grading.push(`result ${result.id} q${qid}: student chose ${mine}, graded ${chosen}`);
    }
    const pct = Math.round((correct / ids.length) * 100);
    if (
      result.correct_answers !== correct ||
      result.total_questions !== ids.length ||
      result.score !== correct ||
      result.percentage !== pct
    ) {
      grading.push(
        `result ${result.id}: ${result.correct_answers}/${result.total_questions} (${result.percentage}%), recomputed ${correct}/${ids.length} (${pct}%)`,
      );
    }
  }
  checks.push(
    check(
      'every result graded exactly as the stored answers and the key say',
      grading,
      `${results.length} results recomputed`,
    ),
  );
  return checks;
}
