// Requests from a chosen loopback source address (127.x.y.z): the server sees each as another
// client, so per-address limits can be tested without a proxy.
import http from 'node:http';
import type { TestServer } from './harness';

export function postFrom(
  t: TestServer,
  from: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown>; headers: http.IncomingHttpHeaders }> {
  const url = new URL(path, t.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}'), headers: res.headers }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Wrong passwords for `email` from `from` until the account has to wait at least `seconds`;
 * returns when that wait was announced and how long it was.
 */
export async function lockOut(
  t: TestServer,
  email: string,
  from: string,
  seconds: number,
): Promise<{ at: number; wait: number }> {
  for (;;) {
    const r = await postFrom(t, from, '/api/auth/login/', { email, password: 'Not-The-Password-9' });
    const wait = Number(/Try again in (\d+) seconds/.exec(String(r.body.detail))?.[1] ?? 0);
    if (r.status === 429 && wait >= seconds) return { at: Date.now(), wait };
    if (r.status === 429 && wait) await new Promise((done) => setTimeout(done, wait * 1000 + 100));
    else if (r.status !== 400) throw new Error(`a wrong password answered ${r.status}`);
  }
}
