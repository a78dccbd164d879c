/**
 * A database locked by another connection (another clinic-gen process, a backup, an operator's
 * sqlite3 shell) is waited for without blocking the event loop: the connection never waits
 * (busy_timeout = 0), and the store tries again on a timer (batcher.ts), so pages and other
 * requests go on meanwhile. A write that still cannot get the lock after BUSY_RETRY.budgetMs fails
 * with StoreBusyError, which the server answers with 503 and Retry-After: nothing was stored, so
 * the visitor may send again.
 */

/** True for SQLITE_BUSY and its variants: another connection holds the lock, a later try may work. */
export function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** What the server tells a client to wait before trying again (Retry-After) when the store is busy. */
export const RETRY_AFTER_SECONDS = 5;

/** A write that waited its whole budget for a lock held by another connection; nothing was stored. */
export class StoreBusyError extends Error {
  readonly code = 'STORE_BUSY';
  constructor(readonly waitedMs: number) {
    super(`The database stayed locked by another connection for ${Math.round(waitedMs)} ms`);
    this.name = 'StoreBusyError';
  }
}

/**
 * True for an error the server answers with 503 and Retry-After: the database is locked elsewhere
 * (SQLite), or cannot be reached (PostgreSQL down or restarting: pg/connect.ts's
 * StoreUnavailableError, code STORE_UNAVAILABLE). Either way nothing was stored.
 */
export function isStoreBusy(err: unknown): err is Error {
  return err instanceof StoreBusyError || isBusy(err) || (err as { code?: unknown } | null | undefined)?.code === 'STORE_UNAVAILABLE';
}

/** How long and how often a locked write is tried again. */
export interface BusyRetry {
  isBusy(err: unknown): boolean;
  /** How long an item may wait for the lock before it fails. */
  budgetMs: number;
  /** Wait before the first retry, doubled each time up to maxDelayMs. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** The error an item fails with once its budget is spent. */
  busyError(waitedMs: number): Error;
}

/** The policy of the message store: the 5 s SQLite's busy timeout used to block for, now on timers. */
export const BUSY_RETRY: BusyRetry = {
  isBusy,
  budgetMs: 5_000,
  firstDelayMs: 5,
  maxDelayMs: 200,
  busyError: (waitedMs) => new StoreBusyError(waitedMs),
};
