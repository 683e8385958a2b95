// Requests Node's HTTP parser refuses before Express sees them (headers or URL over the 16 KB
// limit, malformed request lines, a request that never finished its headers) get Node's default
// answer otherwise: a status line with an empty body. This gives them the app's JSON shape.
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

const DETAILS: Record<number, string> = {
  400: 'Malformed request.',
  408: 'The request took too long to arrive.',
  431: 'Request headers or URL too long.',
};

function statusOf(code: string | undefined): number {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return 431;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 408;
    default:
      return 400;
  }
}

/** The raw response Node writes for a parser error `code`, as the app's JSON error. */
export function clientErrorResponse(code: string | undefined): string {
  const status = statusOf(code);
  const body = JSON.stringify({ detail: DETAILS[status] });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Replaces Node's default 'clientError' answer (same conditions) with a JSON one. */
export function answerClientErrorsAsJson(server: Server): void {
  server.on('clientError', (err: Error & { code?: string }, socket: Duplex & { bytesWritten?: number }) => {
    // As Node's default: answer only when nothing has been written on this connection yet.
    if (err.code !== 'ECONNRESET' && socket.writable && !socket.bytesWritten) {
      socket.end(clientErrorResponse(err.code), () => socket.destroy());
    } else {
      socket.destroy();
    }
  });
}
