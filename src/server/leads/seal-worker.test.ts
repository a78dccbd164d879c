import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dataKey } from '../crypto/data-key.js';
import { addedId, numberedMessage } from '../../../test/helpers/server-app.js';
import { openSqliteStore } from '../store/sqlite-server-store.js';
import { withSealWorker, type SealJob } from './seal-worker.js';
import { createSealer, type MessageSealer } from './sealing.js';

/**
 * Sealing on a worker thread (seal-worker.ts), with the worker loaded from a bundle of the module
 * as the built CLI loads it (the TypeScript source cannot be a worker: under test the store seals
 * on its own thread). What the worker seals opens with the server's keys, bound to its place; a
 * worker that fails or is stopped leaves nobody waiting.
 */
let dir: string;
let bundle: URL;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'clinic-seal-worker-'));
  const out = path.join(dir, 'seal-worker.mjs');
  await build({ entryPoints: [path.join(import.meta.dirname, 'seal-worker.ts')], outfile: out, bundle: true, platform: 'node', format: 'esm', logLevel: 'warning' });
  bundle = pathToFileURL(out);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const secrets = () => ({ keys: { current: dataKey(randomBytes(32)) }, searchKey: randomBytes(32) });
const job = (n: number): SealJob => ({
  place: { id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, site: 'tampa', receivedAt: '2026-11-26T12:00:00.000Z' },
  fields: { firstName: `Ana ${n}`, lastName: 'Núñez', email: `ana${n}@example.com`, phone: '(813) 555-0142', service: 'TRT Therapy', message: `My level was 212 ng/dL (${n}) 💪` },
});

it('seals batches on the worker that open with the same keys, each bound to its place, in order', async () => {
  const s = secrets();
  const here = createSealer(s.keys, s.searchKey);
  const sealer = withSealWorker(here, s, bundle);
  try {
    const batches = [0, 1, 2, 3].map((b) => Array.from({ length: 25 }, (_, k) => job(b * 25 + k)));
    const sealed = await Promise.all(batches.map((jobs) => sealer.sealBatch(jobs)));
    sealed.flat().forEach((cols, n) => {
      const { place, fields } = job(n);
      expect(here.open(place, cols.sealed, cols.sealedKey)).toEqual(fields);
      expect(cols.emailIndex).toBe(here.emailIndex(`ANA${n}@example.com`));
      expect(cols.phoneIndex).toBe(here.phoneIndex('813-555-0142'));
      expect(JSON.stringify(cols)).not.toMatch(/Núñez|example\.com|212 ng/);
    });
    // Moved to another message's place, it does not open.
    expect(() => here.open(job(1).place, sealed[0]![0]!.sealed, sealed[0]![0]!.sealedKey)).toThrow(/does not open/);
  } finally {
    await sealer.close();
  }
});

it('seals on this thread when the worker fails to start, and when it is stopped with batches out', async () => {
  const s = secrets();
  const here = createSealer(s.keys, s.searchKey);
  const broken = path.join(dir, 'broken.mjs');
  writeFileSync(broken, "throw new Error('a worker that cannot start');\n");
  const failing = withSealWorker(here, s, pathToFileURL(broken));
  const [cols] = await failing.sealBatch([job(7)]);
  expect(here.open(job(7).place, cols!.sealed, cols!.sealedKey)).toEqual(job(7).fields);
  await failing.close();

  const stopped = withSealWorker(here, s, bundle);
  const out = stopped.sealBatch(Array.from({ length: 2000 }, (_, n) => job(n)));
  await stopped.close();
  const all = await out;
  expect(all).toHaveLength(2000);
  expect(here.open(job(1999).place, all[1999]!.sealed, all[1999]!.sealedKey)).toEqual(job(1999).fields);
});

it('stores a post queued for the worker when the store is given another sealer before the turn ends', async () => {
  // The bench takes the sealer back (scripts/bench/server.ts); a message queued for the worker
  // under the old one is then sealed by the batcher as any other, not left waiting or thrown away.
  const data = mkdtempSync(path.join(tmpdir(), 'clinic-seal-swap-'));
  const store = openSqliteStore(data);
  try {
    const s = secrets();
    const here = createSealer(s.keys, s.searchKey);
    for (const next of [here, undefined]) {
      store.messages.useSealer!(withSealWorker(here, s, bundle));
      const added = store.messages.add(numberedMessage(1));
      (store.messages.useSealer as (s: MessageSealer | undefined) => void)(next);
      const id = addedId(await added);
      expect(id).toBeDefined();
      const stored = await store.inbox.get(id!);
      expect(stored?.email).toBe('ana1@example.com');
    }
  } finally {
    await store.close();
    rmSync(data, { recursive: true, force: true });
  }
});
