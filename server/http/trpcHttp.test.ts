// The lean tRPC front (trpcHttp.ts) against tRPC's own Express adapter: both serve the same
// database, and every request here must get the same status, headers and body from each.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressResponses } from './compression';
import { createContext } from '../context';
import { appRouter } from '../router';
import { logInternalErrors } from '../trpc';
import { seedAll } from '../services/seed';
import { signUpAndIn, startTestServer, type TestServer } from '../test/harness';

let t: TestServer;
let reference: Server;
let referenceUrl: string;
let token: string;
let programId: number;
/** A practice session (no deadline, so a repeated save answers the same) and two of its questions. */
let practice: { sessionId: number; questions: number[] };

beforeAll(async () => {
  // Errors only: the stack of an unexpected failure is looked for in the log.
  t = await startTestServer({ captureLogs: true, env: { LOG_LEVEL: 'error' } });
  await seedAll(t.db);
  token = (await signUpAndIn(t)).access;
  programId = (await t.db.selectFrom('programs').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  const set = await t.db.selectFrom('practice_sets').select('id').orderBy('id').executeTakeFirstOrThrow();
  const started = await t.api<{
    result: { data: { session: { id: number }; questions: Array<{ id: number }> } };
  }>('POST', '/trpc/quiz.start', { token, body: { quiz_type: 'practice', quiz_id: set.id } });
  const { session, questions } = started.body.result.data;
  practice = { sessionId: session.id, questions: questions.slice(0, 2).map((q) => q.id) };
  // tRPC's adapter alone, on the same services and database.
  const app = express();
  app.use(compressResponses());
  app.use('/trpc', express.json({ limit: '100kb' }));
  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: ({ req }) => createContext(t.deps, req),
      maxBatchSize: 20,
      onError: logInternalErrors(t.deps.logger),
    }),
  );
  reference = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  referenceUrl = `http://127.0.0.1:${(reference.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => reference.close(resolve));
  await t.close();
});

interface Probe {
  name: string;
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: string;
  headers?: Record<string, string>;
  signedIn?: boolean;
}

async function answer(base: string, p: Probe) {
  const headers: Record<string, string> = { ...p.headers };
  if (p.signedIn) headers.authorization = `Bearer ${token}`;
  const res = await fetch(base + p.path, { method: p.method ?? 'GET', headers, body: p.body });
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    vary: res.headers.get('vary'),
    body: await res.text(),
  };
}

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const json = { 'content-type': 'application/json' };

// Reads first, then mutations that fail or change nothing, so both servers see the same state.
const probes = (): Probe[] => [
  { name: 'query, signed in', path: '/trpc/catalog.programs', signedIn: true },
  { name: 'query, signed out', path: '/trpc/catalog.programs' },
  { name: 'query with input', path: `/trpc/catalog.papers?input=${q({ programId })}`, signedIn: true },
  { name: 'unknown id', path: `/trpc/catalog.papers?input=${q({ programId: 99999 })}`, signedIn: true },
  { name: 'invalid input', path: `/trpc/catalog.papers?input=${q({ programId: 'x' })}`, signedIn: true },
  { name: 'missing input', path: '/trpc/catalog.papers', signedIn: true },
  {
    name: 'batch, all fine',
    path: `/trpc/catalog.programs,catalog.papers?batch=1&input=${q({ 1: { programId } })}`,
    signedIn: true,
  },
  {
    name: 'batch, mixed statuses (207)',
    path: `/trpc/catalog.programs,catalog.papers?batch=1&input=${q({ 1: { programId: 99999 } })}`,
    signedIn: true,
  },
  { name: 'batch without input', path: '/trpc/profile.get,notifications.list?batch=1', signedIn: true },
  { name: 'admin query as a student', path: '/trpc/admin.users', signedIn: true },
  { name: 'unknown procedure', path: '/trpc/catalog.nothing', signedIn: true },
  { name: 'mutation over GET', path: '/trpc/auth.logout', signedIn: true },
  { name: 'query over POST', method: 'POST', path: '/trpc/catalog.programs', body: '{}', headers: json },
  { name: 'unparsable input', path: '/trpc/catalog.papers?input=%7Bnope', signedIn: true },
  { name: 'batch input not an object', path: `/trpc/catalog.papers?batch=1&input=${q([1])}`, signedIn: true },
  {
    name: 'batch over the limit',
    path: `/trpc/${Array.from({ length: 21 }, () => 'catalog.programs').join(',')}?batch=1`,
    signedIn: true,
  },
  {
    name: 'streaming link',
    path: '/trpc/catalog.programs?batch=1',
    headers: { 'trpc-accept': 'application/jsonl' },
  },
  { name: 'batch parameter twice', path: '/trpc/catalog.programs?batch=1&batch=1', signedIn: true },
  {
    name: 'encoded names',
    path: `/trpc/catalog%2Eprograms%2Ccatalog.papers?batch=1&input=${q({ 1: { programId } })}`,
    signedIn: true,
  },
  {
    name: 'streaming asked for in Accept',
    path: '/trpc/catalog.programs?batch=1',
    headers: { accept: 'application/json, application/jsonl' },
    signedIn: true,
  },
  {
    name: 'mutation, wrong password',
    method: 'POST',
    path: '/trpc/auth.login',
    body: JSON.stringify({ email: 'nobody@example.com', password: 'Not-the-password-1' }),
    headers: json,
  },
  {
    name: 'mutation, invalid body',
    method: 'POST',
    path: '/trpc/quiz.saveAnswer',
    body: '{}',
    headers: json,
    signedIn: true,
  },
  {
    name: 'mutation, unknown session',
    method: 'POST',
    path: '/trpc/quiz.saveAnswer',
    body: JSON.stringify({ session_id: 424242, question_id: 1, selected_answer: 'A' }),
    headers: json,
    signedIn: true,
  },
  {
    name: 'batched mutations, both refused',
    method: 'POST',
    path: '/trpc/quiz.submit,quiz.saveAnswer?batch=1',
    body: JSON.stringify({
      0: { session_id: 424242 },
      1: { session_id: practice.sessionId, question_id: 1, selected_answer: 'E' },
    }),
    headers: json,
    signedIn: true,
  },
  {
    name: 'batched saves, as the client sends them',
    method: 'POST',
    path: '/trpc/quiz.saveAnswer,quiz.saveAnswer?batch=1',
    body: JSON.stringify({
      0: { session_id: practice.sessionId, question_id: practice.questions[0], selected_answer: 'A' },
      1: { session_id: practice.sessionId, question_id: practice.questions[1], selected_answer: 'C' },
    }),
    headers: json,
    signedIn: true,
  },
  {
    name: 'a save with a question of another quiz',
    method: 'POST',
    path: '/trpc/quiz.saveAnswer',
    body: JSON.stringify({ session_id: practice.sessionId, question_id: 999999, selected_answer: 'A' }),
    headers: json,
    signedIn: true,
  },
  {
    name: 'mutation without a body',
    method: 'POST',
    path: '/trpc/notifications.markAllRead',
    signedIn: true,
  },
  {
    name: 'mutation, text body',
    method: 'POST',
    path: '/trpc/auth.logout',
    body: 'x',
    headers: { 'content-type': 'text/plain' },
  },
  { name: 'PUT', method: 'PUT', path: '/trpc/catalog.programs', signedIn: true },
];

describe('lean tRPC front', () => {
  it('answers every probe exactly as tRPC’s own adapter does', async () => {
    for (const probe of probes()) {
      const ours = await answer(t.url, probe);
      const theirs = await answer(referenceUrl, probe);
      expect({ probe: probe.name, ...ours }).toEqual({ probe: probe.name, ...theirs });
    }
    // The batched saves were written (twice, idempotently), not just answered.
    const saved = await t.db
      .selectFrom('session_answers')
      .select(['question_id', 'selected_answer'])
      .where('session_id', '=', practice.sessionId)
      .orderBy('question_id')
      .execute();
    const expected = [
      { question_id: practice.questions[0], selected_answer: 'A' },
      { question_id: practice.questions[1], selected_answer: 'C' },
    ];
    expect(saved).toEqual(expected.sort((a, b) => a.question_id - b.question_id));
  });

  it('serves the app’s calls with a Content-Length, tRPC’s adapter the rest', async () => {
    const lean = await fetch(`${t.url}/trpc/catalog.programs`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await lean.arrayBuffer();
    expect(lean.headers.get('content-length')).not.toBeNull();
    // A streaming link is tRPC's business: its adapter answers in chunks.
    const streamed = await fetch(`${t.url}/trpc/catalog.programs?batch=1`, {
      headers: { authorization: `Bearer ${token}`, 'trpc-accept': 'application/jsonl' },
    });
    expect(await streamed.text()).toContain('General Nursing');
    expect(streamed.headers.get('content-length')).toBeNull();
  });

  it('answers an unexpected failure with the generic sentence and no stack, and logs it', async () => {
    // A table gone from under the app: the query fails inside the procedure.
    await t.db.schema.alterTable('notifications').renameTo('notifications_away').execute();
    try {
      for (const base of [t.url, referenceUrl]) {
        const res = await answer(base, { name: 'broken', path: '/trpc/notifications.list', signedIn: true });
        expect(res.status).toBe(500);
        const body = JSON.parse(res.body) as { error: { message: string; data: Record<string, unknown> } };
        expect(body.error.message).toBe('Something went wrong on our side. Please try again.');
        expect(res.body).not.toMatch(/SqliteError|no such table|does not exist|at .*\.(ts|js):\d+/);
      }
      const logged = t.logs.filter((line) => line.topic === 'trpc');
      expect(logged.map((line) => line.path)).toEqual(['notifications.list', 'notifications.list']);
      for (const line of logged) {
        expect((line.err as { stack: string }).stack).toMatch(/no such table|does not exist/);
      }
      // The lean front's line carries the id of its request (the adapter alone has no request log).
      expect(logged[0].req).toMatchObject({ id: expect.any(String), path: '/trpc/notifications.list' });
    } finally {
      await t.db.schema.alterTable('notifications_away').renameTo('notifications').execute();
    }
  });
});
