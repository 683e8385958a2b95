// Zip-bomb guard for .xlsx files, run before the spreadsheet parser sees the bytes. The parser
// worker's heap limit does not cover Buffers, so the unpacked size is bounded here: first by the
// sizes the ZIP central directory declares (cheap), then by inflating each part and counting what
// comes out, because a hostile file can declare small sizes and still inflate to gigabytes.
import zlib from 'node:zlib';
import { MAX_UNZIPPED_BYTES, MAX_ZIP_ENTRIES } from './limits';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;

export class UnsafeZipError extends Error {}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
}

function findEndOfCentralDirectory(buf: Buffer): number {
  // The record sits at the end, followed by a comment of at most 65,535 bytes.
  const stop = Math.max(0, buf.length - EOCD_SIZE - 0xffff);
  for (let i = buf.length - EOCD_SIZE; i >= stop; i--) {
    if (buf.readUInt32LE(i) === EOCD_SIGNATURE) return i;
  }
  throw new UnsafeZipError('The file is not a valid .xlsx workbook (its ZIP directory is missing).');
}

/** Reads the central directory and rejects declared sizes and counts beyond the limits. */
export function readCentralDirectory(buf: Buffer): ZipEntry[] {
  if (buf.length < EOCD_SIZE) throw new UnsafeZipError('The file is too short to be an .xlsx workbook.');
  const eocd = findEndOfCentralDirectory(buf);
  const count = buf.readUInt16LE(eocd + 10);
  const size = buf.readUInt32LE(eocd + 12);
  const offset = buf.readUInt32LE(eocd + 16);
  // 0xFFFF / 0xFFFFFFFF mean "see the ZIP64 record": a 5 MB workbook never needs one.
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    throw new UnsafeZipError(
      'The workbook uses ZIP64, which a question file never needs; save it again as .xlsx.',
    );
  }
  if (count > MAX_ZIP_ENTRIES) {
    throw new UnsafeZipError(`The workbook has ${count} internal parts (limit ${MAX_ZIP_ENTRIES}).`);
  }
  if (offset + size > eocd) throw new UnsafeZipError('The workbook ZIP directory is damaged.');

  const entries: ZipEntry[] = [];
  let total = 0;
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + CENTRAL_SIZE > eocd || buf.readUInt32LE(p) !== CENTRAL_SIGNATURE) {
      throw new UnsafeZipError('The workbook ZIP directory is damaged.');
    }
    const method = buf.readUInt16LE(p + 10);
    const compressedSize = buf.readUInt32LE(p + 20);
    const uncompressedSize = buf.readUInt32LE(p + 24);
    const nameLength = buf.readUInt16LE(p + 28);
    const extraLength = buf.readUInt16LE(p + 30);
    const commentLength = buf.readUInt16LE(p + 32);
    const localOffset = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + CENTRAL_SIZE, p + CENTRAL_SIZE + nameLength);
    total += uncompressedSize;
    if (uncompressedSize > MAX_UNZIPPED_BYTES || total > MAX_UNZIPPED_BYTES) {
      throw new UnsafeZipError(
        `The workbook would unpack to more than ${MAX_UNZIPPED_BYTES / 1024 / 1024} MB; this looks like a zip bomb, not a question file.`,
      );
    }
    entries.push({ name, method, compressedSize, uncompressedSize, localOffset });
    p += CENTRAL_SIZE + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Inflates every part with a hard output cap: a part larger than declared is refused. */
export async function checkActualSizes(buf: Buffer, entries: ZipEntry[]): Promise<void> {
  for (const entry of entries) {
    const at = entry.localOffset;
    if (at + LOCAL_SIZE > buf.length || buf.readUInt32LE(at) !== LOCAL_SIGNATURE) {
      throw new UnsafeZipError('The workbook ZIP data is damaged.');
    }
    const start = at + LOCAL_SIZE + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
    const data = buf.subarray(start, start + entry.compressedSize);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) {
        throw new UnsafeZipError('The workbook ZIP data is damaged.');
      }
      continue;
    }
    if (entry.method !== 8) {
      throw new UnsafeZipError(`The workbook part ${entry.name} uses an unsupported compression method.`);
    }
    await inflatesWithin(data, entry.uncompressedSize);
  }
}

/**
 * Output chunk of the counting inflate. Node's default (16 KiB) made a large workbook hundreds
 * of short-lived buffers in the main thread's malloc heap, which grew with each import and stayed
 * so (docs/performance.md); chunks above glibc's mmap threshold (128 KiB, set in `npm start`) are
 * mapped on their own and go back to the system when freed.
 */
const INFLATE_CHUNK_BYTES = 256 * 1024;

/**
 * Inflates a part as a stream and counts its bytes, stopping as soon as they pass `declared`. The
 * output is never gathered: a large workbook unpacks to several MB that the parser unpacks again
 * anyway, and holding it here while the parse runs raised the server's peak memory.
 */
function inflatesWithin(data: Buffer, declared: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const inflater = zlib.createInflateRaw({ chunkSize: INFLATE_CHUNK_BYTES });
    let size = 0;
    const fail = (reason: string) => {
      inflater.destroy();
      reject(new UnsafeZipError(reason));
    };
    inflater.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > declared) {
        fail(
          'The workbook unpacks to more than it declares; this looks like a zip bomb, not a question file.',
        );
      }
    });
    inflater.on('end', resolve);
    inflater.on('error', () => fail('The workbook ZIP data is damaged.'));
    inflater.end(data);
  });
}

/**
 * Checks the declared sizes at once, then returns the inflate check as a promise, so the caller
 * can run it alongside the parse (see importQuestions.ts) and stop the parse if it fails.
 */
export function guardZip(buf: Buffer): { actualSizes: Promise<void> } {
  const entries = readCentralDirectory(buf);
  return { actualSizes: checkActualSizes(buf, entries) };
}
