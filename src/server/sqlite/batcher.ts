import { BUSY_RETRY, type BusyRetry } from './busy.js';

/**
 * Group commit: calls submitted during one turn of the event loop run together in one batch (one
 * SQLite transaction, one fsync). Each caller's promise settles only after the batch has run, so
 * "resolved" still means "on disk". Under load this turns N fsyncs into one.
 *
 * When another connection holds the database lock, the batch is not waited for on this thread
 * (that froze every request for SQLite's busy timeout): it goes back to the head of the queue and
 * is tried again on a timer with backoff (busy.ts). An item that waited `retry.budgetMs` fails with
 * `retry.busyError`; a failed transaction stored nothing, so no caller is ever told "stored" wrongly.
 */
export interface Batcher<T, R> {
  submit(item: T): Promise<R>;
  /** Runs whatever is queued now, once (used on shutdown): items it cannot commit fail. */
  flush(): void;
}

interface Pending<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (reason: unknown) => void;
  /** When it was submitted (performance.now()). */
  since: number;
}

/** Settles each waiting caller with its result: an `Error` rejects that item alone. */
function deliver<R>(batch: Pick<Pending<unknown, R>, 'resolve' | 'reject'>[], results: (R | Error)[]): void {
  batch.forEach((p, i) => {
    const r = results[i];
    if (r instanceof Error) p.reject(r);
    else if (r === undefined) p.reject(new Error('batch returned no result for an item'));
    else p.resolve(r);
  });
}

/**
 * `run` gets the queued items and returns one result per item, in order; an `Error` in the result
 * list rejects that item alone, a thrown error rejects the whole batch (or retries it, when
 * `retry.isBusy` says the database was locked).
 */
export function createBatcher<T, R>(run: (items: T[]) => (R | Error)[], maxBatch = 256, retry: BusyRetry = BUSY_RETRY): Batcher<T, R> {
  let queue: Pending<T, R>[] = [];
  let scheduled = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = retry.firstDelayMs;

  /** Runs one batch; false when the database was locked (nothing happened, the batch is intact). */
  const attempt = (batch: Pending<T, R>[]): boolean => {
    let results: (R | Error)[];
    try {
      results = run(batch.map((p) => p.item));
    } catch (err) {
      if (retry.isBusy(err)) return false;
      for (const p of batch) p.reject(err);
      return true;
    }
    deliver(batch, results);
    return true;
  };

  const flush = (final: boolean) => {
    scheduled = false;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    while (queue.length) {
      const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
      queue = batch === queue ? [] : queue.slice(maxBatch);
      if (attempt(batch)) {
        delay = retry.firstDelayMs;
        continue;
      }
      // Locked: the batch goes back in front, in order. Who waited the budget out fails now.
      const now = performance.now();
      queue = [...batch, ...queue].filter((p) => {
        const waited = now - p.since;
        if (!final && waited < retry.budgetMs) return true;
        p.reject(retry.busyError(waited));
        return false;
      });
      if (queue.length) {
        retryTimer = setTimeout(() => flush(false), delay);
        delay = Math.min(delay * 2, retry.maxDelayMs);
      }
      return;
    }
  };

  return {
    submit(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject, since: performance.now() });
        // While waiting for a lock, the retry takes new items along.
        if (retryTimer) return;
        if (queue.length >= maxBatch) flush(false);
        else if (!scheduled) {
          scheduled = true;
          // setImmediate runs after the current I/O phase, so requests parsed together commit together.
          setImmediate(() => flush(false));
        }
      });
    },
    flush: () => flush(true),
  };
}

/** Group commit over a network database: `flush()` is a promise, batches run while others wait. */
export interface AsyncBatcher<T, R> {
  submit(item: T): Promise<R>;
  /** Starts whatever is queued now and resolves once it and every batch in flight has settled. */
  flush(): Promise<void>;
}

export interface AsyncBatcherOptions {
  /** Items in one batch at most. */
  maxBatch?: number;
  /**
   * Batches running at once. While they run, new items queue up and leave together when one ends:
   * the busier the server, the larger the batch, the fewer the commits.
   */
  maxInFlight?: number;
}

/**
 * The asynchronous twin of createBatcher, for PostgreSQL (leads/pg-store.ts): calls submitted
 * during one turn of the event loop run as one batch (one transaction). `run` returns one result per
 * item, in order; an `Error` in the list rejects that item alone, a rejection of `run` rejects the
 * whole batch. No busy retry: PostgreSQL waits for its row locks itself, without blocking this thread.
 */
export function createAsyncBatcher<T, R>(run: (items: T[]) => Promise<(R | Error)[]>, options: AsyncBatcherOptions = {}): AsyncBatcher<T, R> {
  const maxBatch = options.maxBatch ?? 256;
  const maxInFlight = options.maxInFlight ?? 2;
  let queue: Omit<Pending<T, R>, 'since'>[] = [];
  let scheduled = false;
  let inFlight = 0;
  let idleWaiters: (() => void)[] = [];

  const settleIdle = () => {
    if (queue.length || inFlight) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  };

  const runBatch = async (batch: Omit<Pending<T, R>, 'since'>[]) => {
    try {
      deliver(batch, await run(batch.map((p) => p.item)));
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  };

  const pump = () => {
    scheduled = false;
    while (queue.length && inFlight < maxInFlight) {
      const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch);
      queue = batch === queue ? [] : queue.slice(maxBatch);
      inFlight++;
      void runBatch(batch).finally(() => {
        inFlight--;
        pump();
        settleIdle();
      });
    }
  };

  return {
    submit(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (queue.length >= maxBatch) pump();
        else if (!scheduled) {
          scheduled = true;
          // setImmediate runs after the current I/O phase, so requests parsed together commit together.
          setImmediate(pump);
        }
      });
    },
    flush() {
      pump();
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
  };
}
