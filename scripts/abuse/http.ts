// One HTTP request from a chosen loopback source address (127.x.y.z), timed, never throwing: a
// network failure is status 0 with its message, so an attack counts it instead of stopping.
import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: Record<string, unknown>;
  ms: number;
  error?: string;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Source address of the connection (any 127.0.0.0/8 address works on Linux). */
  from?: string;
  timeoutMs?: number;
}

export function request(
  base: string,
  method: string,
  path: string,
  opts: RequestOptions = {},
): Promise<Answer> {
  const url = new URL(base);
  const payload =
    opts.body === undefined
      ? undefined
      : Buffer.isBuffer(opts.body)
        ? opts.body
        : Buffer.from(typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body));
  const t0 = performance.now();
  return new Promise((resolve) => {
    const done = (a: Omit<Answer, 'ms'>) => resolve({ ...a, ms: performance.now() - t0 });
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        agent: false,
        localAddress: opts.from,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (e) => done({ status: 0, headers: {}, text: '', json: {}, error: e.message }));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Record<string, unknown> = {};
          try {
            const parsed: unknown = JSON.parse(text);
            if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>;
          } catch {
            // not JSON: the text is kept
          }
          done({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.setTimeout(opts.timeoutMs ?? 30_000, () => req.destroy(new Error('timeout')));
    req.on('error', (e) => done({ status: 0, headers: {}, text: '', json: {}, error: e.message }));
    req.end(payload);
  });
}

/** Runs `task(i)` for i < count with at most `width` in flight; stops starting new ones at `until`. */
export async function pool(
  count: number,
  width: number,
  task: (i: number) => Promise<void>,
  until = Infinity,
): Promise<number> {
  let next = 0;
  const lane = async () => {
    while (next < count && Date.now() < until) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, lane));
  return next;
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
