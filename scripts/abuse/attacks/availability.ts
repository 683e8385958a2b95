// Availability: anonymous bodies that would fill the heap (10 MB JSON uploads, bodies that
// stall at 9 MB, thousands of stalled login bodies) while a monitor polls /api/health and a
// signed-in student saves answers in a running mock; and headers that never end.
import net from 'node:net';
import path from 'node:path';
import type { AbuseContext, Attack, AttackResult } from '../context';
import { runForJson } from '../child';
import { percentile, sleep } from '../http';

/** "10 MB" as the attack counts it: just under the old upload limit of 10 MiB, so it is read. */
const MB = 1000 * 1000;
const CHUNK = Buffer.alloc(64 * 1024, 'A');

interface Flood {
  sent: number;
  answered: Record<string, number>;
  cut: number;
}

function head(host: string, urlPath: string, length: number): Buffer {
  return Buffer.from(
    `POST ${urlPath} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
  );
}

/**
 * One raw POST: declares `length` bytes, sends `send` of them (a JSON start, then filler), then
 * waits without sending more until `until`. Records the status line if the server answers, or
 * that it cut the connection.
 */
function post(
  ctx: AbuseContext,
  from: string,
  urlPath: string,
  length: number,
  send: number,
  until: number,
  flood: Flood,
): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: ctx.server.port, localAddress: from });
    let settled = false;
    let answered = false;
    let ours = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!answered && !socket.destroyed) socket.destroy();
      resolve();
    };
    const timer = setTimeout(
      () => {
        ours = true;
        socket.destroy();
        finish();
      },
      Math.max(0, until - Date.now()),
    );
    socket.on('data', (d: Buffer) => {
      if (answered) return;
      answered = true;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(d.toString('latin1'))?.[1] ?? 'other';
      flood.answered[status] = (flood.answered[status] ?? 0) + 1;
      socket.destroy();
      finish();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      // Closed without an answer, and not by us: the server cut the sender off.
      if (!answered && !ours) flood.cut++;
      finish();
    });
    socket.on('connect', async () => {
      flood.sent++;
      socket.write(head('127.0.0.1', urlPath, length));
      const open = '{"file_name":"a.xlsx","quiz_type":"practice","program_id":1,"paper_id":1,"file_base64":"';
      socket.write(open);
      // A whole body ends as valid JSON; a stalled one never gets there.
      const close = send >= length ? '"}' : '';
      let written = open.length;
      while (written < send - close.length && !socket.destroyed && !answered && Date.now() < until) {
        const piece = CHUNK.subarray(0, Math.min(CHUNK.length, send - close.length - written));
        written += piece.length;
        if (!socket.write(piece)) await new Promise((r) => socket.once('drain', r).once('close', r));
      }
      if (close && !socket.destroyed) socket.write(close);
      // Otherwise stall: nothing more is sent until the timer ends the connection.
    });
  });
}

/** Headers that never end: one more header line every second. Resolves with when it was cut. */
function slowHeaders(ctx: AbuseContext, from: string, boundMs: number): Promise<number | null> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const socket = net.connect({ host: '127.0.0.1', port: ctx.server.port, localAddress: from });
    let n = 0;
    const drip = setInterval(() => socket.write(`X-Slow-${n++}: 1\r\n`), 1000);
    const end = (closed: boolean) => {
      clearInterval(drip);
      clearTimeout(bound);
      socket.destroy();
      resolve(closed ? Date.now() - t0 : null);
    };
    const bound = setTimeout(() => end(false), boundMs);
    socket.on('connect', () => socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n`));
    socket.on('error', () => undefined);
    socket.on('close', () => end(true));
  });
}

function runProbe(args: object): Promise<{
  health: { ms: number[]; failed: number; statuses: Record<string, number> };
  saves: { ok: number; failed: number; statuses: Record<string, number> };
}> {
  return runForJson([path.join(import.meta.dirname, '../probe.mjs'), JSON.stringify(args)]);
}

export const counts = (r: Record<string, number>) =>
  Object.entries(r)
    .map(([k, v]) => `${v}x${k}`)
    .join(' ') || 'none';

export const availability: Attack = {
  name: 'availability',
  async run(ctx): Promise<AttackResult> {
    const size = ctx.short
      ? { big: 16, stalled9: 10, logins: 800, seconds: 12 }
      : { big: 32, stalled9: 20, logins: 2500, seconds: 25 };
    const { mockId } = await ctx.content();
    const studentFrom = ctx.address();
    const [student] = await ctx.students(1, 'saver');
    const { access } = await ctx.signIn(student, studentFrom);
    const start = await ctx.call('POST', '/api/exams/quiz/start/', {
      from: studentFrom,
      token: access,
      body: { quiz_type: 'mock', quiz_id: mockId },
    });
    if (start.status !== 200)
      throw new Error(`mock start answered ${start.status}: ${start.text.slice(0, 200)}`);
    const questionIds = (start.json.questions as { id: number }[]).map((q) => q.id);
    const sessionId = (start.json.session as { id: number }).id;

    const exitsBefore = ctx.server.exits.length;
    ctx.server.resetPeak();
    const durationMs = size.seconds * 1000;
    const until = Date.now() + durationMs;
    const probe = runProbe({
      url: ctx.server.url,
      durationMs,
      token: access,
      sessionId,
      questionIds,
      from: studentFrom,
    });
    await sleep(300);

    const big: Flood = { sent: 0, answered: {}, cut: 0 };
    const stalled: Flood = { sent: 0, answered: {}, cut: 0 };
    const logins: Flood = { sent: 0, answered: {}, cut: 0 };
    const bigFrom = Array.from({ length: 8 }, () => ctx.address());
    const stallFrom = Array.from({ length: 5 }, () => ctx.address());
    const loginFrom = Array.from({ length: 50 }, () => ctx.address());
    const work: Promise<void>[] = [];
    for (let i = 0; i < size.big; i++) {
      const urlPath = i % 2 ? '/trpc/questions.preview' : '/trpc/questions.upload';
      work.push(post(ctx, bigFrom[i % bigFrom.length], urlPath, 10 * MB, 10 * MB, until, big));
    }
    for (let i = 0; i < size.stalled9; i++)
      work.push(
        post(ctx, stallFrom[i % stallFrom.length], '/trpc/questions.upload', 10 * MB, 9 * MB, until, stalled),
      );
    // Stalled logins open in waves of 100, as fast as the listen backlog takes them.
    for (let i = 0; i < size.logins; i += 100) {
      for (let j = i; j < Math.min(size.logins, i + 100); j++)
        work.push(
          post(ctx, loginFrom[j % loginFrom.length], '/api/auth/login/', 96 * 1024, 95 * 1024, until, logins),
        );
      await sleep(50);
    }
    await Promise.all(work);
    const figures = await probe;
    const died = ctx.server.exits.length > exitsBefore || !ctx.server.alive;
    const peak = ctx.server.peakMb();

    const h = figures.health;
    const p50 = percentile(h.ms, 50);
    const p99 = percentile(h.ms, 99);
    const held =
      !died &&
      h.failed === 0 &&
      h.ms.length > 0 &&
      p99 < 1000 &&
      figures.saves.failed === 0 &&
      figures.saves.ok > 0;
    const death = died ? `SERVER DIED (${ctx.server.exits.at(-1)?.how ?? 'gone'}); ` : '';
    return {
      name: 'availability',
      held,
      figures:
        `${death}${size.big}x10 MB (${counts(big.answered)}, ${big.cut} cut), ` +
        `${size.stalled9} stalled at 9 MB (${counts(stalled.answered)}, ${stalled.cut} cut), ` +
        `${logins.sent} stalled 95 KB logins (${counts(logins.answered)}, ${logins.cut} cut) over ${size.seconds} s; ` +
        `health ${h.ms.length} polls p50 ${p50.toFixed(0)} ms p99 ${p99.toFixed(0)} ms, ${h.failed} failed; ` +
        `saves ${figures.saves.ok} ok ${figures.saves.failed} failed; peak ${peak ? `${peak.toFixed(0)} MB` : 'n/a'}`,
    };
  },
};

export const endlessHeaders: Attack = {
  name: 'headers that never end',
  background: true,
  async run(ctx) {
    const boundS = ctx.short ? 25 : 40;
    const exitsBefore = ctx.server.exits.length;
    const cutAfter = await slowHeaders(ctx, ctx.address(), boundS * 1000);
    const died = ctx.server.exits.length > exitsBefore;
    return {
      name: 'headers that never end',
      held: cutAfter !== null && !died,
      figures:
        cutAfter === null
          ? `still open after ${boundS} s (a header line a second)`
          : `${died ? 'ended by the server dying' : 'cut'} after ${(cutAfter / 1000).toFixed(1)} s`,
    };
  },
};
