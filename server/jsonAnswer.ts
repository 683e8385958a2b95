// JSON answers written in one piece: serialized once, compressed in one zlib call when over 1 KB,
// and sent with their length. The compression middleware does the same work through a zlib
// stream and wraps every response (small ones too) in closures; for the exam's answers that
// machinery cost more than the compression itself (bench, issue 6).
//
// A value that many students receive unchanged (a set's questions) can be marked with shareJson:
// its JSON and its compressed form are made once, and each answer splices them between its own
// parts. Gzip allows that: deflate blocks flushed to a byte boundary decode after any prefix,
// because back-references only reach inside their own blocks here; the gzip trailer's CRC-32 and
// length cover the whole text (the technique of pigz). A class starting one mock thus compresses
// its 100 questions once instead of once per student.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import Negotiator from 'negotiator';
import { BROTLI_PARAMS, COMPRESS_THRESHOLD, GZIP_LEVEL } from './compression';

interface SharedForm {
  json: Buffer;
  /** Raw deflate blocks of `json`, ended by a sync flush (byte-aligned, not final). */
  deflated: Buffer;
  /** The start of a gzip answer through this value, by the text before it (see gzipSpliced). */
  heads: Map<string, Head>;
}

interface Head {
  bytes: Buffer;
  crc: number;
  length: number;
}

/** Envelopes are few (tRPC's, REST's); a text with per-answer data before the value is not kept. */
const MAX_HEADS = 8;

const sharedForms = new WeakMap<object, SharedForm>();
// Stands in for a shared value during serialization. The random part keeps any user's text from
// ever matching it.
const MARK = `\uE000${crypto.randomBytes(8).toString('hex')}:`;
let collecting: object[] | null = null;

function toJSONOfShared(this: object): unknown {
  if (!collecting) return this; // serialized as usual (tRPC's adapter, res.json, tests)
  collecting.push(this);
  return MARK + String(collecting.length - 1);
}

/** Marks a value shared by many answers; returns it unchanged (it must not be frozen yet). */
export function shareJson<T extends object>(value: T): T {
  Object.defineProperty(value, 'toJSON', { value: toJSONOfShared, enumerable: false });
  return value;
}

function sharedForm(value: object): SharedForm {
  let form = sharedForms.get(value);
  if (!form) {
    const json = Buffer.from(JSON.stringify(value));
    // Made once for many answers, so the best compression is worth it on prepaid data.
    const deflated = zlib.deflateRawSync(json, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    form = { json, deflated, heads: new Map() };
    sharedForms.set(value, form);
  }
  return form;
}

/** The text of an answer, in pieces: the shared values' buffers between this answer's own text. */
function serialize(value: object): Array<string | SharedForm> {
  collecting = [];
  let text: string;
  let shared: object[];
  try {
    text = JSON.stringify(value);
    shared = collecting;
  } finally {
    collecting = null;
  }
  if (!shared.length) return [text];
  const parts: Array<string | SharedForm> = [];
  let from = 0;
  shared.forEach((value, i) => {
    const mark = JSON.stringify(MARK + String(i));
    const at = text.indexOf(mark, from);
    parts.push(text.slice(from, at), sharedForm(value));
    from = at + mark.length;
  });
  parts.push(text.slice(from));
  return parts;
}

const bytesOf = (part: string | SharedForm) => (typeof part === 'string' ? Buffer.from(part) : part.json);

// RFC 1952: magic, deflate, no flags, no time, no extra flags, unknown OS.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

// An answer's own pieces are a few hundred bytes: a small window and hash table make the deflate
// state quick to set up, at no cost in size for text this short.
const OWN_PIECE = { level: GZIP_LEVEL, windowBits: 10, memLevel: 2 };

/**
 * One gzip member from the pieces: this answer's text compressed now, the shared blocks as made.
 * serialize() always ends with a piece of the answer's own text, which carries the final block.
 * The start up to the first shared value is kept with that value when the text before it is fixed
 * (an envelope), so a start answer compresses only what follows its questions.
 */
function gzipSpliced(parts: Array<string | SharedForm>): Buffer {
  const [before, first] = parts as [string, SharedForm];
  let head = first.heads.get(before);
  if (!head) {
    head = deflatePieces({ bytes: GZIP_HEADER, crc: 0, length: 0 }, [before, first], false);
    if (first.heads.size < MAX_HEADS) first.heads.set(before, head);
  }
  const { bytes, crc, length } = deflatePieces(head, parts.slice(2), true);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([bytes, trailer]);
}

/** `start` followed by the deflate blocks of `parts`; with `last`, the last part's block is final. */
function deflatePieces(start: Head, parts: Array<string | SharedForm>, last: boolean): Head {
  const out: Buffer[] = [start.bytes];
  let { crc, length } = start;
  parts.forEach((part, i) => {
    const bytes = bytesOf(part);
    crc = zlib.crc32(bytes, crc);
    length += bytes.length;
    if (typeof part !== 'string') out.push(part.deflated);
    else if (last && i === parts.length - 1) out.push(finalBlock(bytes));
    else out.push(zlib.deflateRawSync(bytes, { ...OWN_PIECE, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
  });
  return { bytes: Buffer.concat(out), crc, length };
}

/** Below this an answer's last piece goes as it is: setting up a deflate state costs more than it saves. */
const STORED_BELOW = 1024;

/**
 * The final block of the answer. A short piece (a new session's few fields after its questions) is a
 * stored block (RFC 1951, 3.2.4): after a sync flush the stream is byte-aligned, so the block is a
 * byte with BFINAL set and BTYPE 00, the length and its complement, then the bytes.
 */
function finalBlock(bytes: Buffer): Buffer {
  if (bytes.length >= STORED_BELOW) return zlib.deflateRawSync(bytes, OWN_PIECE);
  const header = Buffer.alloc(5);
  header[0] = 1;
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

// Browsers send one of a handful of Accept-Encoding headers: each is parsed once.
const acceptedByHeader = new Map<string, string[]>();
const MAX_ACCEPT_HEADERS = 64;

function acceptedEncodings(req: Request): string[] {
  const header = req.headers['accept-encoding'] ?? '';
  let accepted = acceptedByHeader.get(header);
  if (!accepted) {
    accepted = new Negotiator(req).encodings(['br', 'gzip']);
    if (acceptedByHeader.size < MAX_ACCEPT_HEADERS) acceptedByHeader.set(header, accepted);
  }
  return accepted;
}

/** Browsers accept both brotli and gzip at the same weight; our preference decides between them. */
function encodingFor(req: Request, spliced: boolean): 'br' | 'gzip' | 'identity' {
  const accepted = acceptedEncodings(req);
  if (spliced && accepted.includes('gzip')) return 'gzip';
  if (accepted.includes('br')) return 'br';
  return accepted.includes('gzip') ? 'gzip' : 'identity';
}

/**
 * Writes `value` as the body of the answer (status and content type are the caller's). Over 1 KB it
 * is compressed as the client accepts: brotli first, except that an answer holding shared values
 * goes as gzip, whose spliced form costs the compression of this answer's own text only.
 */
export function sendJson(req: Request, res: Response, value: object): void {
  const parts = serialize(value);
  res.vary('Accept-Encoding');
  const plainLength = parts.reduce(
    (n, p) => n + (typeof p === 'string' ? Buffer.byteLength(p) : p.json.length),
    0,
  );
  let body: Buffer | string;
  const encoding = plainLength < COMPRESS_THRESHOLD ? 'identity' : encodingFor(req, parts.length > 1);
  if (encoding === 'gzip' && parts.length > 1) {
    body = gzipSpliced(parts);
  } else {
    const text = parts.length === 1 ? (parts[0] as string) : Buffer.concat(parts.map(bytesOf));
    if (encoding === 'br') body = zlib.brotliCompressSync(text, { params: BROTLI_PARAMS });
    else if (encoding === 'gzip') body = zlib.gzipSync(text, { level: GZIP_LEVEL });
    else body = text;
  }
  if (encoding === 'br' || encoding === 'gzip') res.setHeader('content-encoding', encoding);
  // A string body is the answer's whole text, whose length in bytes is already known.
  res.setHeader('content-length', typeof body === 'string' ? plainLength : body.length);
  res.end(body);
}
