// The checks after a load or fault run, read straight from the SQLite file: every acknowledged
// answer is stored, every result is graded exactly as the stored answers and the key say (re-
// computed here, independently of the server's grading code), one result per session, one
// session per student, no session left open, and PRAGMA integrity_check is ok.
import SQLite from 'better-sqlite3';
import type { AnswerLetter } from '../../db/schema';
import type { StudentLog } from './student';

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

interface SessionRow {
  id: number;
  email: string;
  question_ids: string;
  submitted_at: string | null;
}
interface ResultRow {
  id: number;
  session_id: number;
  correct_answers: number;
  total_questions: number;
  score: number;
  percentage: number;
}

const MAX_LISTED = 5;
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
export function ackedAnswersPresent(
  conn: SQLite.Database,
  logs: StudentLog[],
  mode: 'final' | 'snapshot',
  later: StudentLog[] = logs,
): Check {
  const laterByEmail = new Map(later.map((l) => [l.email, l]));
  const name =
    mode === 'final'
      ? 'every acknowledged answer is stored'
      : 'every answer acknowledged before the backup began is in the backup';
  const stmt = conn.prepare<[number, number], { selected_answer: AnswerLetter }>(
    'select selected_answer from session_answers where session_id = ? and question_id = ?',
  );
  const problems: string[] = [];
  let n = 0;
  for (const log of logs) {
    if (log.sessionId === null) continue;
    for (const [qid, letters] of log.acks) {
      n++;
      const row = stmt.get(log.sessionId, qid);
      const allowed = mode === 'final' ? letters : (laterByEmail.get(log.email)?.acks.get(qid) ?? letters);
      if (!row || !allowed.includes(row.selected_answer)) {
        problems.push(
          `${log.email} q${qid}: acknowledged ${letters.join('>')}, stored ${row?.selected_answer ?? 'nothing'}`,
        );
      } else if (mode === 'final' && row.selected_answer !== letters.at(-1)) {
        problems.push(`${log.email} q${qid}: final ${letters.at(-1)}, stored ${row.selected_answer}`);
      }
    }
  }
  return check(name, problems, `${n} acknowledged answers, all stored`);
}

export function verifyRun(file: string, logs: StudentLog[], quizId: number): Check[] {
  const conn = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const checks: Check[] = [];
    const integrity = String(conn.pragma('integrity_check', { simple: true }));
    checks.push({ name: 'PRAGMA integrity_check', ok: integrity === 'ok', detail: integrity });
    checks.push(ackedAnswersPresent(conn, logs, 'final'));

    const sessions = conn
      .prepare<[number], SessionRow>(
        `select s.id, u.email, s.question_ids, s.submitted_at from quiz_sessions s join users u on u.id = s.user_id
         where s.quiz_type = 'mock' and s.quiz_id = ? order by s.id`,
      )
      .all(quizId);
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

    const results = conn.prepare<[], ResultRow>('select * from quiz_results').all();
    const bySession = new Map<number, ResultRow[]>();
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
      conn
        .prepare<[], { id: number; correct_answer: AnswerLetter }>('select id, correct_answer from questions')
        .all()
        .map((q) => [q.id, q.correct_answer]),
    );
    const stored = conn.prepare<[number], { question_id: number; selected_answer: AnswerLetter }>(
      'select question_id, selected_answer from session_answers where session_id = ?',
    );
    const logOf = new Map(logs.map((l) => [l.sessionId, l]));
    const grading: string[] = [];
    for (const s of sessions) {
      const result = bySession.get(s.id)?.[0];
      if (!result) continue;
      // A result's answers are its session's saved ones (the review reads them back): the score
      // must be theirs, and each must be the student's own last acknowledged choice.
      const ids = JSON.parse(s.question_ids) as number[];
      const answers = new Map(stored.all(s.id).map((a) => [a.question_id, a.selected_answer]));
      let correct = 0;
      for (const qid of ids) {
        const chosen = answers.get(qid) ?? null;
        if (chosen !== null && chosen === key.get(qid)) correct++;
        const mine = logOf.get(s.id)?.acks.get(qid)?.at(-1);
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
  } finally {
    conn.close();
  }
}
