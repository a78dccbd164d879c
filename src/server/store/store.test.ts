import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrations.js';
import { openStore, type Store } from './open.js';
import type { AddResult, NewMessage } from './types.js';

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
  site: 'tampa',
  city: 'Tampa',
  page: 'contact/',
  origin: 'https://tampa.example.com',
  receivedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, n)).toISOString(),
});
const idOf = (r: AddResult) => ('id' in r ? r.id : undefined);

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
    expect(new Set(results.map(idOf)).size).toBe(3);
    const page = await store.messages.list(1, 2);
    expect(page.total).toBe(3);
    expect(page.messages.map((m) => m.email)).toEqual(['ana3@example.com', 'ana2@example.com']);
    expect(page.messages[0]).toMatchObject({ firstName: 'Ana 🌴', lastName: 'Núñez', message: msg(3).message, site: 'tampa', city: 'Tampa', page: 'contact/', origin: 'https://tampa.example.com' });
    expect((await store.messages.list(2, 2)).messages.map((m) => m.email)).toEqual(['ana1@example.com']);
  });

  it('stores a message only once per idempotency key, even within one batch', async () => {
    const { store } = tempStore();
    const [a, b] = await Promise.all([store.messages.add(msg(1), 'key-aaaaaaaa'), store.messages.add({ ...msg(1), receivedAt: 'later', origin: 'x' }, 'key-aaaaaaaa')]);
    expect(b).toEqual({ id: idOf(a!), duplicate: true });
    expect((await store.messages.list(1, 10)).total).toBe(1);
  });

  it('reports a conflict, storing nothing, when a used idempotency key comes with another message', async () => {
    const { store } = tempStore();
    const [a, b] = await Promise.all([store.messages.add(msg(1), 'key-bbbbbbbb'), store.messages.add(msg(2), 'key-bbbbbbbb')]);
    expect(a).toEqual({ id: expect.any(String), duplicate: false });
    expect(b).toEqual({ conflict: true });
    expect(await store.messages.add({ ...msg(1), site: 'orlando' }, 'key-bbbbbbbb')).toEqual({ conflict: true });
    expect((await store.messages.list(1, 10)).messages.map((m) => m.email)).toEqual(['ana1@example.com']);
  });

  it('filters by site, counts per site over 7 and 30 days, and exports in chunks', async () => {
    const { store } = tempStore();
    const day = (d: number) => new Date(Date.UTC(2025, 5, 30) - d * 86_400_000).toISOString();
    const at = (site: string, city: string, d: number, n: number) => ({ ...msg(n), site, city, receivedAt: day(d) });
    await Promise.all([at('tampa', 'Tampa', 1, 1), at('tampa', 'Tampa', 10, 2), at('orlando', 'Orlando', 40, 3), at('', '', 2, 4)].map((m) => store.messages.add(m)));
    expect(await store.messages.list(1, 10, { site: 'tampa' })).toMatchObject({ total: 2, messages: [{ email: 'ana2@example.com' }, { email: 'ana1@example.com' }] });
    expect((await store.messages.list(1, 10, { site: '' })).messages.map((m) => m.email)).toEqual(['ana4@example.com']);
    expect(store.messages.countBySite(new Date(Date.UTC(2025, 5, 30)))).toEqual([
      { site: 'tampa', city: 'Tampa', last7Days: 1, last30Days: 2, total: 2 },
      { site: '', city: '', last7Days: 1, last30Days: 1, total: 1 },
      { site: 'orlando', city: 'Orlando', last7Days: 0, last30Days: 0, total: 1 },
    ]);
    // More rows than one export chunk, with writes between chunks (other statements must still run).
    await Promise.all(Array.from({ length: 1200 }, (_, i) => store.messages.add(at('orlando', 'Orlando', 3, 10 + i))));
    const seen: string[] = [];
    for await (const m of store.messages.all({ site: 'orlando' })) {
      seen.push(m.email);
      if (seen.length === 600) await store.messages.list(1, 1);
    }
    expect(seen).toHaveLength(1201);
    expect(seen[0]).toBe('ana3@example.com');
    const every = [];
    for await (const m of store.messages.all()) every.push(m);
    expect(every).toHaveLength(1204);
  });

  it('migrates a version 1 database: the old origin column kept, old rows filed under the home clinic', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'clinic-store-'));
    dirs.push(dir);
    const v1 = new Database(path.join(dir, 'clinic.db'));
    v1.exec(MIGRATIONS[0]!.sql);
    v1.pragma('user_version = 1');
    v1.prepare(
      `INSERT INTO messages (public_id, idempotency_key, received_at, site, first_name, last_name, email, phone, service, message)
       VALUES ('old-1', 'old-key-0001', '2024-12-01T00:00:00.000Z', 'https://clinic.example.com', 'Old', 'Row', 'old@example.com', '', '', 'From before cities')`,
    ).run();
    v1.close();
    const store = openStore(dir, { home: { site: 'wesley-chapel', city: 'Wesley Chapel' } });
    stores.push(store);
    expect((await store.messages.list(1, 10)).messages).toEqual([
      expect.objectContaining({ id: 'old-1', site: 'wesley-chapel', city: 'Wesley Chapel', page: '', origin: 'https://clinic.example.com', message: 'From before cities' }),
    ]);
    // A key stored before body hashes existed still answers as the retry it most likely is.
    expect(await store.messages.add(msg(1), 'old-key-0001')).toEqual({ id: 'old-1', duplicate: true });
    expect((await store.messages.list(1, 10, { site: 'wesley-chapel' })).total).toBe(1);
  });

  it('reopens an existing file without migrating twice and keeps the messages', async () => {
    const { dir, store } = tempStore();
    await store.messages.add(msg(1));
    store.close();
    const again = openStore(dir);
    stores.push(again);
    expect((await again.messages.list(1, 10)).total).toBe(1);
  });

  it('fails the whole batch, storing nothing, when SQLite rolls the transaction back mid-batch (disk full)', async () => {
    const { dir, store } = tempStore();
    // RAISE(ROLLBACK) undoes the whole transaction, as SQLITE_FULL or an I/O error can.
    const other = new Database(path.join(dir, 'clinic.db'));
    other.exec(`CREATE TRIGGER disk_full BEFORE INSERT ON messages WHEN NEW.email = 'ana2@example.com'
                BEGIN SELECT RAISE(ROLLBACK, 'database or disk is full'); END`);
    other.close();
    // One turn of the event loop: one batch, one transaction.
    const answers = await Promise.allSettled([1, 2, 3].map((n) => store.messages.add(msg(n))));
    // Nobody is told "saved" for a row that is gone, and nobody told "not saved" has a row
    // (before: message 3 was committed on its own while its sender was told to send it again).
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((await store.messages.list(1, 10)).total).toBe(0);
    // The store keeps working once the disk has room again.
    const cleanup = new Database(path.join(dir, 'clinic.db'));
    cleanup.exec('DROP TRIGGER disk_full');
    cleanup.close();
    expect(idOf(await store.messages.add(msg(3)))).toEqual(expect.any(String));
    expect((await store.messages.list(1, 10)).messages.map((m) => m.email)).toEqual(['ana3@example.com']);
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
    const id = idOf(await store.messages.add(msg(1)));
    const now = Date.now() + 1000;
    const claimed = await store.outbox.claimDue(now, 10, 60_000);
    expect(claimed).toMatchObject([{ messageId: id, site: 'tampa', city: 'Tampa', attempts: 0 }]);
    expect(await store.outbox.claimDue(now, 10, 60_000)).toEqual([]);
    await store.outbox.markFailed(claimed[0]!.id, 1, now + 5, 'ECONNREFUSED');
    expect(await store.outbox.claimDue(now + 5, 10, 60_000)).toHaveLength(1);
    await store.outbox.markSent(claimed[0]!.id, now + 6);
    expect(await store.outbox.counts()).toEqual({ pending: 0, sent: 1, failed: 0 });
  });
});
