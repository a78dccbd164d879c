/**
 * A small structured logger. Callers pass an event name and non-personal fields only: never a
 * message body, a visitor's name, email or address (messages may hold health information, and logs
 * travel further than the database).
 */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
  /**
   * An info line the caller formatted itself (`{"time":...,"level":"info","event":...}` without
   * the newline): the access log's, a line a request, skips building an object to stringify.
   * Loggers without it get the same event through info().
   */
  infoLine?(json: (time: string) => string): void;
  /** Writes what waits now (lines are written together, see createLogger). */
  flush?(): void;
}

type Level = 'info' | 'warn' | 'error';

/**
 * Writes one JSON line per event to `out` (stdout at start-up). Lines of one turn of the event
 * loop go out in one write: with the access log on, a busy server logs a line a request, and a
 * write to a pipe (journald's) is a system call each. Whatever is pending is written before the
 * process exits.
 */
export function createLogger(out: { write(line: string): unknown } = process.stdout): Logger {
  let pending: string[] = [];
  let immediate = false;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    immediate = false;
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    out.write(text);
  };
  process.once('exit', flush);
  /** Events go out on the next turn; access log lines within ACCESS_FLUSH_MS, or at once past ACCESS_BATCH lines. */
  const push = (line: string, soon: boolean) => {
    pending.push(line);
    if (soon || pending.length >= ACCESS_BATCH) {
      if (!immediate) {
        immediate = true;
        setImmediate(flush);
      }
    } else if (!timer && !immediate) {
      timer = setTimeout(flush, ACCESS_FLUSH_MS);
      timer.unref();
    }
  };
  const write = (level: Level, event: string, fields?: Record<string, unknown>) => {
    push(`${JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })}\n`, true);
  };
  // The time of a line, formatted once a millisecond: a busy server logs many lines in one.
  let lastMs = 0;
  let lastIso = '';
  const now = () => {
    const ms = Date.now();
    if (ms !== lastMs) {
      lastMs = ms;
      lastIso = new Date(ms).toISOString();
    }
    return lastIso;
  };
  return {
    info: (e, f) => write('info', e, f),
    warn: (e, f) => write('warn', e, f),
    error: (e, f) => write('error', e, f),
    infoLine: (json) => push(`${json(now())}\n`, false),
    flush,
  };
}

/**
 * Access log lines (a line a request) are written together: within this many milliseconds, or
 * as soon as this many wait. A write to journald's pipe is a system call; one a request cost a
 * busy server a tenth of its page throughput.
 */
const ACCESS_FLUSH_MS = 100;
const ACCESS_BATCH = 256;

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
