import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { importFileUnreadable } from '../../texts/cities.js';
import type { Message } from '../../texts/message.js';
import { prepareFile } from './save.js';
import { readImportRequest, type ImportExpect, type ImportFile } from './import-request.js';
import { workerBundle } from '../workers/worker-bundle.js';

/**
 * Reading imports off the event loop (issue 39 item 8). A 50-file import of 255 KB files is 13 MB
 * of JSON (tens of ms to decode and parse) and fifty files of about 50 ms each of YAML and schema
 * checks (prepareFile): on the request loop, every page and contact post waited behind it for
 * seconds. One worker thread, started on the first import and stopped after a while idle, reads
 * each import's body and then its files one by one, in the order sent, while this thread answers
 * requests and saves each file as soon as it is read. One worker, not one a core: on the 2-core
 * machine a server runs on, the other core stays the request loop's.
 *
 * Imports wait in a bounded queue: one that finds it full is refused at once (the route answers
 * 503 with Retry-After) instead of piling up behind the others.
 *
 * The worker is the built bundle loaded once more (lib/*.js, as check-worker.ts and
 * leads/seal-worker.ts). Under the TypeScript sources (tests), and when the worker cannot start,
 * imports are read on this thread, one file an event-loop turn.
 */

/** What prepareFile says of one file: its version to save, or its errors, each naming file and line. */
export type FileRead = ReturnType<typeof prepareFile>;

/** An import read: refused whole (the body), or its files' names with a promise a file, in order. */
export type ImportRead = { ok: true; names: string[]; reads: Promise<FileRead>[]; expect?: ImportExpect } | { ok: false; status: 400 | 413; error: Message };

export interface ImportParser {
  /** Queues an import's body; undefined when the queue is full (nothing was queued). */
  admit(bytes: Uint8Array): Promise<ImportRead> | undefined;
  /** Imports queued or being read now. */
  waiting(): number;
  /** Stops the worker; imports still queued are read on this thread. */
  close(): Promise<void>;
}

export interface ImportParserOptions {
  /** The bundle a worker loads; undefined: read here. Default: this module's own, when it is built. */
  workerUrl?: URL | undefined;
  /** Imports queued or being read at once (default IMPORT_QUEUE). */
  maxImports?: number;
  /** A worker idle this long is stopped (default 30 s); the next import starts another. */
  idleMs?: number;
}

/** Four imports of up to 50 files (and 16 MB) each: a few editors at once, not a backlog. */
export const IMPORT_QUEUE = 4;

const MARK = 'clinic-gen-import-worker';

type Deferred = { promise: Promise<FileRead>; resolve: (r: FileRead) => void; reject: (e: unknown) => void };
/** An import queued or being read: its body, then (once accepted) its names and a promise a file; `answered` files are read. */
type Job = { bytes: Uint8Array; settle: (r: ImportRead) => void; names?: string[]; files?: ImportFile[]; expect?: ImportExpect; reads?: Deferred[]; answered: number };
type Reply =
  | { ready: true }
  | { refused: { status: 400 | 413; error: Message } }
  | { accepted: string[]; expect?: ImportExpect }
  | { i: number; read?: FileRead; error?: string };

function deferred(): Deferred {
  const d = {} as Deferred;
  d.promise = new Promise<FileRead>((resolve, reject) => Object.assign(d, { resolve, reject }));
  // A read never awaited (the route failed on an earlier file) is not an unhandled rejection.
  d.promise.catch(() => undefined);
  return d;
}

/** Tells the route the import's files are accepted: a promise a file, in order. */
function accept(job: Job, names: string[], expect?: ImportExpect): void {
  job.names = names;
  job.reads = names.map(deferred);
  job.settle({ ok: true, names, reads: job.reads.map((d) => d.promise), ...(expect ? { expect } : {}) });
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The bytes in memory a worker shares (one copy, made once): posting them then copies nothing. */
function shared(bytes: Uint8Array): Uint8Array {
  if (bytes.buffer instanceof SharedArrayBuffer) return bytes;
  const out = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  out.set(bytes);
  return out;
}

/** The import read on this thread from its file `from` on, one file an event-loop turn. */
async function readHere(job: Job, from: number): Promise<void> {
  if (!job.files) {
    await turn();
    const r = readImportRequest(job.bytes);
    if (!r.ok && !job.reads) return job.settle(r);
    job.files = r.ok ? r.files : [];
    if (r.ok && r.expect) job.expect = r.expect;
  }
  if (!job.reads) accept(job, job.files.map((f) => f.name), job.expect);
  const reads = job.reads!;
  for (let i = from; i < reads.length; i++) {
    await turn();
    const f = job.files[i];
    try {
      if (!f) throw new Error(`import file ${i} not found in the body read again`);
      reads[i]!.resolve(prepareFile(f.name, f.text));
    } catch (err) {
      reads[i]!.reject(err);
    }
  }
}

/** An import parser (see ImportParser) with one worker thread loaded from `workerUrl`. */
export function createImportParser(o: ImportParserOptions = {}): ImportParser {
  const workerUrl = 'workerUrl' in o ? o.workerUrl : workerBundle(import.meta.url);
  const maxImports = o.maxImports ?? IMPORT_QUEUE;
  const idleMs = o.idleMs ?? 30_000;
  const queue: Job[] = [];
  let current: Job | undefined;
  let worker: Worker | undefined;
  let idle: NodeJS.Timeout | undefined;
  // A worker that failed to load is not started again until the queue is empty: the rest is read here.
  let broken = false;

  const finish = (job: Job) => {
    if (current !== job) return;
    current = undefined;
    pump();
  };
  const here = (job: Job, from: number) => {
    readHere(job, from).then(
      () => finish(job),
      () => finish(job),
    );
  };
  const stopWorker = (w: Worker) => {
    w.removeAllListeners();
    // An error of its own while it stops must not become the process's uncaught one.
    w.on('error', () => undefined);
    void w.terminate();
  };
  /**
   * The worker stopped while reading `current`. Before it was ready (it could not load): the
   * import is read here, as without a worker. Reading a file (which exhausted its memory, say):
   * that file is refused, not read again on this thread, and the import's other files are read here.
   */
  const giveUp = (w: Worker, ready: boolean) => {
    if (worker !== w) return;
    worker = undefined;
    stopWorker(w);
    const job = current;
    if (!ready) broken = true;
    if (!job) return pump();
    let from = job.answered;
    if (ready && job.reads && from < job.reads.length) {
      job.reads[from]!.resolve({ ok: false, errors: [`${job.names![from]}:1:1 ${importFileUnreadable.title}`] });
      from++;
    }
    here(job, from);
  };
  const onReply = (w: Worker, reply: Reply) => {
    const job = current;
    if (worker !== w || !job) return;
    if ('refused' in reply) {
      job.settle({ ok: false, ...reply.refused });
      return finish(job);
    }
    if ('accepted' in reply) {
      accept(job, reply.accepted, reply.expect);
      if (reply.accepted.length === 0) finish(job);
      return;
    }
    if ('i' in reply && job.reads) {
      const d = job.reads[reply.i]!;
      job.answered = reply.i + 1;
      // The worker could not read it (a bug there): answered as the route answered before, an error.
      if (reply.read) d.resolve(reply.read);
      else d.reject(new Error(reply.error ?? 'import worker failed'));
      if (job.answered === job.reads.length) finish(job);
    }
  };
  const start = (): Worker | undefined => {
    if (!workerUrl) return undefined;
    try {
      const w = new Worker(workerUrl, { workerData: { [MARK]: true } });
      let ready = false;
      w.on('message', (reply: Reply) => ('ready' in reply ? (ready = true) : onReply(w, reply)));
      w.on('error', () => giveUp(w, ready));
      w.on('exit', () => giveUp(w, ready));
      return w;
    } catch {
      return undefined;
    }
  };
  const pump = (): void => {
    if (current) return;
    const job = queue.shift();
    if (!job) {
      broken = false;
      // Idle, it does not keep the process alive; after idleMs it stops.
      worker?.unref();
      if (worker && !idle) {
        const w = worker;
        idle = setTimeout(() => {
          idle = undefined;
          if (worker === w && !current) {
            worker = undefined;
            stopWorker(w);
          }
        }, idleMs);
        idle.unref();
      }
      return;
    }
    current = job;
    if (idle) clearTimeout(idle);
    idle = undefined;
    if (!broken) worker ??= start();
    if (!worker) return here(job, 0);
    // While it holds an import it keeps the process alive, so that the answer is not lost.
    worker.ref();
    try {
      // Shared, not copied nor transferred: posting 16 MB copied it twice on this thread (tens of
      // ms, which held the contact post that came with the import's start), and if the worker
      // fails, the body is read here.
      job.bytes = shared(job.bytes);
      worker.postMessage({ bytes: job.bytes });
    } catch {
      giveUp(worker, false);
    }
  };

  return {
    admit(bytes) {
      if (queue.length + (current ? 1 : 0) >= maxImports) return undefined;
      const read = new Promise<ImportRead>((settle) => queue.push({ bytes, settle, answered: 0 }));
      pump();
      return read;
    },
    waiting: () => queue.length + (current ? 1 : 0),
    async close() {
      if (idle) clearTimeout(idle);
      idle = undefined;
      const w = worker;
      worker = undefined;
      if (w) stopWorker(w);
      // What was held or queued is read here: no route is left waiting.
      const held = current;
      current = undefined;
      if (held) await readHere(held, held.answered);
      while (queue.length) await readHere(queue.shift()!, 0);
    },
  };
}

/** Inside a worker started by createImportParser: each import's body, then each file, answered in turn. */
function runImportWorkerIfAny(): void {
  if (isMainThread || !(workerData as Record<string, unknown> | null)?.[MARK]) return;
  const post = (reply: Reply) => parentPort!.postMessage(reply);
  parentPort!.on('message', ({ bytes }: { bytes: Uint8Array }) => {
    const r = readImportRequest(bytes);
    if (!r.ok) return post({ refused: { status: r.status, error: r.error } });
    post({ accepted: r.files.map((f) => f.name), ...(r.expect ? { expect: r.expect } : {}) });
    for (const [i, f] of r.files.entries()) {
      try {
        post({ i, read: prepareFile(f.name, f.text) });
      } catch (err) {
        post({ i, error: err instanceof Error ? err.message : String(err) });
      }
    }
  });
  post({ ready: true });
}

runImportWorkerIfAny();
