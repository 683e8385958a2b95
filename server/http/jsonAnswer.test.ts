// JSON answers as clients receive them: the raw bytes over HTTP, decoded with zlib's own inflaters.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson } from './jsonAnswer';

const answers: Record<string, object> = {
  plain: { rows: Array.from({ length: 80 }, (_, i) => ({ id: i, title: `Programme ${i}` })) },
  tiny: { ok: true, questions: [{ id: 1 }] },
  accented: { name: 'Sage-femme diplômée, Kɔforidua' },
};

let server: http.Server;
let base: string;
beforeAll(async () => {
  const app = express();
  app.get('/:name', (req, res) => {
    res.type('json');
    sendJson(req, res, answers[req.params.name]);
  });
  server = app.listen(0);
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

function get(name: string, acceptEncoding?: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http
      .get(`${base}/${name}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

// The texts every other serializer writes, taken before any answer is sent.
const texts = Object.fromEntries(
  Object.entries(answers).map(([name, value]) => [name, JSON.stringify(value)]),
);
const expected = (name: string) => texts[name];

describe('JSON answers', () => {
  it('compress answers over 1 KB with brotli first, then gzip, and leave small ones plain', async () => {
    const br = await get('plain', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(expected('plain'));
    const gz = await get('plain', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(expected('plain'));
    const refused = await get('plain', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe(expected('plain'));
    const tiny = await get('tiny', 'gzip, br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe(expected('tiny'));
    const accented = await get('accented', 'gzip, br');
    expect(Number(accented.headers['content-length'])).toBe(Buffer.byteLength(expected('accented')));
    expect(accented.body.toString()).toBe(expected('accented'));
  });
});
