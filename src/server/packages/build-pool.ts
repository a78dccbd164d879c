import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { ClinicConfig } from '../../config/schema.js';
import type { AssetSource } from '../../site/asset-source.js';
import type { SiteResult } from '../../site/pipeline.js';
import { workerBundle } from '../workers/worker-bundle.js';
import type { GenerateAnswer } from './generate-site.js';
import type { BrandSiteFiles } from '../../brand-site/make.js';
import type { PackageBody } from './package-body.js';
import { perform, type BrandJob, type Outcome, type PoolSiteOptions, type Work } from './build-work.js';

export type { BrandJob, PoolSiteOptions } from './build-work.js';

/**
 * Building a site off the request loop (issue 39 item 8): the admin's Generate, a saved version's
 * deploy and the brand site render every page (React), draw the social cards (resvg) and encode
 * photos (sharp), and Download Package parses and decodes up to tens of MB of JSON: hundreds of
 * milliseconds to seconds of CPU that the public pages and /api/contact waited behind. Here that
 * work (build-work.ts) runs on one worker thread, kept between builds so its
 * compiled templates and loaded modules stay warm (encoded photos and cards are kept on disk, in
 * `<data>/cache/images`, as before). One worker, not one a core: on the 2-core machine a server
 * runs on, the other core stays the request loop's.
 *
 * The worker opens no store: each file the build reads (a logo, a photo) is asked of this thread,
 * which reads it from the caller's AssetSource (the uploads, in the data folder or PostgreSQL) and
 * sends its bytes back. The site is the same, byte for byte, as one built here: the same function
 * on the same config, options and bytes.
 *
 * Builds a request asks for wait in a bounded queue: one that finds it full is refused at once
 * (the route answers 503 with Retry-After). Builds of background work (redeploy-all, the special
 * hours' redeploys) wait whatever the queue holds: their runners bound how many they ask for.
 *
 * sharp is loaded on this thread before the worker starts, and the worker is never stopped while
 * the server runs: sharp's libraries, loaded first by a worker, are unloaded when it exits and
 * crash the next one to load them (lovell/sharp#2263). Under the TypeScript sources (tests), and
 * when the worker cannot start, sites are built on this thread, through the same queue.
 */
export interface SiteBuildPool {
  /**
   * Queues a build of `config`; undefined when `whenBusy` is 'refuse' and the queue already holds
   * BUILD_QUEUE such builds (nothing was queued). The promise rejects as buildSiteFiles would throw.
   */
  build(config: ClinicConfig, assets: AssetSource, options: PoolSiteOptions, whenBusy: 'refuse' | 'wait'): Promise<SiteResult> | undefined;
  /**
   * The admin's Generate of a config as the form sent it (generateAnswer): checked, built and its
   * answer serialized on the worker, so this thread only copies one string into the answer (the
   * JSON of a site with photos is 10-30 ms of CPU). Undefined as build's.
   */
  generate(input: unknown, assets: AssetSource, serverOrigin: string, imageCacheDir: string | undefined, whenBusy: 'refuse' | 'wait'): Promise<GenerateAnswer> | undefined;
  /**
   * The brand site (makeBrandSite), every picture of the brand and its cities read from `assets`,
   * each city's form posting where its config says, else to `serverOrigin` (contactEndpointFor).
   */
  brand(job: BrandJob, assets: AssetSource, whenBusy: 'refuse' | 'wait'): Promise<BrandSiteFiles> | undefined;
  /** A Download Package body (package-body.ts), best in shared memory (readBytes `shared`): read into the zip's entries. */
  package(bytes: Uint8Array, whenBusy: 'refuse' | 'wait'): Promise<PackageBody> | undefined;
  /** Builds queued or under way. */
  waiting(): number;
  /** Stops the worker; builds still queued are made on this thread. */
  close(): Promise<void>;
}

/** Builds a request may queue at once: a few editors' Generates, not a backlog. */
export const BUILD_QUEUE = 4;
/** What a refused build is told to wait (Retry-After): about a Generate of a city with photos on a loaded machine. */
export const BUILD_RETRY_AFTER_SECONDS = 5;
/** Young generation: 8 MB cost a Generate about 6 ms in scavenges; 32 MB, about 20 MB more resident (npm run bench -- admin, -- generate). */
const WORKER_YOUNG_MB = 32;

const MARK = 'clinic-gen-site-build-worker';
/** A package body names no file to read. */
const NO_FILES: AssetSource = { name: 'none', read: async () => undefined };

type Job = {
  work: Work;
  assets: AssetSource;
  refusable: boolean;
  resolve: (r: Outcome) => void;
  reject: (e: unknown) => void;
};
type ToWorker = { build: { work: Work; name: string; hint?: string } } | { read: number; bytes?: Uint8Array; error?: string };
type FromWorker = { ready: true } | { read: number; path: string } | { result: Outcome } | { error: string };

/** Bytes as a Buffer over the same memory: what the callers' code had from a build on this thread. */
function asBuffers(r: Outcome): Outcome {
  if (!r.ok || !('files' in r)) return r;
  for (const [name, content] of Object.entries(r.files)) {
    if (typeof content !== 'string' && !Buffer.isBuffer(content)) r.files[name] = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  }
  return r;
}

/** A pool of one site-build worker loaded from `workerUrl` (default: this module, when built). */
export function createSiteBuildPool(o: { workerUrl?: URL | undefined; maxRequests?: number } = {}): SiteBuildPool {
  const workerUrl = 'workerUrl' in o ? o.workerUrl : workerBundle(import.meta.url);
  const maxRequests = o.maxRequests ?? BUILD_QUEUE;
  const queue: Job[] = [];
  let current: Job | undefined;
  let worker: Worker | undefined;
  let starting: Promise<Worker | undefined> | undefined;
  let closed = false;
  // A worker that could not load is not started again: sites are built here.
  let broken = false;
  // Workers that finished a build.
  const proven = new WeakSet<Worker>();

  const finish = (job: Job) => {
    if (current !== job) return;
    current = undefined;
    // Idle, it does not keep the process alive.
    if (queue.length === 0) worker?.unref();
    pump();
  };
  const here = (job: Job) => {
    perform(job.work, job.assets).then(
      (r) => (job.resolve(r), finish(job)),
      (err: unknown) => (job.reject(err), finish(job)),
    );
  };
  /**
   * The worker stopped. Before it had finished a build (it could not load, or what it loaded does
   * not run as a worker): the build it held is made here, as are the next ones. A worker that had
   * built sites stopped during one (out of memory, say): that build fails (made again here, it
   * could stop the server), and the next build starts another worker.
   */
  const lost = (w: Worker) => {
    if (worker !== w) return;
    worker = undefined;
    w.removeAllListeners();
    w.on('error', () => undefined);
    void w.terminate();
    const built = proven.has(w);
    if (!built) broken = true;
    const job = current;
    if (!job) return;
    if (!built) return here(job);
    job.reject(new Error('the site build worker stopped during this build'));
    finish(job);
  };
  const onMessage = (w: Worker, m: FromWorker) => {
    const job = current;
    if ('ready' in m || worker !== w || !job) return;
    if ('path' in m) {
      const answer = (reply: ToWorker) => worker === w && w.postMessage(reply);
      job.assets.read(m.path).then(
        (bytes) => answer({ read: m.read, ...(bytes ? { bytes } : {}) }),
        (err: unknown) => answer({ read: m.read, error: err instanceof Error ? err.message : String(err) }),
      );
      return;
    }
    proven.add(w);
    if ('result' in m) job.resolve(asBuffers(m.result));
    else job.reject(new Error(m.error));
    finish(job);
  };
  const start = async (): Promise<Worker | undefined> => {
    if (!workerUrl || closed) return undefined;
    // sharp's libraries loaded here first stay loaded whatever becomes of a worker (lovell/sharp#2263).
    await import('sharp').catch(() => undefined);
    try {
      const w = new Worker(workerUrl, { workerData: { [MARK]: true }, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB } });
      w.on('message', (m: FromWorker) => onMessage(w, m));
      w.on('error', () => lost(w));
      w.on('exit', () => lost(w));
      return w;
    } catch {
      return undefined;
    }
  };
  const pump = (): void => {
    if (current || starting) return;
    const job = queue.shift();
    if (!job) return;
    current = job;
    if (!worker && workerUrl && !closed && !broken) {
      starting = start();
      void starting.then((w) => {
        starting = undefined;
        worker = w;
        send(job);
      });
      return;
    }
    send(job);
  };
  const send = (job: Job) => {
    if (!worker) return here(job);
    // While it builds it keeps the process alive, so that the answer is not lost.
    worker.ref();
    try {
      worker.postMessage({ build: { work: job.work, name: job.assets.name, ...(job.assets.hint ? { hint: job.assets.hint } : {}) } } satisfies ToWorker);
    } catch {
      lost(worker);
    }
  };

  const admit = (work: Work, assets: AssetSource, whenBusy: 'refuse' | 'wait') => {
    const refusable = whenBusy === 'refuse';
    const requests = queue.filter((j) => j.refusable).length + (current?.refusable ? 1 : 0);
    if (refusable && requests >= maxRequests) return undefined;
    const built = new Promise<Outcome>((resolve, reject) => queue.push({ work, assets, refusable, resolve, reject }));
    pump();
    return built;
  };

  return {
    build: (config, assets, options, whenBusy) => admit({ site: { config, options } }, assets, whenBusy) as Promise<SiteResult> | undefined,
    generate: (input, assets, serverOrigin, imageCacheDir, whenBusy) =>
      admit({ generate: { input, serverOrigin, ...(imageCacheDir ? { imageCacheDir } : {}) } }, assets, whenBusy) as Promise<GenerateAnswer> | undefined,
    brand: (job, assets, whenBusy) => admit({ brand: job }, assets, whenBusy) as Promise<BrandSiteFiles> | undefined,
    package: (bytes, whenBusy) => admit({ package: { bytes } }, NO_FILES, whenBusy) as Promise<PackageBody> | undefined,
    waiting: () => queue.length + (current ? 1 : 0),
    async close() {
      closed = true;
      await starting;
      const w = worker;
      worker = undefined;
      if (w) {
        w.removeAllListeners();
        w.on('error', () => undefined);
        await w.terminate();
      }
      // What the worker held, and what is queued, is built here: no caller is left waiting.
      if (w && current) here(current);
    },
  };
}

let shared: SiteBuildPool | undefined;

/** The server's one pool, started by its first build and kept while the process runs. */
export function siteBuilds(): SiteBuildPool {
  return (shared ??= createSiteBuildPool());
}

/** A worker idle this long after a build collects its garbage. */
const IDLE_COLLECT_MS = 2000;

/**
 * A full garbage collection of this worker's heap, when V8 lets one be asked for. V8 collects
 * when it allocates, and an idle worker allocates nothing: what a build of a city with photos
 * leaves as garbage (some tens of MB: `npm run bench -- generate`) would stay resident until the next build.
 */
function fullCollection(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

/** Inside a worker started by createSiteBuildPool: each build asked for, its files read through this thread. */
function runSiteBuildWorkerIfAny(): void {
  if (isMainThread || !(workerData as Record<string, unknown> | null)?.[MARK]) return;
  const port = parentPort!;
  const reads = new Map<number, { resolve: (b: Uint8Array | undefined) => void; reject: (e: Error) => void }>();
  let next = 0;
  const post = (m: FromWorker) => port.postMessage(m);
  port.on('message', (m: ToWorker) => {
    if ('read' in m) {
      const r = reads.get(m.read);
      reads.delete(m.read);
      if (m.error !== undefined) r?.reject(new Error(m.error));
      // A Buffer, as the stores and folders read it on this thread.
      else r?.resolve(m.bytes && Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
      return;
    }
    const { work, name, hint } = m.build;
    const assets: AssetSource = {
      name,
      ...(hint !== undefined ? { hint } : {}),
      read: (path) =>
        new Promise((resolve, reject) => {
          const id = next++;
          reads.set(id, { resolve, reject });
          post({ read: id, path });
        }),
    };
    if (idle) clearTimeout(idle);
    perform(work, assets)
      .then(
        (result) => post({ result }),
        (err: unknown) => post({ error: err instanceof Error ? err.message : String(err) }),
      )
      .finally(() => {
        // Idle a while after a build: what the build left is collected, so an idle worker is small.
        idle = setTimeout(() => collect?.(), IDLE_COLLECT_MS);
        idle.unref();
      });
  });
  let idle: NodeJS.Timeout | undefined;
  const collect = fullCollection();
  post({ ready: true });
}

runSiteBuildWorkerIfAny();
