import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../sqlite/migrations.js';
import type { ServerStore } from '../store/server-store.js';
import { openSqliteStore } from '../store/sqlite-server-store.js';
import { addedId, numberedMessage } from '../../../test/helpers/server-app.js';

const dirs: string[] = [];
const stores: ServerStore[] = [];
function tempStore() {
  const dir = mkdtempSync(path.join(tmpdir(), 'clinic-store-'));
  dirs.push(dir);
  const store = openSqliteStore(dir);
  stores.push(store);
  return { dir, store };
}
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});


// What every message store must do is in message-store.contract.test.ts; here, what only the
// SQLite file does: its pragmas, its migrations and its rollbacks.
describe('SQLite store', () => {
  it('creates the file with WAL, synchronous=FULL and the latest schema version', () => {
    const { store } = tempStore();
    const db = new Database(store.location, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)?.version);
    db.close();
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
    const store = openSqliteStore(dir, { home: { site: 'wesley-chapel', city: 'Wesley Chapel' } });
    stores.push(store);
    expect((await store.messages.list(1, 10)).messages).toEqual([
      // Migration 19: a message from before languages came from an English page.
      expect.objectContaining({ id: 'old-1', site: 'wesley-chapel', city: 'Wesley Chapel', page: '', origin: 'https://clinic.example.com', message: 'From before cities', language: 'en' }),
    ]);
    // A key stored before body hashes existed still answers as the retry it most likely is.
    expect(await store.messages.add(numberedMessage(1), 'old-key-0001')).toEqual({ id: 'old-1', duplicate: true });
    expect((await store.messages.list(1, 10, { site: 'wesley-chapel' })).total).toBe(1);
  });

  it('reopens an existing file without migrating twice and keeps the messages', async () => {
    const { dir, store } = tempStore();
    await store.messages.add(numberedMessage(1));
    store.close();
    const again = openSqliteStore(dir);
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
    const answers = await Promise.allSettled([1, 2, 3].map((n) => store.messages.add(numberedMessage(n))));
    // Nobody is told "saved" for a row that is gone, and nobody told "not saved" has a row
    // (before: message 3 was committed on its own while its sender was told to send it again).
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((await store.messages.list(1, 10)).total).toBe(0);
    // The store keeps working once the disk has room again.
    const cleanup = new Database(path.join(dir, 'clinic.db'));
    cleanup.exec('DROP TRIGGER disk_full');
    cleanup.close();
    expect(addedId(await store.messages.add(numberedMessage(3)))).toEqual(expect.any(String));
    expect((await store.messages.list(1, 10)).messages.map((m) => m.email)).toEqual(['ana3@example.com']);
  });

  it('refuses a database written by a newer schema', () => {
    const { dir, store } = tempStore();
    store.close();
    const db = new Database(path.join(dir, 'clinic.db'));
    db.pragma('user_version = 999');
    db.close();
    expect(() => openSqliteStore(dir)).toThrow(/schema version 999/);
  });
});
