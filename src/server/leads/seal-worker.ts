import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { KeyRing } from '../crypto/data-key.js';
import { useStoreKey } from '../crypto/key-ring.js';
import { createSealer, type MessagePlace, type MessageSealer, type PatientFields, type SealedColumns } from './sealing.js';
import { workerBundle } from '../workers/worker-bundle.js';

/**
 * Sealing off the event loop (issue 22): the SQLite message store hands each turn's new messages
 * to one worker thread, which seals them (AES-256-GCM under a key of each message's own, the key
 * wrapped by the data key, three keyed hashes: about 14 µs a message) while this thread goes on
 * parsing requests and committing the batch before. The worker is a copy of the module bundle it
 * was loaded from (lib/*.js): the TypeScript sources under test seal on this thread, as does a
 * server whose worker failed (each batch it held is sealed here instead, nothing lost).
 */
export interface SealJob {
  place: MessagePlace;
  fields: PatientFields;
}

export interface BatchSealer extends MessageSealer {
  /** Seals the jobs in order; on this thread when no worker runs. */
  sealBatch(jobs: SealJob[]): Promise<SealedColumns[]>;
  /** Stops the worker (the store's close, after every batch has been sealed). */
  close(): Promise<void>;
}

const MARK = 'clinic-gen-seal-worker';

type Keys = { keys: KeyRing; searchKey: Buffer };
type Reply = { n: number; sealed?: SealedColumns[]; error?: string };

/**
 * `sealer` with `sealBatch` run by a worker thread loaded from `workerUrl` (a built .js or .mjs
 * bundle holding this module); without one, or when the worker fails, by `sealer` on this thread.
 */
export function withSealWorker(sealer: MessageSealer, secrets: Keys, workerUrl: URL | undefined = workerBundle(import.meta.url)): BatchSealer {
  const inline = async (jobs: SealJob[]) => jobs.map((j) => sealer.seal(j.place, j.fields));
  let worker: Worker | undefined;
  const waiting = new Map<number, { jobs: SealJob[]; resolve: (s: SealedColumns[]) => void; reject: (e: unknown) => void }>();
  let next = 0;
  // A worker that failed is not started again: whatever it held is sealed here.
  const sealHeldHere = () => {
    const held = [...waiting.values()];
    waiting.clear();
    for (const w of held) inline(w.jobs).then(w.resolve, w.reject);
  };
  const giveUp = () => {
    void worker?.terminate();
    worker = undefined;
    sealHeldHere();
  };
  if (workerUrl) {
    try {
      worker = new Worker(workerUrl, { workerData: { [MARK]: true, keys: secrets.keys, searchKey: secrets.searchKey } });
      worker.on('message', (reply: Reply) => {
        const w = waiting.get(reply.n);
        if (!w) return;
        waiting.delete(reply.n);
        if (waiting.size === 0) worker?.unref();
        if (reply.sealed) w.resolve(reply.sealed);
        else inline(w.jobs).then(w.resolve, w.reject);
      });
      // Idle, it does not keep the process alive (the store's close stops it); while it holds a
      // batch it does, so the batch's reply is not lost to a process ending meanwhile.
      worker.unref();
      worker.on('error', giveUp);
      worker.on('exit', giveUp);
    } catch {
      worker = undefined;
    }
  }
  return {
    ...sealer,
    sealBatch(jobs) {
      if (!worker) return inline(jobs);
      const n = next++;
      return new Promise((resolve, reject) => {
        waiting.set(n, { jobs, resolve, reject });
        try {
          worker!.ref();
          // The key to seal with: the ring's current one, which follows the store's (lifecycle/data-key-watch.ts).
          worker!.postMessage({ n, jobs, keyId: secrets.keys.current.id });
        } catch {
          // Not sent (the worker is stopping): sealed here.
          waiting.delete(n);
          inline(jobs).then(resolve, reject);
        }
      });
    },
    async close() {
      const w = worker;
      worker = undefined;
      if (w) {
        w.removeAllListeners('exit');
        w.removeAllListeners('error');
        // An error of its own while it stops must not become the process's uncaught one.
        w.on('error', () => undefined);
        await w.terminate();
      }
      // Batches still out when it stopped are sealed here: no caller is left waiting.
      sealHeldHere();
    },
  };
}


/** Inside a worker started by withSealWorker: seal each batch with the keys it was given. */
function runSealWorkerIfAny(): void {
  if (isMainThread || !(workerData as Record<string, unknown> | null)?.[MARK]) return;
  const data = workerData as { keys: KeyRing; searchKey: Uint8Array };
  const buf = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);
  const ring: KeyRing = {
    current: { id: data.keys.current.id, key: buf(data.keys.current.key) },
    ...(data.keys.previous ? { previous: { id: data.keys.previous.id, key: buf(data.keys.previous.key) } } : {}),
  };
  const sealer = createSealer(ring, buf(data.searchKey));
  parentPort!.on('message', ({ n, jobs, keyId }: { n: number; jobs: SealJob[]; keyId?: string }) => {
    try {
      // The store moved to the other key of the ring (a rotation): seal with it from now on. A key
      // the worker was not given (read again from a key file) is refused: the batch is sealed on
      // the main thread.
      if (keyId && !useStoreKey(ring, keyId)) throw new Error(`not given key ${keyId}`);
      parentPort!.postMessage({ n, sealed: jobs.map((j) => sealer.seal(j.place, j.fields)) } satisfies Reply);
    } catch (err) {
      parentPort!.postMessage({ n, error: err instanceof Error ? err.message : String(err) } satisfies Reply);
    }
  });
}

runSealWorkerIfAny();
