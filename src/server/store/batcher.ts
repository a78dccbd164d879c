/**
 * Group commit: calls submitted during one turn of the event loop run together in one batch (one
 * SQLite transaction, one fsync). Each caller's promise settles only after the batch has run, so
 * "resolved" still means "on disk". Under load this turns N fsyncs into one.
 */
export interface Batcher<T, R> {
  submit(item: T): Promise<R>;
  /** Runs whatever is queued now (used on shutdown). */
  flush(): void;
}

interface Pending<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (reason: unknown) => void;
}

/**
 * `run` gets the queued items and returns one result per item, in order; an `Error` in the result
 * list rejects that item alone, a thrown error rejects the whole batch.
 */
export function createBatcher<T, R>(run: (items: T[]) => (R | Error)[], maxBatch = 256): Batcher<T, R> {
  let queue: Pending<T, R>[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    let results: (R | Error)[];
    try {
      results = run(batch.map((p) => p.item));
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    batch.forEach((p, i) => {
      const r = results[i];
      if (r instanceof Error) p.reject(r);
      else if (r === undefined) p.reject(new Error('batch returned no result for an item'));
      else p.resolve(r);
    });
  };

  return {
    submit(item) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (queue.length >= maxBatch) flush();
        else if (!scheduled) {
          scheduled = true;
          // setImmediate runs after the current I/O phase, so requests parsed together commit together.
          setImmediate(flush);
        }
      });
    },
    flush,
  };
}
