// The load, fault and backup-under-load runs at CI size (npm run loadtest runs the full size),
// and proof that their checks can fail: tampering with a finished run's database is caught.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from '../db/sqliteDriver';
import { describe, expect, it } from 'vitest';
import { createDb } from '../db/client';
import { runLoad, type LoadReport } from './load/run';
import { verifyRun } from './load/verify';

const RUN_TIMEOUT_MS = 100_000;
const failed = (checks: Array<{ name: string; ok: boolean; detail: string }>) =>
  checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`);

/** One kill that hit students mid-exam (they saw failures), and nothing lost or wrong after it. */
function expectSurvivedOneKill(r: LoadReport) {
  expect(r.kills).toBe(1);
  expect(r.networkErrors).toBeGreaterThan(0);
  expect(r.lostOnResume).toEqual([]);
  expect(r.httpErrors).toEqual([]);
  expect(r.fatal).toEqual([]);
  expect(failed(r.checks)).toEqual([]);
  expect(r.ok).toBe(true);
}

describe('load test (CI size)', () => {
  it(
    '30 students sign in, take the same mock and submit with no error and nothing lost',
    async () => {
      const r = await runLoad({
        students: 30,
        questions: 50,
        thinkMs: 20,
        timeLimitMs: 80_000,
        keepData: true,
      });
      try {
        expect(r.httpErrors).toEqual([]);
        expect(r.fatal).toEqual([]);
        expect(r.networkErrors).toBe(0);
        expect(failed(r.checks)).toEqual([]);
        expect(r.acks).toBe(30 * 52);
        expect(Object.keys(r.latencies).sort()).toEqual([
          'auth.login',
          'quiz.saveAnswer',
          'quiz.start',
          'quiz.submit',
        ]);
        expect(r.ok).toBe(true);

        // The same checks on a damaged copy must fail: a lost answer and a wrong grade.
        const file = r.databaseFile as string;
        const conn = new SQLite(file);
        const victim = r.logs.find((l) => l.acks.size > 0 && l.sessionId !== null);
        const [qid] = [...(victim?.acks.keys() ?? [])];
        conn
          .prepare('delete from session_answers where session_id = ? and question_id = ?')
          .run(victim?.sessionId, qid);
        conn
          .prepare(
            'update quiz_results set correct_answers = correct_answers + 1 where id = (select min(id) from quiz_results)',
          )
          .run();
        conn.close();
        const db = createDb(file);
        const damaged = failed(await verifyRun(db, r.logs, r.quizId));
        await db.destroy();
        expect(damaged.some((d) => d.startsWith('every acknowledged answer is stored'))).toBe(true);
        expect(damaged.some((d) => d.startsWith('every result graded exactly'))).toBe(true);
      } finally {
        if (r.databaseFile) fs.rmSync(path.dirname(r.databaseFile), { recursive: true, force: true });
      }
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'the server killed (SIGKILL) mid-run and restarted loses no acknowledged answer; every session resumes and is graded, abandoned ones by the restart',
    async () => {
      const r = await runLoad({
        students: 20,
        questions: 50,
        thinkMs: 20,
        timeLimitMs: 80_000,
        kill: { atShare: 0.4, downMs: 300, abandoned: 3 },
        keepData: true,
      });
      const file = r.databaseFile as string;
      // Three students left before the crash with their deadline passed: the restart grades them.
      const conn = new SQLite(file, { readonly: true });
      const graded = conn
        .prepare(
          "select count(*) as n from quiz_results r join quiz_sessions s on s.id = r.session_id where s.quiz_name = 'Abandoned attempt'",
        )
        .get() as { n: number };
      conn.close();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
      expect(graded.n).toBe(3);
      expectSurvivedOneKill(r);
      // The restart lost every session's place: the students resumed them.
      expect(r.resumes).toBeGreaterThan(0);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'an online backup taken under load restores to a sound database holding every answer acknowledged before it',
    async () => {
      const r = await runLoad({
        students: 20,
        questions: 50,
        thinkMs: 20,
        timeLimitMs: 80_000,
        backup: { atShare: 0.5 },
      });
      expect(r.backup).not.toBeNull();
      expect(r.backup?.ackedBefore).toBeGreaterThan(0);
      expect(r.backup?.ackedBefore).toBeLessThan(r.acks);
      expect(failed(r.backup?.checks ?? [])).toEqual([]);
      expect(r.backup?.checks.map((c) => c.name)).toEqual([
        'backup: PRAGMA integrity_check',
        'every answer acknowledged before the backup began is in the backup',
      ]);
      expect(r.ok).toBe(true);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'on PostgreSQL with two worker processes, one killed (SIGKILL) mid-run loses no acknowledged answer while the other serves',
    async () => {
      const r = await runLoad({
        students: 20,
        questions: 50,
        thinkMs: 20,
        timeLimitMs: 80_000,
        database: 'postgres',
        processes: 2,
        kill: { atShare: 0.4, downMs: 0 },
      });
      expectSurvivedOneKill(r);
      expect(r.checks.map((c) => c.name)).toContain('every acknowledged answer is stored');
    },
    RUN_TIMEOUT_MS,
  );
});
