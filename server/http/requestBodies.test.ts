// Request bodies and broken requests at the HTTP level, over raw sockets so the test controls how
// much of a body is sent: bodies are read only for callers allowed to send them and only up to the
// procedure's ceiling, a process-wide budget refuses bursts, stalled senders are cut, and broken
// requests get clear 4xx answers.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndIn, startTestServer, type TestServer } from '../test/harness';
import { countRows, makeCatalog, signInAdmin } from '../test/fixtures';
import { DEFAULT_BODY_BUDGET, type BodyBudgetLimits } from './bodyBudget';

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  /** Body bytes the client had written when the answer's first byte arrived. */
  sentWhenAnswered: number;
  closedByServer: boolean;
  /** Body bytes the client had written in all. */
  sentInAll: number;
}

/**
 * True once `received` holds a whole answer on a connection the server keeps open (by its
 * Content-Length or its last chunk). An answer with Connection: close is whole when the server
 * closes, which the caller waits for, so that closedByServer is known.
 */
function wholeKeptAliveAnswer(received: string): boolean {
  const end = received.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const head = received.slice(0, end);
  if (/^connection: close$/im.test(head)) return false;
  const body = received.slice(end + 4);
  const length = /^content-length: (\d+)$/im.exec(head);
  if (length) return body.length >= Number(length[1]);
  return /^transfer-encoding: chunked$/im.test(head) && /(^|\r\n)0\r\n\r\n$/.test(body);
}

/**
 * Sends a request's head and then `sendBytes` bytes of body in 16 KB pieces, stopping at the
 * first byte of the answer (unless `sendAll`, as a browser sends its whole upload before it
 * reads); resolves with the answer once it is whole (or the server ends it) and the sending is
 * done, or `waitMs` (3 s) pass.
 */
function rawRequest(
  t: TestServer,
  head: string[],
  opts: {
    sendBytes?: number;
    sendAll?: boolean;
    chunked?: boolean;
    waitMs?: number;
    headNeverEnds?: boolean;
    /** Wait this long between 16 KB pieces (a sender of bounded speed), not just for the socket. */
    paceMs?: number;
    /** The body's bytes (else filler), of which `sendBytes` are sent. */
    body?: Buffer;
    /** Source address of the connection (any 127.0.0.0/8 address works on Linux). */
    from?: string;
  } = {},
): Promise<RawAnswer> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect({
      port: Number(port),
      host: '127.0.0.1',
      localAddress: opts.from,
      allowHalfOpen: !!opts.sendAll,
    });
    let sent = 0;
    let sentWhenAnswered = -1;
    let received = '';
    let closedByServer = false;
    const finish = () => {
      const [headPart, ...rest] = received.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(headPart)?.[1] ?? 0),
        headers: headPart,
        body: rest.join('\r\n\r\n'),
        sentWhenAnswered,
        closedByServer,
        sentInAll: sent,
      });
      socket.destroy();
    };
    const timer = setTimeout(finish, opts.waitMs ?? 3000);
    let sendingDone = false;
    socket.on('data', (d) => {
      if (sentWhenAnswered < 0) sentWhenAnswered = sent;
      received += d.toString('latin1');
      if (wholeKeptAliveAnswer(received) && (!opts.sendAll || sendingDone)) {
        clearTimeout(timer);
        finish();
      }
    });
    socket.on('end', () => {
      closedByServer = true;
      if (!opts.sendAll || sendingDone) {
        clearTimeout(timer);
        finish();
      }
    });
    socket.on('error', (err) => {
      if (received) {
        clearTimeout(timer);
        finish();
      } else reject(err);
    });
    socket.write(`${head.join('\r\n')}\r\n${opts.headNeverEnds ? '' : '\r\n'}`);
    const filler = Buffer.alloc(16 * 1024, 'x');
    const pump = () => {
      if ((sentWhenAnswered >= 0 && !opts.sendAll) || socket.destroyed) return;
      if (sent >= (opts.sendBytes ?? 0)) {
        if (opts.chunked) socket.write('0\r\n\r\n');
        sendingDone = true;
        if (closedByServer) socket.end(finish);
        return;
      }
      const size = Math.min(filler.length, (opts.sendBytes ?? 0) - sent);
      const chunk = opts.body ? opts.body.subarray(sent, sent + size) : filler.subarray(0, size);
      sent += chunk.length;
      const framed = opts.chunked
        ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
        : chunk;
      if (socket.write(framed)) {
        if (opts.paceMs) setTimeout(pump, opts.paceMs);
        else setImmediate(pump);
      } else socket.once('drain', pump);
    };
    setTimeout(pump, 20);
  });
}

const post = (path: string, length: number | null, token?: string) => [
  `POST ${path} HTTP/1.1`,
  'Host: 127.0.0.1',
  'Content-Type: application/json',
  ...(length === null ? ['Transfer-Encoding: chunked'] : [`Content-Length: ${length}`]),
  ...(token ? [`Authorization: Bearer ${token}`] : []),
];

/** One call through a kept-alive agent: its status, Connection header, and whether it reused a connection. */
function agentCall(
  agent: http.Agent,
  method: string,
  path: string,
  opts: { body?: string | Buffer; headers?: Record<string, string> } = {},
) {
  return new Promise<{ status: number; connection?: string; reusedSocket: boolean }>((resolve, reject) => {
    const req = http.request(`${t.url}${path}`, { method, agent, headers: opts.headers });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          reusedSocket: req.reusedSocket,
        }),
      );
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

let t: TestServer;
let student: string;
let admin: string;

/** A budget small enough for a test to fill, whose slow bodies keep their place unless said otherwise. */
const smallBudget = (limits: Partial<BodyBudgetLimits> = {}): BodyBudgetLimits => ({
  ...DEFAULT_BODY_BUDGET,
  laneBytes: { answers: 16 * 1024, session: 8 * 1024, anonymous: 12 * 1024, other: 12 * 1024 },
  graceMs: 60_000,
  crawlAfterMs: 60_000,
  waitMs: 0,
  ...limits,
});

beforeAll(async () => {
  t = await startTestServer({ app: { bodyBudget: smallBudget() } });
  student = (await signUpAndIn(t)).access;
  admin = await signInAdmin(t);
});

afterAll(async () => {
  await t?.close();
});

describe('request bodies', () => {
  it('answers an anonymous upload before reading its body, and a student likewise', async () => {
    // A sender of about 16 MB/s (16 KB a millisecond; a phone sends far slower): unpaced, loopback
    // fills megabytes of socket buffers in the milliseconds a loaded machine takes to check a token.
    const anonymous = await rawRequest(t, post('/trpc/questions.upload', 6_000_000), {
      sendBytes: 6_000_000,
      paceMs: 1,
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toContain('UNAUTHORIZED');
    // Answered long before the 6 MB had gone out: within its first 2 MB, about 125 ms.
    expect(anonymous.sentWhenAnswered).toBeLessThan(2 * 1024 * 1024);

    const asStudent = await rawRequest(t, post('/trpc/questions.preview', 6_000_000, student), {
      sendBytes: 6_000_000,
      paceMs: 1,
    });
    expect(asStudent.status).toBe(403);
    expect(asStudent.sentWhenAnswered).toBeLessThan(2 * 1024 * 1024);
  });

  it('lets a refused sender finish sending, so a client that reads only after its upload sees the answer', async () => {
    // 300 KB for a sign-in (2 KB): refused before reading, then the connection is closed.
    const answer = await rawRequest(t, post('/trpc/auth.login', 300_000), {
      sendBytes: 300_000,
      sendAll: true,
    });
    expect(answer.sentInAll).toBe(300_000);
    expect(answer.status).toBe(413);
    expect(answer.headers).toMatch(/^connection: close$/im);
    expect(answer.closedByServer).toBe(true);
  });

  it('tells a kept-alive client that a refused body closes the connection, so its next call is answered', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // A whole 95 KB sent to the sign-in (2 KB), as a client that writes before it reads.
      const refused = await agentCall(agent, 'POST', '/api/auth/login/', {
        body: Buffer.alloc(95 * 1024, ' '),
        headers: { 'content-type': 'application/json' },
      });
      expect(refused).toMatchObject({ status: 413, connection: 'close' });
      for (let i = 0; i < 3; i++) {
        const next = await agentCall(agent, 'GET', '/api/health');
        expect(next.status).toBe(200);
        expect(next.connection).not.toBe('close');
      }
    } finally {
      agent.destroy();
    }
  });

  it('keeps the connection for the next call after refusing an expired token', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const headers = { 'content-type': 'application/json', authorization: 'Bearer expired.token.here' };
    try {
      const save = JSON.stringify({ session_id: 1, question_id: 1, selected_answer: 'A' });
      expect((await agentCall(agent, 'POST', '/trpc/quiz.saveAnswer', { body: save, headers })).status).toBe(
        401,
      );
      // The client's refresh goes out on the same connection and is answered.
      const next = await agentCall(agent, 'GET', '/api/health', { headers });
      expect(next).toMatchObject({ status: 200, reusedSocket: true });
    } finally {
      agent.destroy();
    }
  });

  it('refuses a declared length over the procedure ceiling before reading (a sign-in takes 2 KB)', async () => {
    for (const path of ['/api/auth/login/', '/trpc/auth.login']) {
      const answer = await rawRequest(t, post(path, 95 * 1024), { sendBytes: 95 * 1024 });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).detail).toBe('Request body is too large (limit 2 KB).');
      expect(answer.sentWhenAnswered).toBeLessThan(95 * 1024);
    }
    // Over 10 MB is beyond even an admin's upload.
    const huge = await rawRequest(t, post('/trpc/questions.upload', 10_000_000, admin));
    expect(huge.status).toBe(413);
  });

  // body-parser drains (never buffers) the rest of a body past its limit, then answers.
  it('refuses a body without a declared length once it passes the ceiling', async () => {
    const answer = await rawRequest(t, post('/trpc/auth.login', null), {
      sendBytes: 64 * 1024,
      chunked: true,
    });
    expect(answer.status).toBe(413);
  });

  it('refuses bodies past the process budget with 503 and Retry-After, then takes them again', async () => {
    // Three stalled anonymous registrations declaring 4 KB each fill the 12 KB anonymous share.
    const stalled = [1, 2, 3].map(() =>
      rawRequest(t, post('/trpc/auth.register', 4096), { sendBytes: 10, waitMs: 1500 }),
    );
    await new Promise((r) => setTimeout(r, 300));
    const refused = await rawRequest(t, post('/trpc/auth.register', 4096), { sendBytes: 10, waitMs: 1000 });
    expect(refused.status).toBe(503);
    expect(refused.headers).toMatch(/retry-after: 5/i);
    expect(refused.headers).toMatch(/^connection: close$/im);
    // Sign-in and refresh bodies have room of their own, which registrations cannot fill.
    const signIn = await rawRequest(t, post('/api/auth/login/', 60), { sendBytes: 60, waitMs: 1500 });
    expect(signIn.status).toBe(400);
    // A signed-in student's save still has room: the anonymous share is only part of the budget.
    const save = await rawRequest(t, post('/trpc/quiz.saveAnswer', 100, student), {
      sendBytes: 100,
      waitMs: 1500,
    });
    expect(save.status).toBe(400);
    await Promise.all(stalled);
    // The stalled senders gave up: their room is free again.
    await new Promise((r) => setTimeout(r, 200));
    const after = await t.api('POST', '/trpc/auth.register', { body: {} });
    expect(after.status).toBe(400);
  });
});

describe('clean refusals and headers', () => {
  it('answers a broken percent-escape with 400, not 500', async () => {
    for (const path of ['/trpc/%E0%A4', '/api/%E0%A4', '/%E0%A4']) {
      const res = await t.api('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ detail: 'Malformed URL: it contains a broken percent-escape.' });
    }
  });

  it('answers a cut-off multipart upload and one without a boundary with 400', async () => {
    const boundary = 'xyzBOUNDARY';
    const cut = `--${boundary}\r\nContent-Disposition: form-data; name="quiz_type"\r\n\r\npractice\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nquestion_text,opt`;
    const truncated = await t.api('POST', '/api/admin/upload-questions/', {
      raw: cut,
      token: admin,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(truncated.status).toBe(400);
    expect(truncated.body).toMatchObject({ success: false });
    const noBoundary = await t.api('POST', '/api/admin/upload-questions/', {
      raw: 'abc',
      token: admin,
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.status).toBe(400);
  });

  it('sends personal answers with no-store, and a Permissions-Policy on every answer', async () => {
    for (const path of ['/api/profile/', '/trpc/profile.get', '/api/exams/results/']) {
      const res = await t.api('GET', path, { token: student });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    for (const path of ['/', '/api/health', '/trpc/profile.get']) {
      const res = await t.api('GET', path);
      expect(res.headers.get('permissions-policy'), path).toContain('camera=()');
    }
  });
});

describe('stalled senders', () => {
  it('closes a connection whose headers never end, with the headers timeout', async () => {
    const slow = await startTestServer({
      smtp: false,
      timeouts: { headersMs: 500, requestMs: 1000, keepAliveMs: 500 },
    });
    try {
      const started = Date.now();
      const answer = await rawRequest(slow, ['GET /api/health HTTP/1.1', 'Host: 127.0.0.1', 'X-Slow: 1'], {
        waitMs: 5000,
        headNeverEnds: true,
      });
      expect(answer.closedByServer).toBe(true);
      expect(answer.status).toBe(408);
      expect(Date.now() - started).toBeLessThan(3500);
    } finally {
      await slow.close();
    }
  });
});

describe('slow bodies', () => {
  let s: TestServer;
  let account: { access: string; email: string; password: string };
  const slowLimits: BodyBudgetLimits = {
    ...DEFAULT_BODY_BUDGET,
    // Room for four 2 KB sign-ins, three bodies an address; a 2 s grace, then 1 KB/s.
    laneBytes: { ...DEFAULT_BODY_BUDGET.laneBytes, session: 8 * 1024 },
    perAddress: 3,
    graceMs: 2000,
    minBytesPerSecond: 1024,
    crawlAfterMs: 300,
  };
  const signInBody = () => Buffer.from(JSON.stringify({ email: account.email, password: account.password }));
  /** A sign-in declaring 2 KB (its ceiling) that sends its first 10 bytes and then nothing. */
  const crawl = (from: string) =>
    rawRequest(s, post('/api/auth/login/', 2048), { sendBytes: 10, waitMs: 1500, from });

  beforeAll(async () => {
    s = await startTestServer({ app: { bodyBudget: slowLimits } });
    account = await signUpAndIn(s);
  });

  afterAll(async () => {
    await s?.close();
  });

  it('cuts a body that still crawls after its grace with 408 and Connection: close', async () => {
    const started = Date.now();
    const answer = await rawRequest(s, post('/trpc/auth.register', 2000), { sendBytes: 10, waitMs: 6000 });
    const took = Date.now() - started;
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'The request arrived too slowly. Please try again.' });
    expect(answer.headers).toMatch(/^connection: close$/im);
    expect(answer.closedByServer).toBe(true);
    expect(took).toBeGreaterThanOrEqual(1900);
    expect(took).toBeLessThan(4500);
  });

  it('reads a 64 KB answer sheet sent at 2G pace (20 KB/s, past the grace) and grades it', async () => {
    const cat = await makeCatalog(s.db);
    const start = await s.api<{ session: { id: number }; questions: { id: number }[] }>(
      'POST',
      '/api/exams/quiz/start/',
      { token: account.access, body: { quiz_type: 'mock', quiz_id: cat.mockSet.id } },
    );
    expect(start.status).toBe(200);
    const answers = start.body.questions.map((q, i) => ({
      question_id: q.id,
      selected_answer: 'ABCD'[i % 4],
    }));
    const sheet = Buffer.alloc(64 * 1024, ' ');
    sheet.write(JSON.stringify({ answers, time_spent_minutes: 3 }));
    const started = Date.now();
    const answer = await rawRequest(
      s,
      post(`/api/exams/quiz/${start.body.session.id}/submit/`, sheet.length, account.access),
      { body: sheet, sendBytes: sheet.length, paceMs: 800, waitMs: 6000 },
    );
    expect(Date.now() - started).toBeGreaterThan(2000);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ correct_answers: 5, total_questions: 5 });
    expect(await countRows(s.db, 'quiz_results')).toBe(1);
  });

  it('lets a sign-in take the place of a crawling body of its own address, or of one holding more places', async () => {
    // The address's three places are held by crawlers: a sign-in from it replaces one.
    const mine = [1, 2, 3].map(() => crawl('127.0.0.1'));
    await new Promise((r) => setTimeout(r, 500));
    const ownAddress = await rawRequest(s, post('/api/auth/login/', signInBody().length), {
      body: signInBody(),
      sendBytes: signInBody().length,
    });
    expect(ownAddress.status).toBe(200);
    expect(JSON.parse(ownAddress.body)).toHaveProperty('access');
    const statuses = (await Promise.all(mine)).map((a) => a.status).sort();
    expect(statuses).toEqual([0, 0, 408]);

    // The lane's four places are held by crawlers of two addresses: a third address gets one.
    const others = ['127.0.0.2', '127.0.0.2', '127.0.0.3', '127.0.0.3'].map(crawl);
    await new Promise((r) => setTimeout(r, 500));
    const elsewhere = await rawRequest(s, post('/api/auth/login/', signInBody().length), {
      body: signInBody(),
      sendBytes: signInBody().length,
      from: '127.0.0.4',
    });
    expect(elsewhere.status).toBe(200);
    expect((await Promise.all(others)).map((a) => a.status).sort()).toEqual([0, 0, 0, 408]);
  });
});
