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
