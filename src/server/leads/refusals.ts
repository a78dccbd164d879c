import { createHmac, randomBytes } from 'node:crypto';
import type { Logger } from '../log/logger.js';

/**
 * Refused contact posts (docs/decisions/010-leads-by-city.md): every refusal leaves a trace, so a
 * site whose every post fails (a misconfigured host, a form that sends a field wrong) is seen on its
 * first day, not when a patient complains. Counted per day, reason and origin, logged as one
 * structured line: never with anything the visitor typed.
 */

/** Why a post was not stored. */
export type RefusalReason =
  /** The hidden honeypot field was filled: a bot (it is told "sent", as a person would be). */
  | 'honeypot'
  /** The client stored its messages for this minute already (CONTACT_RATE_LIMIT). */
  | 'rate_limit'
  /** The client failed too often this minute (several times the rate limit). */
  | 'failed_limit'
  /** A field is missing or wrong (the visitor is shown which). */
  | 'validation'
  /** The body is larger than the limit. */
  | 'size'
  /** Not a form or JSON, a body that cannot be read, a malformed Idempotency-Key. */
  | 'malformed'
  /** An Idempotency-Key already used for another message. */
  | 'conflict';

/** Refusals of one day, reason and origin. `day` is the UTC date (`2026-11-26`). */
export interface RefusalCount {
  day: string;
  reason: RefusalReason;
  origin: string;
  count: number;
}

/** Where the counts are kept: the data folder's SQLite file, or PostgreSQL (shared by every server). */
export interface RefusalStore {
  /** Adds each row's count to what is stored for its day, reason and origin. */
  add(rows: readonly RefusalCount[]): Promise<void>;
  /** Every count of `sinceDay` and later, the largest first. */
  since(sinceDay: string): Promise<RefusalCount[]>;
}

/** The UTC day of a time, as the counts key it. */
const dayOf = (t: Date) => t.toISOString().slice(0, 10);

/** The refusals of the last `days` days (today included), summed per reason and origin, the largest first. */
export async function recentRefusals(store: RefusalStore, now: Date, days = 7): Promise<{ reason: RefusalReason; origin: string; count: number }[]> {
  const since = dayOf(new Date(now.getTime() - (days - 1) * 86_400_000));
  const sums = new Map<string, { reason: RefusalReason; origin: string; count: number }>();
  for (const r of await store.since(since)) {
    const key = `${r.reason}\n${r.origin}`;
    const s = sums.get(key) ?? { reason: r.reason, origin: r.origin, count: 0 };
    s.count += r.count;
    sums.set(key, s);
  }
  return [...sums.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason) || a.origin.localeCompare(b.origin));
}

/** A stranger can send any Origin header: past this many a day, the rest count under one name. */
export const MAX_ORIGINS_A_DAY = 200;
export const OTHER_ORIGINS = '(other origins)';

export interface RefusalLog {
  /** Counts and logs one refusal; `client` is the client's rate key (never logged as it is). */
  note(reason: RefusalReason, origin: string, client: string): void;
  /** Writes the counts noted so far and logs the repeats held back. */
  flush(): Promise<void>;
  /** Flushes, then stops the timer. */
  close(): Promise<void>;
}

export interface RefusalLogOptions {
  store: RefusalStore;
  logger: Logger;
  now?: () => Date;
  /** How often counts are written (default every 5 s): a flood of refusals is one write, not thousands. */
  flushMs?: number;
}

/** A minute: one log line per client and reason within it, the repeats summed into the next line. */
const LOG_WINDOW_MS = 60_000;
/** Clients tracked for combining lines: past this many in a minute (a flood from many addresses), the rest share one line. */
const MAX_LOGGED_CLIENTS = 10_000;

/**
 * Counts refusals in memory and writes them every few seconds; logs the first refusal of a client
 * and reason in a minute at once, and the ones after it as one line when the minute is over. The
 * client appears in the log only as a keyed hash (a per-process key): lines of one client can be
 * told together, its address cannot be read back (an IP address identifies a patient too).
 */
export function createRefusalLog(o: RefusalLogOptions): RefusalLog {
  const now = o.now ?? (() => new Date());
  const key = randomBytes(32);
  const clientTag = (client: string) => createHmac('sha256', key).update(client).digest('base64url').slice(0, 12);
  let pending = new Map<string, RefusalCount>();
  /** The origins counted by name today (at most MAX_ORIGINS_A_DAY). */
  let today = { day: '', origins: new Set<string>() };
  const logged = new Map<string, { since: number; held: number; reason: RefusalReason; origin: string; client: string }>();
  let writing: Promise<void> = Promise.resolve();
  /** Refusals of clients past MAX_LOGGED_CLIENTS, by reason: logged together with the next flush. */
  let overflow = new Map<RefusalReason, number>();

  const logRepeats = (e: { held: number; reason: RefusalReason; origin: string; client: string }) => {
    if (e.held > 0) o.logger.warn('contact.refused', { reason: e.reason, origin: e.origin, client: e.client, repeated: e.held, note: 'refusals of this client and reason in the minute after the line before' });
  };
  const logHeld = (t: number, all: boolean) => {
    for (const [k, e] of logged) {
      if (!all && t - e.since < LOG_WINDOW_MS) continue;
      logRepeats(e);
      logged.delete(k);
    }
    for (const [reason, n] of overflow) o.logger.warn('contact.refused', { reason, repeated: n, note: 'refusals of more clients than one line each can be kept for' });
    overflow = new Map();
  };

  const flush = async () => {
    logHeld(now().getTime(), false);
    const rows = [...pending.values()];
    pending = new Map();
    if (rows.length === 0) return writing;
    writing = writing.then(() =>
      o.store.add(rows).catch((err: unknown) => {
        // Counts are the operator's statistic: a database that does not answer loses them, nothing else.
        o.logger.warn('contact.refusals_not_saved', { rows: rows.length, error: err instanceof Error ? err.message : String(err) });
      }),
    );
    return writing;
  };
  const timer = setInterval(() => void flush(), o.flushMs ?? 5000);
  timer.unref();

  return {
    note(reason, rawOrigin, client) {
      const t = now();
      const day = dayOf(t);
      if (today.day !== day) today = { day, origins: new Set() };
      const seen = today.origins;
      const origin = seen.has(rawOrigin) || seen.size < MAX_ORIGINS_A_DAY ? rawOrigin : OTHER_ORIGINS;
      seen.add(origin);
      const k = `${day}\n${reason}\n${origin}`;
      const row = pending.get(k) ?? { day, reason, origin, count: 0 };
      row.count += 1;
      pending.set(k, row);

      const tag = clientTag(client);
      const lk = `${tag}\n${reason}`;
      const entry = logged.get(lk);
      if (entry && t.getTime() - entry.since < LOG_WINDOW_MS) {
        entry.held += 1;
        return;
      }
      // This client's minute is over: its repeats get their line, and this refusal starts a new minute.
      if (entry) logRepeats(entry);
      else if (logged.size >= MAX_LOGGED_CLIENTS) {
        overflow.set(reason, (overflow.get(reason) ?? 0) + 1);
        return;
      }
      logged.set(lk, { since: t.getTime(), held: 0, reason, origin, client: tag });
      o.logger.warn('contact.refused', { reason, origin, client: tag });
    },
    flush,
    async close() {
      clearInterval(timer);
      logHeld(now().getTime(), true);
      await flush();
    },
  };
}
