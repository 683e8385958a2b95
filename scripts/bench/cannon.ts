// One autocannon measurement on loopback, reduced to the figures the report shows. Requests per
// second count 2xx answers only: a fast stream of errors must not look like throughput.
import os from 'node:os';
import autocannon, { type RequestSpec } from 'autocannon';

/** Two cores shared by server and load tool: enough connections to keep the server busy. */
export const CONNECTIONS = 16;
export const DURATION_S = 8;
/** Seconds of each timed measurement: `npm run bench -- --seconds N` sets it for one run. */
export const timing = { durationS: DURATION_S };

export interface Measurement {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Answers that were not 2xx, plus connection errors and timeouts: must be 0 for a valid row. */
  failures: number;
  statusCodes: Record<string, number>;
  durationS: number;
  /** 1-minute load average right after the run (2 = both cores busy). */
  load1: number;
  /**
   * Server CPU time per answered request, in microseconds. Unlike req/s it hardly depends on what
   * else the machine is doing, so it is the figure to compare when the machine is shared.
   */
  cpuUsPerRequest: number;
  note?: string;
}

/** The server under test: its address, and its CPU clock when it runs in a process we started. */
export interface Target {
  url: string;
  cpuMs?: () => number;
}

export async function measure(
  name: string,
  target: Target,
  requests: RequestSpec[],
  opts: { amount?: number; duration?: number; connections?: number } = {},
): Promise<Measurement> {
  const cpuBefore = target.cpuMs?.() ?? 0;
  const startedAt = performance.now();
  let lastAnswerAt = startedAt;
  const instance = autocannon({
    url: target.url,
    connections: opts.connections ?? CONNECTIONS,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.duration ?? timing.durationS }),
    timeout: 30,
    requests,
  });
  // autocannon notices the end of a fixed amount only on its next one-second tick, so its own
  // duration can be a second too long for a run of a few seconds: time to the last answer instead.
  instance.on('response', () => {
    lastAnswerAt = performance.now();
  });
  const result = await instance;
  const seconds = (lastAnswerAt - startedAt) / 1000;
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
  );
  const ok = result['2xx'];
  const cpuUsed = (target.cpuMs?.() ?? 0) - cpuBefore;
  return {
    name,
    rps: seconds > 0 ? ok / seconds : 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: ok + result.non2xx,
    failures: result.non2xx + result.errors + result.timeouts,
    statusCodes,
    durationS: Math.round(seconds * 100) / 100,
    load1: Math.round(os.loadavg()[0] * 100) / 100,
    cpuUsPerRequest: ok + result.non2xx > 0 ? Math.round((cpuUsed * 1000) / (ok + result.non2xx)) : 0,
  };
}

/** Cycles through items in order, shared by every connection of one measurement. */
export function rotating<T>(items: T[]): () => T {
  if (!items.length) throw new Error('nothing to rotate through');
  let i = 0;
  return () => items[i++ % items.length];
}
