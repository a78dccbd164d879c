import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Long work written once as a generator that pauses (yields) every so often, run two ways: all at
 * once (the CLI's build, where nothing else waits) or in slices on the server, where a 5 MB upload
 * must not hold up the pages and posts of everyone else (docs/threat-model.md).
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs the steps to the end in one go. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

export interface SliceOptions {
  /** Work between two turns of the event loop. */
  sliceMs?: number;
  /**
   * CPU time of the slices after which the steps are abandoned: the work itself, not the time
   * spent waiting for other requests or for a busy machine.
   */
  budgetMs?: number;
}

export type SlicedResult<T> = { ok: true; value: T } | { ok: false; spentMs: number };

/**
 * Runs the steps in slices of about `sliceMs`, letting other requests run in between, and gives
 * up once the slices together used `budgetMs` of CPU: a linear job that still takes that long is
 * refused rather than finished.
 */
export async function runStepsSliced<T>(steps: Steps<T>, o: SliceOptions = {}): Promise<SlicedResult<T>> {
  const sliceMs = o.sliceMs ?? 5;
  const budgetMs = o.budgetMs ?? 2_000;
  let spent = 0;
  for (;;) {
    // A turn first: the caller's awaits on data already in memory (a request body, a form) resolve
    // as microtasks, which run back to back with no turn for anyone else in between.
    await nextTurn();
    const start = performance.now();
    const cpu = process.cpuUsage();
    do {
      const r = steps.next();
      if (r.done) return { ok: true, value: r.value };
    } while (performance.now() - start < sliceMs);
    const used = process.cpuUsage(cpu);
    spent += (used.user + used.system) / 1000;
    if (spent >= budgetMs) {
      steps.return(undefined as T);
      return { ok: false, spentMs: Math.round(spent) };
    }
  }
}

/** Characters one step of a long string operation handles (well under a millisecond of work). */
export const PIECE = 64 * 1024;

/**
 * `re.test(s)` a piece at a time, pausing between pieces. `overlap`: the length of the longest
 * match minus one, so a match across two pieces is still found.
 */
export function* testSteps(s: string, re: RegExp, overlap: number): Steps<boolean> {
  if (s.length <= PIECE) return re.test(s);
  for (let k = 0; k < s.length; k += PIECE) {
    if (re.test(s.slice(Math.max(0, k - overlap), k + PIECE))) return true;
    yield;
  }
  return false;
}
