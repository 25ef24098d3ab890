import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import type { LogLevel } from '../config.ts';

/**
 * The process's structured logger (pino): one JSON object per line on stdout, written asynchronously (lines that
 * come while a write is under way go out together in the next), and flushed when the process exits.
 */
export type Logger = PinoLogger;

/**
 * Field names whose values never reach the log, wherever a caller puts them: session tokens, passwords, the
 * Authorization header, cookies (docs/decisions.md#api-contract: a token in a log is a leaked session).
 */
const REDACT = ['token', 'password', 'authorization', 'cookie', '_t'].flatMap((key) => [key, `*.${key}`]);

/**
 * The one logger factory of the API, the worker and `npm start`: JSON lines with an ISO time and the level's name,
 * at LOG_LEVEL (config.logLevel). Tests pass a `destination` to read the lines, or `level: 'silent'`.
 */
export function createLogger(options: { level?: LogLevel; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT, censor: '[redacted]' },
    },
    options.destination ?? pino.destination({ dest: 1, sync: false }),
  );
}
