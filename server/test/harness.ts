// Test harness: a real server on loopback with a fresh SQLite file, and a real SMTP server
// (smtp-server) that receives what the app sends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { startSmtpCapture, type ReceivedMail } from './smtpCapture';
import { createApp, type AppOptions } from '../app';
import { createHttpServer, DEFAULT_TIMEOUTS, type HttpTimeouts } from '../http/httpServer';
import type { AppDeps } from '../context';
import { createDeps, openDatabase } from '../deps';
import { loadEnv } from '../env';
import { copyMigratedSqlite, testDatabaseEnv } from './database';
import { configurePasswordHashing, type PasswordCost } from '../services/passwords';
import type { HasherOptions } from '../services/passwordHasher';
import type { RateLimitSettings } from '../services/rateLimits';

export type { ReceivedMail };

/** One line of the server's log, as parsed from its JSON. */
export type LogLine = Record<string, unknown> & { level: number; msg: string };

export interface TestServer {
  url: string;
  deps: AppDeps;
  db: AppDeps['db'];
  dataDir: string;
  mails: ReceivedMail[];
  /** The server's log lines, with `captureLogs` (else none: the server logs nothing). */
  logs: LogLine[];
  api<T = Record<string, unknown>>(
    method: string,
    urlPath: string,
    opts?: { body?: unknown; token?: string | null; raw?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: T; headers: Headers }>;
  waitForMail(to: string, subject?: RegExp): Promise<ReceivedMail>;
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Argon2id at its smallest cost, so hundreds of sign-ups and sign-ins do not spend the run's CPU
 * on hashing (figures in docs/testing.md). The tests of the stored hash's parameters and of
 * sign-ins queueing behind slow hashes start their server with realHashCost.
 */
const QUICK_PASSWORD_COST: PasswordCost = { memoryCost: 8, timeCost: 1 };

/**
 * The hashing threads at the test process's own priority: test files run side by side and share
 * the cores with each other, and at the lowest priority each file's hashes would wait for every
 * other file's CPU. The lowered priority has its own test (passwordHasher.test.ts).
 */
export const TEST_HASHER: Partial<HasherOptions> = { niceness: 0 };

export async function startTestServer(
  opts: {
    rateLimits?: Partial<RateLimitSettings>;
    /** An account's first wait after wrong passwords (2 s in use), for tests of a long wait. */
    firstAccountWaitSeconds?: number;
    smtp?: boolean;
    dataDir?: string;
    env?: Record<string, string>;
    app?: AppOptions;
    timeouts?: HttpTimeouts;
    /** Keep the log lines in `logs`, from LOG_LEVEL info unless `env` names another. */
    captureLogs?: boolean;
    /** Hash new passwords at the cost the server uses (OWASP's) rather than the tests' quick one. */
    realHashCost?: boolean;
    /** The process's password hasher (server/services/passwordHasher.ts), TEST_HASHER unless said. */
    hasher?: Partial<HasherOptions>;
  } = {},
): Promise<TestServer> {
  configurePasswordHashing({ ...TEST_HASHER, ...opts.hasher });
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'nmc-test-'));
  const mails: ReceivedMail[] = [];
  const smtp = opts.smtp === false ? null : await startSmtpCapture(mails);
  const smtpPort = smtp ? (smtp.server.address() as AddressInfo).port : 0;
  const env = loadEnv({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: opts.captureLogs ? 'info' : 'silent',
    SEED_ON_EMPTY: 'false',
    ...(smtp ? { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } : {}),
    ...(await testDatabaseEnv(dataDir)),
    ...opts.env,
  });
  // A fresh folder on SQLite starts from a migrated copy; a folder the test gives may hold a
  // database (a restart) or be where the test watches a database being made.
  if (!opts.dataDir && !env.DATABASE_URL && !fs.existsSync(env.DATABASE_FILE))
    await copyMigratedSqlite(env.DATABASE_FILE);
  // Test servers lose nothing to a power cut: commits skip FULL's sync of the log to the disk.
  const db = await openDatabase(env, { synchronous: 'NORMAL' });
  const logs: LogLine[] = [];
  const deps = createDeps(env, db, {
    rateLimits: opts.rateLimits,
    logDestination: opts.captureLogs ? { write: (line) => void logs.push(JSON.parse(line)) } : undefined,
    firstAccountWaitSeconds: opts.firstAccountWaitSeconds,
    passwordCost: opts.realHashCost ? undefined : QUICK_PASSWORD_COST,
  });
  const server: Server = await new Promise((resolve) => {
    const s = createHttpServer(createApp(deps, opts.app), opts.timeouts ?? DEFAULT_TIMEOUTS).listen(
      0,
      '127.0.0.1',
      () => resolve(s),
    );
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  env.PUBLIC_URL = url;

  const settle = async () => {
    while (deps.background.size) await Promise.allSettled([...deps.background]);
  };

  return {
    url,
    deps,
    db,
    dataDir,
    mails,
    logs,
    async api(method, urlPath, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      if (o.body !== undefined || o.raw !== undefined) headers['content-type'] ??= 'application/json';
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      const res = await fetch(url + urlPath, {
        method,
        headers,
        body: o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body)),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body: parsed as never, headers: res.headers };
    },
    async waitForMail(to, subject) {
      for (let i = 0; i < 200; i++) {
        await settle();
        const found = mails.find((m) => m.to === to && (!subject || subject.test(m.subject)));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`No mail to ${to} matching ${subject}`);
    },
    settle,
    async close() {
      await settle();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await db.destroy();
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const STUDENT = {
  full_name: 'Ama Mensah',
  email: 'ama.mensah@example.com',
  password1: 'Kente-Weaver-2024',
  password2: 'Kente-Weaver-2024',
  date_of_birth: '2001/04/12',
  gender: 'Female',
  region_of_institution: 'Ashanti',
  program_of_study: 'General Nursing',
  school: 'Kumasi Nurses and Midwifery Training College',
};

export function linkIn(text: string): string {
  const match = /(https?:\/\/\S+)/.exec(text);
  if (!match) throw new Error(`No link in mail: ${text}`);
  return match[1];
}

/** The token of a mailed verification link (the page it opens posts it with the password typed). */
export function verificationToken(text: string): string {
  const match = /\/verify-email\/([^/\s]+)/.exec(linkIn(text));
  if (!match) throw new Error(`No verification link in mail: ${text}`);
  return match[1];
}

/** Does what the page of a mailed verification link does when `password` is typed there. */
export function verifyWithLink(t: TestServer, text: string, password: string) {
  return t.api<Record<string, string[] | string>>('POST', '/api/auth/registration/verify-email/', {
    body: { key: verificationToken(text), password },
  });
}

/** Registers, verifies through the e-mailed link, signs in; returns the tokens. */
export async function signUpAndIn(t: TestServer, overrides: Partial<typeof STUDENT> = {}) {
  const student = { ...STUDENT, ...overrides };
  const reg = await t.api('POST', '/api/auth/registration/', { body: student });
  if (reg.status !== 201) throw new Error(`registration failed: ${JSON.stringify(reg.body)}`);
  const mail = await t.waitForMail(student.email, /Confirm/);
  const verified = await verifyWithLink(t, mail.text, student.password1);
  if (verified.status !== 200) throw new Error(`verification failed: ${JSON.stringify(verified.body)}`);
  const login = await t.api<{ access: string; refresh: string }>('POST', '/api/auth/login/', {
    body: { email: student.email, password: student.password1 },
  });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return {
    access: login.body.access,
    refresh: login.body.refresh,
    email: student.email,
    password: student.password1,
  };
}
