// JSON answers of the lean tRPC front and the REST shim, written in one piece: serialized once,
// compressed in one zlib call when over 1 KB (with compression.ts's JSON settings), sent with their
// length. The compression middleware covers everything else.
import zlib from 'node:zlib';
import type { Request, Response } from 'express';
import Negotiator from 'negotiator';
import { COMPRESS_THRESHOLD, JSON_BROTLI_PARAMS, JSON_GZIP_LEVEL } from './compression';

/** Browsers accept both brotli and gzip at the same weight; brotli is preferred between them. */
function encodingFor(req: Request): 'br' | 'gzip' | 'identity' {
  const accepted = new Negotiator(req).encodings(['br', 'gzip']);
  if (accepted.includes('br')) return 'br';
  return accepted.includes('gzip') ? 'gzip' : 'identity';
}

/** Writes `value` as the body of the answer (status and content type are the caller's). */
export function sendJson(req: Request, res: Response, value: unknown): void {
  const text = JSON.stringify(value);
  res.vary('Accept-Encoding');
  const plain = Buffer.from(text);
  const encoding = plain.length < COMPRESS_THRESHOLD ? 'identity' : encodingFor(req);
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(plain, { params: JSON_BROTLI_PARAMS })
      : encoding === 'gzip'
        ? zlib.gzipSync(plain, { level: JSON_GZIP_LEVEL })
        : plain;
  if (encoding !== 'identity') res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', body.length);
  res.end(body);
}
