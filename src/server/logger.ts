/**
 * A small structured logger. Callers pass an event name and non-personal fields only: never a
 * message body, a visitor's name, email or address (messages may hold health information, and logs
 * travel further than the database).
 */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

type Level = 'info' | 'warn' | 'error';

/** Writes one JSON line per event to `out` (stdout at start-up). */
export function createLogger(out: { write(line: string): unknown } = process.stdout): Logger {
  const write = (level: Level, event: string, fields?: Record<string, unknown>) => {
    out.write(`${JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })}\n`);
  };
  return {
    info: (e, f) => write('info', e, f),
    warn: (e, f) => write('warn', e, f),
    error: (e, f) => write('error', e, f),
  };
}

/** For tests: keeps the events so assertions can look at them, prints nothing. */
export function memoryLogger(): Logger & { events: { level: Level; event: string; fields?: Record<string, unknown> }[] } {
  const events: { level: Level; event: string; fields?: Record<string, unknown> }[] = [];
  return {
    events,
    info: (event, fields) => events.push({ level: 'info', event, fields }),
    warn: (event, fields) => events.push({ level: 'warn', event, fields }),
    error: (event, fields) => events.push({ level: 'error', event, fields }),
  };
}

/** Describes an error for a log line without its stack's argument values or request data. */
export function errorFields(err: unknown): Record<string, unknown> {
  if (err instanceof Error) {
    const code = (err as NodeJS.ErrnoException).code;
    return { error: err.name, reason: err.message, ...(code ? { code } : {}) };
  }
  return { error: String(err) };
}

/** Drops every event (createApp's default when no logger is given). */
export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
