import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations.js';
import { openStore, type Store } from './open.js';
import type { NewMessage } from './types.js';

const dirs: string[] = [];
const stores: Store[] = [];
function tempStore(notify = false) {
  const dir = mkdtempSync(path.join(tmpdir(), 'clinic-store-'));
  dirs.push(dir);
  const store = openStore(dir, { notify });
  stores.push(store);
  return { dir, store };
}
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const msg = (n: number): NewMessage => ({
  firstName: 'Ana 🌴',
  lastName: 'Núñez',
  email: `ana${n}@example.com`,
  phone: '',
  service: 'TRT Therapy',
  message: `Message number ${n} with emoji 💪 and 漢字`,
  site: 'https://tampa.example.com',
  receivedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(),
});

describe('SQLite store', () => {
  it('creates the file with WAL, synchronous=FULL and the latest schema version', () => {
    const { store } = tempStore();
    const db = new Database(store.file, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)?.version);
    db.close();
  });

  it('stores messages in one batch, lists newest first and reads unicode back intact', async () => {
    const { store } = tempStore();
    const results = await Promise.all([1, 2, 3].map((n) => store.messages.add(msg(n))));
    expect(new Set(results.map((r) => r.id)).size).toBe(3);
    const page = store.messages.list(1, 2);
    expect(page.total).toBe(3);
    expect(page.messages.map((m) => m.email)).toEqual(['ana3@example.com', 'ana2@example.com']);
    expect(page.messages[0]).toMatchObject({ firstName: 'Ana 🌴', lastName: 'Núñez', message: msg(3).message });
    expect(store.messages.list(2, 2).messages.map((m) => m.email)).toEqual(['ana1@example.com']);
  });

  it('stores a message only once per idempotency key, even within one batch', async () => {
    const { store } = tempStore();
    const [a, b] = await Promise.all([store.messages.add(msg(1), 'key-aaaaaaaa'), store.messages.add(msg(2), 'key-aaaaaaaa')]);
    expect(b).toEqual({ id: a?.id, duplicate: true });
    expect(store.messages.list(1, 10).total).toBe(1);
  });

  it('reopens an existing file without migrating twice and keeps the messages', async () => {
    const { dir, store } = tempStore();
    await store.messages.add(msg(1));
    store.close();
    const again = openStore(dir);
    stores.push(again);
    expect(again.messages.list(1, 10).total).toBe(1);
  });

  it('refuses a database written by a newer schema', () => {
    const { dir, store } = tempStore();
    store.close();
    const db = new Database(path.join(dir, 'clinic.db'));
    db.pragma('user_version = 999');
    db.close();
    expect(() => openStore(dir)).toThrow(/schema version 999/);
  });

  it('queues a notification with each message when notify is on, and leases it once', async () => {
    const { store } = tempStore(true);
    const { id } = await store.messages.add(msg(1));
    const now = Date.now() + 1000;
    const claimed = store.outbox.claimDue(now, 10, 60_000);
    expect(claimed).toMatchObject([{ messageId: id, attempts: 0 }]);
    expect(store.outbox.claimDue(now, 10, 60_000)).toEqual([]);
    store.outbox.markFailed(claimed[0]!.id, 1, now + 5, 'ECONNREFUSED');
    expect(store.outbox.claimDue(now + 5, 10, 60_000)).toHaveLength(1);
    store.outbox.markSent(claimed[0]!.id, now + 6);
    expect(store.outbox.counts()).toEqual({ pending: 0, sent: 1, failed: 0 });
  });
});
