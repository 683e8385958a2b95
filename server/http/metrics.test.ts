// /metrics over the real HTTP stack: the procedure histogram and the other figures from an allowed
// address, the 404 of a path that does not exist from any other, and the allow-list's parser.
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv, EnvError } from '../env';
import { signUpAndIn, startTestServer, STUDENT, type TestServer } from '../test/harness';
import { rpc } from '../test/fixtures';
import { allowListOf, parseAllowList } from './allowList';

let t: TestServer | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** GET `path` from a chosen loopback source address (the server sees each as another client). */
function getFrom(
  from: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; text: string }> {
  const url = new URL(path, t!.url);
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: url.hostname, port: url.port, path: url.pathname, localAddress: from, agent: false, headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), text }),
        );
      },
    );
    req.on('error', reject);
  });
}

/** The value of one sample line of the text format, e.g. `name{label="x"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('gives the procedure histogram by outcome, REST routes by route, and the process figures', async () => {
    t = await startTestServer();
    const { access } = await signUpAndIn(t);
    const api = rpc(t, access);
    for (let i = 0; i < 3; i++) expect((await api.query('notifications.list')).status).toBe(200);
    const wrong = await rpc(t, null).mutate('auth.login', { email: STUDENT.email, password: 'Not-It-9x' });
    expect(wrong.status).toBe(400);
    const unknownSession = await t.api('GET', '/api/exams/quiz/987654/', { token: access });
    expect(unknownSession.status).toBe(404);

    const m = await getFrom('127.0.0.1', '/metrics');
    expect(m.status).toBe(200);
    expect(m.type).toMatch(/^text\/plain; version=0\.0\.4/);
    const { text } = m;
    expect(text).toContain('# TYPE nmc_procedure_duration_seconds histogram');
    expect(
      sample(text, 'nmc_procedure_duration_seconds_count{procedure="notifications.list",outcome="ok"}'),
    ).toBe(3);
    expect(
      sample(
        text,
        'nmc_procedure_duration_seconds_bucket{le="+Inf",procedure="notifications.list",outcome="ok"}',
      ),
    ).toBe(3);
    // The REST sign-in of signUpAndIn and the tRPC one above: one procedure, both outcomes.
    expect(sample(text, 'nmc_procedure_duration_seconds_count{procedure="auth.login",outcome="ok"}')).toBe(1);
    expect(
      sample(text, 'nmc_procedure_duration_seconds_count{procedure="auth.login",outcome="BAD_REQUEST"}'),
    ).toBe(1);
    expect(
      sample(text, 'nmc_rest_request_duration_seconds_count{route="POST /api/auth/login/",status="200"}'),
    ).toBe(1);
    // A REST path by its route, never by the address asked for.
    expect(text).toContain('route="GET /api/exams/quiz/:id/",status="404"');
    expect(text).not.toContain('987654');
    expect(sample(text, 'nmc_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'nmc_body_budget_bytes{lane="answers",kind="room"}')).toBe(8 * 1024 * 1024);
    expect(sample(text, 'nmc_body_budget_waiting{unit="bodies"}')).toBe(0);
    expect(sample(text, 'nmc_password_checks{state="queued"}')).toBe(0);
    expect(sample(text, 'nmc_sign_ins_busy_total')).toBe(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it('is a 404 to addresses off the list, and to requests through a proxy it was not told to trust', async () => {
    t = await startTestServer({ smtp: false, env: { METRICS_ALLOW: '127.0.0.2, 127.0.1.0/24' } });
    const notFound = await getFrom('127.0.0.1', '/metrics');
    expect(notFound.status).toBe(404);
    expect(JSON.parse(notFound.text)).toEqual({ detail: 'Not found.' });
    expect((await getFrom('127.0.0.3', '/metrics')).status).toBe(404);
    expect((await getFrom('127.0.0.2', '/metrics')).status).toBe(200);
    expect((await getFrom('127.0.1.77', '/metrics')).status).toBe(200);
    // Through a proxy on an allowed address, for a client the proxy names: refused.
    const proxied = await getFrom('127.0.0.2', '/metrics', { 'x-forwarded-for': '203.0.113.9' });
    expect(proxied.status).toBe(404);
    expect(proxied.text).not.toContain('nmc_');
  });

  it('behind a trusted proxy, checks the address the proxy saw', async () => {
    t = await startTestServer({ smtp: false, env: { TRUST_PROXY: 'loopback', METRICS_ALLOW: '10.0.0.0/8' } });
    expect((await getFrom('127.0.0.1', '/metrics', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect((await getFrom('127.0.0.1', '/metrics')).status).toBe(404);
    expect((await getFrom('127.0.0.1', '/metrics', { 'x-forwarded-for': '10.2.3.4' })).status).toBe(200);
  });
});

describe('METRICS_ALLOW', () => {
  it('takes addresses, ranges, loopback and none, and stops start-up on anything else', () => {
    expect(loadEnv({}).METRICS_ALLOW).toEqual(['loopback']);
    expect(loadEnv({ METRICS_ALLOW: ' 127.0.0.1, 10.0.0.0/8,fd00::/8 ' }).METRICS_ALLOW).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    expect(parseAllowList('none')).toEqual(['none']);
    for (const bad of ['10.0.0.0/33', 'example.com', '10.0.0/8', '10.0.0.1/8/1', 'none,127.0.0.1', ' , ']) {
      expect(() => parseAllowList(bad), bad).toThrow();
    }
    expect(() => loadEnv({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(EnvError);
    expect(() => loadEnv({ METRICS_ALLOW: 'example.com' })).toThrow(
      /^Invalid environment variable METRICS_ALLOW: "example.com" is not an address/,
    );
  });

  it('matches addresses, ranges and IPv4 clients seen on IPv6 sockets', () => {
    const allowed = allowListOf(parseAllowList('loopback,10.0.0.0/8,192.168.1.20,fd00::/8'));
    for (const yes of [
      '127.0.0.1',
      '127.9.9.9',
      '::1',
      '::ffff:127.0.0.1',
      '10.200.1.1',
      '::ffff:10.0.0.5',
      '192.168.1.20',
      'fd00::1',
    ])
      expect(allowed(yes), yes).toBe(true);
    for (const no of ['192.168.1.21', '11.0.0.1', '::ffff:11.0.0.1', 'fe80::1', '::2', '', undefined, 'junk'])
      expect(allowed(no), String(no)).toBe(false);
    const nobody = allowListOf(parseAllowList('none'));
    expect(nobody('127.0.0.1')).toBe(false);
  });
});
