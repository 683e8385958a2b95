// Bodies that crawl in, one byte every 10 s, each opened again as soon as the server cuts it:
// signed-in students' 64 KB answer sheets, one school address's small bodies, and a crowd of
// registrations. Two students keep working meanwhile, one behind the attacked address and one
// elsewhere, and must get every answer saved, every submit, sign-in and refresh through in under
// 1 s (p99).
import net from 'node:net';
import path from 'node:path';
import type { AbuseContext, Attack, AttackResult } from '../context';
import { describeStudent, studentHeld, type BystanderArgs, type StudentFigures } from '../bystanders';
import { runForJson } from '../child';
import { sleep } from '../http';
import { counts } from './availability';

const DRIP_MS = 10_000;
/** How soon a cut body is opened again; after a 503 the attacker waits a little longer. */
const REOPEN_MS = 100;
const AFTER_BUSY_MS = 1000;
/** After the last place is opened, before the students come: the server reads the heads. */
const SETTLE_MS = 500;
/** Students come after this long even if some places never opened (the figures say how many did). */
const HEAD_START_LIMIT_MS = 5000;
/**
 * How long the short form holds the places while the students work: time for each student's
 * round (sign-in, start, saves, submit, refresh) while every place is taken. The server's grace
 * for a slow body (20 s) is longer than the hold, 5 s or 10 s alike.
 */
const SHORT_SECONDS = 5;

interface Crawl {
  opened: number;
  answered: Record<string, number>;
  cut: number;
}

/** The attacker's open connections, held until the students it measures against are done. */
interface Hold {
  stopped: boolean;
  sockets: Set<net.Socket>;
}

/** One slow body: its head, a first byte, then a byte every DRIP_MS until answered, cut or stopped. */
function crawlOnce(
  ctx: AbuseContext,
  from: string,
  head: string,
  hold: Hold,
  stats: Crawl,
): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: ctx.server.port, localAddress: from });
    hold.sockets.add(socket);
    let drip: NodeJS.Timeout | undefined;
    let status: string | null = null;
    socket.on('connect', () => {
      stats.opened++;
      socket.write(`${head}\r\n\r\n{`);
      drip = setInterval(() => socket.write(' '), DRIP_MS);
    });
    socket.on('data', (d: Buffer) => {
      status ??= /^HTTP\/1\.1 (\d{3})/.exec(d.toString('latin1'))?.[1] ?? 'other';
      stats.answered[status] = (stats.answered[status] ?? 0) + 1;
      socket.destroy();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(drip);
      hold.sockets.delete(socket);
      if (status === null && !hold.stopped) stats.cut++;
      resolve(status);
    });
    if (hold.stopped) socket.destroy();
  });
}

/** A place the attacker keeps a slow body in, opening a new one whenever the last is cut. */
async function holdPlace(ctx: AbuseContext, from: string, head: string, hold: Hold, stats: Crawl) {
  while (!hold.stopped) {
    const status = await crawlOnce(ctx, from, head, hold, stats);
    await sleep(status === '503' ? AFTER_BUSY_MS : REOPEN_MS);
  }
}

function slowHead(urlPath: string, length: number, token?: string): string {
  return [
    `POST ${urlPath} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    `Content-Length: ${length}`,
    ...(token ? [`Authorization: Bearer ${token}`] : []),
  ].join('\r\n');
}

/**
 * Runs `places` (each a source address and a request head) as slow bodies for `seconds`, while two
 * bystander students work, one from `attacked` and one from a fresh address; says what held.
 */
async function underCrawl(
  ctx: AbuseContext,
  name: string,
  what: string,
  attacked: string,
  places: { from: string; head: string }[],
  seconds: number,
): Promise<AttackResult> {
  const { mockId } = await ctx.content();
  const accounts = await ctx.students(2, 'bystander');
  const elsewhere = ctx.address();
  const args: BystanderArgs = {
    url: ctx.server.url,
    mockId,
    durationMs: seconds * 1000,
    students: [
      { label: 'same address', ...accounts[0], from: attacked },
      { label: 'elsewhere', ...accounts[1], from: elsewhere },
    ],
  };
  const exitsBefore = ctx.server.exits.length;
  ctx.server.resetPeak();
  const stats: Crawl = { opened: 0, answered: {}, cut: 0 };
  const hold: Hold = { stopped: false, sockets: new Set() };
  const started = Date.now();
  const attack = Promise.all(places.map((p) => holdPlace(ctx, p.from, p.head, hold, stats)));
  let students: StudentFigures[];
  try {
    // The students come once every place is taken (each body's head and first byte sent, and a
    // moment for the server to read them), and the places stay taken until the students are done.
    while (stats.opened < places.length && Date.now() - started < HEAD_START_LIMIT_MS) await sleep(50);
    await sleep(SETTLE_MS);
    students = await runForJson<StudentFigures[]>([
      '--import',
      'tsx',
      path.join(import.meta.dirname, '../bystanders.ts'),
      JSON.stringify(args),
    ]);
  } finally {
    hold.stopped = true;
    for (const socket of hold.sockets) socket.destroy();
    await attack;
  }
  const heldFor = (Date.now() - started) / 1000;
  const died = ctx.server.exits.length > exitsBefore || !ctx.server.alive;
  const peak = ctx.server.peakMb();
  return {
    name,
    held: !died && students.every((s) => studentHeld(s)),
    figures:
      `${died ? 'SERVER DIED; ' : ''}${what}: ${stats.opened} opened over ${heldFor.toFixed(0)} s ` +
      `(${counts(stats.answered)}, ${stats.cut} cut without an answer); ` +
      `${students.map(describeStudent).join('; ')}; peak ${peak ? `${peak.toFixed(0)} MB` : 'n/a'}`,
  };
}

export const slowAnswerSheets: Attack = {
  name: 'slow answer sheets',
  async run(ctx) {
    const size = ctx.short ? { students: 16, seconds: SHORT_SECONDS } : { students: 66, seconds: 25 };
    const attacked = ctx.address();
    const attackers = await ctx.students(size.students, 'sheets');
    const places: { from: string; head: string }[] = [];
    for (const account of attackers) {
      const { access } = await ctx.signIn(account, attacked);
      for (let i = 0; i < 8; i++)
        places.push({ from: attacked, head: slowHead('/trpc/quiz.submit', 64 * 1024, access) });
    }
    const what = `${size.students} students x 8 slow 64 KB submits`;
    return underCrawl(ctx, this.name, what, attacked, places, size.seconds);
  },
};

export const slowSmallBodies: Attack = {
  name: "one address's slow small bodies",
  async run(ctx) {
    const seconds = ctx.short ? SHORT_SECONDS : 25;
    const attacked = ctx.address();
    // 32 for the sign-in and refresh bodies and 32 for the other anonymous forms, all 4 KB.
    const places = Array.from({ length: 64 }, (_, i) => ({
      from: attacked,
      head: slowHead(i % 2 ? '/api/token/refresh/' : '/api/auth/registration/', 4096),
    }));
    return underCrawl(ctx, this.name, '64 slow 4 KB refreshes and registrations', attacked, places, seconds);
  },
};

export const slowRegistrations: Attack = {
  name: 'slow registrations',
  async run(ctx) {
    const seconds = ctx.short ? SHORT_SECONDS : 25;
    const addresses = Array.from({ length: 40 }, () => ctx.address());
    const places = Array.from({ length: 1100 }, (_, i) => ({
      from: addresses[i % addresses.length],
      head: slowHead('/api/auth/registration/', 4096),
    }));
    const what = '1,100 slow 4 KB registrations from 40 addresses';
    return underCrawl(ctx, this.name, what, addresses[0], places, seconds);
  },
};
