// The one place the app's logger is made: pino, one JSON object a line on stdout (time, level,
// pid, msg and the fields of the call), at the level LOG_LEVEL names. Everything else logs through
// it or a child of it (a request's carries its id, see server/http/requestLog.ts). To read the
// lines as text while developing: `npm run dev | npx pino-pretty`.
import pino, { type DestinationStream, type LevelWithSilent, type Logger } from 'pino';

export type { Logger };
/** Where the lines go: stdout, or what a test reads them from. */
export type LogDestination = DestinationStream;

/**
 * Never written, whoever passes them: the credentials a request or an account carries. The
 * request log has its own serializers that copy no header or body at all; this is the net below.
 */
const REDACTED_PATHS = [
  'password',
  'token',
  'access',
  'refresh',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

const discard: DestinationStream = { write: () => {} };

/**
 * The root logger. Lines go to stdout with one write each, as they are logged: with several worker
 * processes on one stdout, a line written whole is never cut into by another worker's.
 */
export function createLogger(level: LevelWithSilent, destination?: LogDestination): Logger {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: pino.stdSerializers.err },
    },
    destination ?? (level === 'silent' ? discard : pino.destination({ dest: 1, sync: true })),
  );
}
