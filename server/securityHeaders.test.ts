// The recorded security headers are helmet's own, response for response.
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetOptions } from './app';
import type { Env } from './env';
import { securityHeaders } from './securityHeaders';

/** The headers a bare app with `middleware` sends for a JSON answer (minus per-response ones). */
async function headersWith(middleware: RequestHandler): Promise<Record<string, string>> {
  const app = express();
  app.use(middleware);
  app.get('/x', (_req, res) => {
    res.json({ ok: true });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`);
    const headers = Object.fromEntries(res.headers);
    for (const perResponse of ['date', 'connection', 'keep-alive', 'etag']) delete headers[perResponse];
    return headers;
  } finally {
    server.close();
  }
}

describe('securityHeaders', () => {
  for (const PUBLIC_URL of ['http://school.lan:3000', 'https://exams.example.org']) {
    it(`sends exactly helmet's headers for the app's options (${PUBLIC_URL})`, async () => {
      const options = helmetOptions({ PUBLIC_URL } as Env);
      const ours = await headersWith(securityHeaders(options));
      expect(ours).toEqual(await headersWith(helmet(options)));
      expect(ours['content-security-policy']).toContain("frame-ancestors 'none'");
      expect('strict-transport-security' in ours).toBe(PUBLIC_URL.startsWith('https:'));
      expect(ours['x-powered-by']).toBeUndefined();
    });
  }

  it('refuses options whose headers depend on the request, instead of freezing one answer', () => {
    const perRequest = {
      contentSecurityPolicy: { directives: { scriptSrc: ["'self'", (req: unknown) => String(req)] } },
    };
    expect(() => securityHeaders(perRequest)).toThrow(/read the request/);
  });
});
