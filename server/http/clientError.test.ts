// Requests refused by Node's HTTP parser, before Express: over real HTTP, they still get JSON.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ smtp: false });
});
afterAll(async () => {
  await t.close();
});

/** Sends `request` as raw bytes and returns everything the server answered before closing. */
function raw(request: string): Promise<string> {
  const { hostname, port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('parser-level errors', () => {
  it('answers a 20,000-character query string with a JSON 431', async () => {
    const res = await fetch(`${t.url}/api/health/?q=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ detail: 'Request headers or URL too long.' });
  });

  it('answers oversized headers with a JSON 431', async () => {
    const res = await fetch(`${t.url}/api/health/`, { headers: { 'x-filler': 'b'.repeat(20_000) } });
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({ detail: 'Request headers or URL too long.' });
  });

  it('answers a malformed request with a JSON 400', async () => {
    const answer = await raw('GARBAGE / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toMatch(/content-type: application\/json/i);
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({ detail: 'Malformed request.' });
  });

  it('still serves ordinary requests', async () => {
    const res = await fetch(`${t.url}/api/health/?q=${'a'.repeat(1000)}`);
    expect(res.status).toBe(200);
  });
});
