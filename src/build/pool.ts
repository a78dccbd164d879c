import { availableParallelism } from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { imageEncodeCount } from '../site/images/encode.js';
import type { BuildJob, BuildOutcome } from './build-site.js';
import { forgetKeptFolders } from './site-folder.js';

const MARK = 'clinic-gen-build-worker';
const BATCH = 8;
/**
 * Cities each thread has in hand at once: while one waits for a file read (its logo, a photo's
 * stat), the other renders. One at a time left the thread idle about a sixth of a 1,000-city build.
 */
const IN_FLIGHT = 2;
/**
 * A worker's young generation, in MB. A build makes garbage fast but keeps little: with V8's
 * default a worker's heap grew to about 57 MB in a 1,000-city build, with 8 to about 35 MB, and
 * the build took the same time (six runs each way).
 */
const WORKER_YOUNG_MB = 8;
/**
 * A worker's old generation, in MB: far above what a build keeps (about 25 MB live a worker in a
 * 1,000-city build, up to 64 shapes' templates more), and given so V8 sizes the heap by it rather
 * than by this machine's memory (a limit of about 4 GB), where it let garbage grow to twice the
 * live size before collecting: a 1,000-city build peaked at 233-262 MB without it, 180-188 MB with
 * it (any limit from 96 MB to 1 GB measured alike, in the same time), and 234-248 MB with every
 * city's cards drawn (issue 41: at most 250 MB). A worker that reached it would stop the build with
 * an error; none comes within a tenth of it.
 */
const WORKER_OLD_MB = 1024;
/**
 * From this many cities, only worker threads build and this thread hands out batches. This
 * thread's young generation is V8's default (set when node starts, which a `#!` line could change
 * only with `env -S`, missing from busybox and older coreutils), and building grows it: a
 * 1,000-city build peaked at 245-249 MB with this thread building, against 227-246 MB without,
 * in 2.05-2.24 s against 2.12-2.21 s (five runs each, tmpfs): a few percent of time for room
 * under the 250 MB of issue 25. Below it this thread builds too, from the start, while the workers
 * take their 0.1 s to start: a build of a few dozen cities is done in about that time. The brand
 * site builds on this thread too (mainThread 'always', src/build/brand-site.ts): its 1,000
 * locations took 2.63-2.67 s with it against 2.90-3.04 s without, in the same memory (260-285 MB),
 * and its budget is time (at most 1.2x the stand-alone build, issue 24), not memory.
 */
const WORKERS_ONLY_FROM = 200;

/** Photos encoded by the worker threads of builds in this process, as each last said. */
let encodedByWorkers = 0;

/**
 * How many photos this process has encoded, on this thread and its build workers: a build of any
 * number of cities encodes each photo (in each role) once, and a build from a primed cache none
 * (the build's --json report says it, issue 41).
 */
export function photosEncoded(): number {
  return encodedByWorkers + imageEncodeCount();
}

/** Runs `fn` over `items`, IN_FLIGHT at a time. */
async function inFlight<T>(items: readonly T[], fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let at = 0;
  const lane = async () => {
    while (at < items.length) {
      const k = at++;
      await fn(items[k]!, k);
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, items.length) }, lane));
}

/**
 * Builds many cities on every core: worker threads running this same module (and this thread
 * too, below WORKERS_ONLY_FROM), all taking small batches from one queue so a slow city does not
 * hold up a core. Only this thread works when workers cannot be started (the TypeScript sources
 * under test) or there is little to do. `onDone` is told which thread built each city.
 */
export async function buildMany(
  jobs: BuildJob[],
  {
    workerUrl,
    onDone,
    mainThread,
  }: {
    workerUrl?: URL;
    onDone?: (o: BuildOutcome, done: number, on: 'main' | 'worker') => void;
    /** 'always': this thread builds too, however many cities (the brand site: see WORKERS_ONLY_FROM). */
    mainThread?: 'always';
  } = {},
): Promise<BuildOutcome[]> {
  const results: BuildOutcome[] = new Array(jobs.length);
  forgetKeptFolders();
  if (jobs.length === 0) return results;
  // Loaded when this thread has a city to build: the pipeline (the config's schema, the parsers,
  // the renderer) is most of what the CLI loads, and a rebuild with nothing changed needs none of it.
  const pipeline = () => import('./build-site.js');
  const threads = Math.min(availableParallelism(), Math.ceil(jobs.length / BATCH));
  let done = 0;
  const record = (i: number, o: BuildOutcome, on: 'main' | 'worker' = 'main') => {
    results[i] = o;
    onDone?.(o, ++done, on);
  };
  if (!workerUrl || !workerUrl.pathname.endsWith('.js') || threads < 2) {
    const { buildSite } = await pipeline();
    await inFlight(jobs, async (job, i) => record(i, await buildSite(job)));
    return results;
  }
  const here = mainThread === 'always' || jobs.length < WORKERS_ONLY_FROM;
  let next = 0;
  const take = () => {
    const batch: number[] = [];
    for (let k = 0; k < BATCH && next < jobs.length; k++) batch.push(next++);
    return batch;
  };
  // Below WORKERS_ONLY_FROM (and for the brand site), this thread is one of the builders; between
  // batches it yields so the workers' messages are handled.
  const local = (async () => {
    if (!here) return;
    const { buildSite } = await pipeline();
    for (let batch = take(); batch.length; batch = take()) {
      await inFlight(batch, async (i) => record(i, await buildSite(jobs[i]!)));
      await new Promise((r) => setImmediate(r));
    }
  })();
  // Once a worker has answered (it takes about 0.1 s to start), it has a second batch waiting
  // while it builds one, so it never sits idle until this thread, busy writing a site, gets round
  // to its answer. Before that it holds one: this thread may take the rest meanwhile.
  const remote = Array.from({ length: here ? threads - 1 : threads }, () => {
    const worker = new Worker(workerUrl, { workerData: { [MARK]: true }, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB, maxOldGenerationSizeMb: WORKER_OLD_MB } });
    let encoded = 0;
    return new Promise<void>((resolve, reject) => {
      const sent: number[][] = [];
      const feed = () => {
        const batch = take();
        if (batch.length === 0) return;
        sent.push(batch);
        worker.postMessage(batch.map((i) => jobs[i]));
      };
      worker.on('message', ({ outcomes, encodes }: { outcomes: BuildOutcome[]; encodes: number }) => {
        encodedByWorkers += encodes - encoded;
        encoded = encodes;
        const batch = sent.shift()!;
        outcomes.forEach((o, k) => record(batch[k]!, o, 'worker'));
        while (sent.length < 2 && next < jobs.length) feed();
        if (sent.length === 0) void worker.terminate().then(() => resolve());
      });
      worker.on('error', reject);
      // A worker gone without an error (killed, out of memory) would leave its cities unbuilt and
      // the build waiting for them.
      worker.on('exit', (code) => {
        if (sent.length > 0) reject(new Error(`a build worker thread stopped (exit code ${code}) before it had built its cities`));
      });
      feed();
      if (sent.length === 0) void worker.terminate().then(() => resolve());
    });
  });
  await Promise.all([local, ...remote]);
  return results;
}

/** Inside a worker thread started by buildMany: build each batch and send the outcomes back. */
export function runBuildWorkerIfAny(): boolean {
  if (isMainThread || !(workerData as Record<string, unknown> | null)?.[MARK]) return false;
  // Batches one after another, in the order they came (the pool matches answers to batches so).
  let queue = Promise.resolve();
  parentPort!.on('message', (jobs: BuildJob[]) => {
    queue = queue.then(async () => {
      const { buildSite } = await import('./build-site.js');
      const out: BuildOutcome[] = new Array(jobs.length);
      await inFlight(jobs, async (job, k) => {
        out[k] = await buildSite(job);
      });
      parentPort!.postMessage({ outcomes: out, encodes: imageEncodeCount() });
    });
  });
  return true;
}
