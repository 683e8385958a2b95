// The abuse run as a function the CLI (npm run abuse) and the test share: start the built server,
// replay each known attack against it in turn, and say what held.
import { availability, endlessHeaders } from './attacks/availability';
import { lastAdmin, resetLinks, squatting, tokenWithoutExp } from './attacks/accounts';
import {
  forgedForwardedFor,
  hashingFairness,
  natClass,
  otherLimits,
  perAccountThrottle,
} from './attacks/limits';
import { fileModes, mailFlood, outbox } from './attacks/mailAndFiles';
import { junkRefreshes, ownerBackIn, schoolSignsUp } from './attacks/lockouts';
import { slowAnswerSheets, slowRegistrations, slowSmallBodies } from './attacks/slowBodies';
import { cleanRefusals, csvEncodings, practiceSessions, privacyHeaders, zipBomb } from './attacks/uploads';
import { AbuseContext, type Attack, type AttackResult } from './context';
import { AbuseServer, SINGLE_SQLITE, type AbuseServerOptions } from './server';
import { sessionsEnd, squattingOrders } from './attacks/accountOwnership';

/**
 * In run order. Those with time or memory bounds run one at a time (the background ones beside
 * them only hold a quiet connection or wait for mail); the ones marked `together` run side by
 * side; the last admin goes last, since on code that lets it, it deletes the admin.
 */
export const ATTACKS: Attack[] = [
  availability,
  endlessHeaders,
  slowAnswerSheets,
  slowSmallBodies,
  slowRegistrations,
  hashingFairness,
  squatting,
  resetLinks,
  tokenWithoutExp,
  natClass,
  perAccountThrottle,
  forgedForwardedFor,
  otherLimits,
  schoolSignsUp,
  junkRefreshes,
  ownerBackIn,
  outbox,
  practiceSessions,
  privacyHeaders,
  squattingOrders,
  sessionsEnd,
  mailFlood,
  cleanRefusals,
  csvEncodings,
  zipBomb,
  fileModes,
  lastAdmin,
];

export interface AbuseOptions {
  short: boolean;
  /** Run only the attacks whose name contains one of these (case-insensitive). */
  only?: string[];
  log?: (line: string) => void;
  /** The database and the number of processes the server runs with (SQLite, one process). */
  server?: AbuseServerOptions;
}

export interface AbuseReport {
  results: AttackResult[];
  /** SQLite, or PostgreSQL with the number of processes. */
  against: string;
  launch: string;
  seconds: number;
}

function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`gave up after ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function selectAttacks(only: string[] | undefined): Attack[] {
  if (!only?.length) return ATTACKS;
  const chosen = ATTACKS.filter((a) => only.some((o) => a.name.toLowerCase().includes(o.toLowerCase())));
  if (!chosen.length)
    throw new Error(
      `No attack matches ${only.join(', ')}; attacks: ${ATTACKS.map((a) => a.name).join(', ')}`,
    );
  return chosen;
}

/** An attack's results, or one saying why it could not run (the server's death included). */
async function attempt(
  server: AbuseServer,
  attack: Attack,
  ctx: AbuseContext,
  boundMs: number,
): Promise<AttackResult[]> {
  try {
    const out = await bounded(attack.run(ctx), boundMs);
    return Array.isArray(out) ? out : [out];
  } catch (err) {
    const died = server.alive ? '' : 'SERVER DIED; ';
    const why = err instanceof Error ? err.message : String(err);
    return [{ name: attack.name, held: false, figures: `${died}could not run: ${why}` }];
  }
}

export async function runAbuse(opts: AbuseOptions): Promise<AbuseReport> {
  const say = opts.log ?? (() => {});
  const attacks = selectAttacks(opts.only);
  const t0 = Date.now();
  const server = await AbuseServer.start(opts.server ?? SINGLE_SQLITE);
  const launch = `npm run ${server.launch.script}'s flags: node ${server.launch.nodeFlags.join(' ')}, TRUST_PROXY=${server.trustProxy}`;
  say(`Server ${server.url} on ${server.describe} (pid ${server.pid}; ${launch}; data ${server.dataDir})`);
  const ctx = new AbuseContext(server, opts.short, say);
  const boundMs = (opts.short ? 120 : 300) * 1000;
  // Each attack's results in run order; a background attack fills its place when it ends.
  const places: Promise<AttackResult[]>[] = [];
  // The `together` attacks under way, awaited before the next attack that is not.
  let together: Promise<AttackResult[]>[] = [];
  try {
    for (const attack of attacks) {
      if (!attack.together) {
        await Promise.all(together);
        together = [];
      }
      const restarted = await server.ensureAlive();
      const started = Date.now();
      const aside = attack.background ? ' (in the background)' : attack.together ? ' (side by side)' : '';
      say(`- ${attack.name}${aside}${restarted ? ' (the server had died: started again)' : ''}...`);
      const done = attempt(server, attack, ctx, boundMs).then((got) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        for (const r of got)
          say(`  ${r.held ? 'held' : 'DID NOT HOLD'}: ${r.name}: ${r.figures} (${seconds} s)`);
        return got;
      });
      places.push(done);
      if (attack.together) together.push(done);
      else if (!attack.background) await done;
    }
  } finally {
    await Promise.all(places);
    await server.stop();
  }
  const results = (await Promise.all(places)).flat();
  return { results, against: server.describe, launch, seconds: (Date.now() - t0) / 1000 };
}

export function table(report: AbuseReport): string {
  const width = Math.max(...report.results.map((r) => r.name.length), 6);
  const lines = [
    `${'attack'.padEnd(width)}  outcome       figures`,
    ...report.results.map(
      (r) => `${r.name.padEnd(width)}  ${(r.held ? 'held' : 'DID NOT HOLD').padEnd(12)}  ${r.figures}`,
    ),
  ];
  const held = report.results.filter((r) => r.held).length;
  lines.push(
    '',
    `${report.against}: ${held} held, ${report.results.length - held} did not (${report.seconds.toFixed(0)} s)`,
  );
  return lines.join('\n');
}
