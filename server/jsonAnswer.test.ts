// JSON answers as clients receive them: the raw bytes over HTTP, decoded with zlib's own inflaters.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, shareJson } from './jsonAnswer';

let serialized = 0;
// Counts how often the shared questions are serialized: once, however many answers carry them.
const counted = { toJSON: () => (serialized++, 'counted') };
const questions = shareJson(
  Array.from({ length: 60 }, (_, i) => ({
    id: i + 1,
    question_text: `Question ${i}: which action comes first for a mother with postpartum haemorrhage — ${'é'.repeat(i % 5)}?`,
    option_a: `Fundal massage ${i}`,
    option_b: 'Call for help',
    option_c: 'Oxytocin 10 IU IM',
    option_d: `Record the blood loss ${i * 7}`,
    extra: i === 0 ? counted : null,
  })),
);
const small = shareJson([{ id: 1 }]);

const answers: Record<string, object> = {
  shared: { session: { id: 7, quiz_name: 'Mock «A»' }, questions, saved_answers: [{ question_id: 3 }] },
  twice: { first: questions, between: '\uE000not a mark', second: questions, small },
  plain: { rows: Array.from({ length: 80 }, (_, i) => ({ id: i, title: `Programme ${i}` })) },
  tiny: { ok: true, questions: small },
  accented: { name: 'Sage-femme diplômée, Kɔforidua' },
  // A resumed session: its saved answers make a long last piece, deflated rather than stored.
  resumed: {
    questions,
    saved_answers: Array.from({ length: 100 }, (_, i) => ({
      question_id: i,
      selected_answer: 'ABCD'[i % 4],
    })),
  },
};

let server: http.Server;
let base: string;
beforeAll(async () => {
  const app = express();
  // The same questions after a different text each time (more texts than the kept envelopes).
  app.get('/varied/:n', (req, res) => {
    res.type('json');
    sendJson(req, res, { n: Number(req.params.n), questions, after: req.params.n });
  });
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
serialized = 0;

describe('JSON answers', () => {
  it('splice the shared questions into a gzip answer that decodes to the whole JSON', async () => {
    for (const name of ['shared', 'twice', 'resumed']) {
      const { headers, body } = await get(name, 'gzip, deflate, br, zstd');
      expect(headers['content-encoding']).toBe('gzip');
      expect(headers.vary).toMatch(/Accept-Encoding/);
      expect(Number(headers['content-length'])).toBe(body.length);
      // gunzipSync checks the trailer's CRC-32 and length.
      expect(zlib.gunzipSync(body).toString()).toBe(expected(name));
      expect(JSON.parse(zlib.gunzipSync(body).toString())).toEqual(JSON.parse(expected(name)));
    }
    expect(serialized).toBe(1);
  });

  it('keep each text before the shared questions apart, however many there are', async () => {
    for (const round of [1, 2]) {
      for (let n = 0; n < 12; n++) {
        const { body } = await get(`varied/${n}`, 'gzip');
        const answer = JSON.parse(zlib.gunzipSync(body).toString()) as Record<string, unknown>;
        expect(answer, `round ${round}, answer ${n}`).toEqual({
          n,
          questions: (JSON.parse(expected('shared')) as Record<string, unknown>).questions,
          after: String(n),
        });
      }
    }
  });

  it('send the shared questions as brotli or plain to clients without gzip', async () => {
    const br = await get('shared', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(expected('shared'));
    const plain = await get('shared');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(expected('shared'));
    expect(serialized).toBe(1);
  });

  it('compress other answers over 1 KB with brotli first, then gzip, and leave small ones plain', async () => {
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
    expect(tiny.body.toString()).toBe('{"ok":true,"questions":[{"id":1}]}');
    const accented = await get('accented', 'gzip, br');
    expect(Number(accented.headers['content-length'])).toBe(Buffer.byteLength(expected('accented')));
    expect(accented.body.toString()).toBe(expected('accented'));
  });

  it('leave shared values as they are for every other serializer', () => {
    expect(JSON.stringify({ small })).toBe('{"small":[{"id":1}]}');
    expect(Object.keys(small)).toEqual(['0']);
  });
});
