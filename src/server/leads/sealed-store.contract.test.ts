import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../test/helpers/pg.js';
import { addedId, numberedMessage } from '../../../test/helpers/server-app.js';
import { dataKey } from '../crypto/data-key.js';
import { openSqliteStore } from '../store/sqlite-server-store.js';
import { createPgMessageStore } from './pg-store.js';
import { createSealer } from './sealing.js';
import type { MessageStore } from './store.js';

/**
 * Issue 22: both message stores hold only ciphertext of what a patient wrote, open it on reading,
 * mark a message whose sealed text was moved from another row as unreadable (the others still
 * open), keep Idempotency-Keys working, and seal rows an older release stored in clear.
 */
interface Opened {
  messages: MessageStore;
  /** Every row as the database holds it (for byte checks and tampering). */
  raw(): Promise<Record<string, unknown>[]>;
  exec(sql: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

const factories: { name: string; open(): Promise<Opened> }[] = [
  {
    name: 'SQLite',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'clinic-sealed-'));
      const store = openSqliteStore(dir);
      const db = new Database(store.location);
      return {
        messages: store.messages,
        raw: async () => db.prepare('SELECT * FROM messages ORDER BY id').all() as Record<string, unknown>[],
        exec: async (sql, params = []) => void db.prepare(sql).run(...params),
        async close() {
          db.close();
          await store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const db = await migratedDatabase();
      const messages = createPgMessageStore(db.pool, { notify: false });
      return {
        messages,
        raw: async () => (await db.pool.query('SELECT * FROM messages ORDER BY id')).rows,
        exec: async (sql, params = []) => {
          let n = 0;
          await db.pool.query(sql.replace(/\?/g, () => `$${++n}`), params);
        },
        async close() {
          await messages.flush();
          await db.drop();
        },
      };
    },
  },
];

const opened: Opened[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

describe.each(factories)('sealed messages ($name)', ({ open }) => {
  const sealer = () => createSealer({ current: dataKey(randomBytes(32)) }, randomBytes(32));
  const start = async () => {
    const o = await open();
    opened.push(o);
    return o;
  };

  it('stores only ciphertext of what the patient wrote, and reads it back whole', async () => {
    const o = await start();
    o.messages.useSealer!(sealer());
    const m = { ...numberedMessage(1), message: 'My testosterone level is 212 ng/dL', email: 'pat.212@example.com', phone: '(813) 555-0199' };
    const id = addedId(await o.messages.add(m));
    const rows = await o.raw();
    const bytes = JSON.stringify(rows);
    for (const w of ['212 ng/dL', 'pat.212@example.com', '555-0199', 'Núñez', 'Ana 🌴', 'TRT Therapy']) expect(bytes).not.toContain(w);
    const { messages } = await o.messages.list(1, 10);
    expect(messages[0]).toMatchObject({ id, message: m.message, email: m.email, phone: m.phone, firstName: m.firstName, lastName: m.lastName, service: m.service, site: 'tampa' });
    const exported = [];
    for await (const x of o.messages.all({ site: 'tampa' })) exported.push(x);
    expect(exported.map((x) => x.message)).toEqual([m.message]);
  });

  it('marks a message whose sealed text was moved from another row as unreadable, and the others still open', async () => {
    const o = await start();
    o.messages.useSealer!(sealer());
    for (let n = 1; n <= 3; n++) await o.messages.add(numberedMessage(n));
    const [first, , third] = await o.raw();
    await o.exec('UPDATE messages SET sealed = ?, sealed_key = ? WHERE id = ?', [first!.sealed, first!.sealed_key, third!.id]);
    const { messages } = await o.messages.list(1, 10);
    const moved = messages.find((x) => x.id === third!.public_id)!;
    expect(moved.unreadable).toMatch(/does not open here|was not given|not sealed/);
    expect(moved.message).toBe('');
    expect(messages.filter((x) => !x.unreadable).map((x) => x.message).sort()).toEqual([numberedMessage(1).message, numberedMessage(2).message].sort());
  });

  it('answers a retry under one Idempotency-Key with the same id, and another message under it with a conflict', async () => {
    const o = await start();
    o.messages.useSealer!(sealer());
    const first = await o.messages.add(numberedMessage(1), 'key-1');
    expect(await o.messages.add(numberedMessage(1), 'key-1')).toEqual({ id: addedId(first), duplicate: true });
    expect(await o.messages.add(numberedMessage(2), 'key-1')).toEqual({ conflict: true });
    expect((await o.raw()).every((r) => typeof r.body_hash === 'string' && !JSON.stringify(r).includes('Message number'))).toBe(true);
  });

  it('seals in place the rows an older release stored in clear, resumably, and they read as before', async () => {
    const o = await start();
    // As the release before sealing stored them.
    for (let n = 1; n <= 5; n++) await o.messages.add(numberedMessage(n));
    expect(JSON.stringify(await o.raw())).toContain('Message number 3');
    o.messages.useSealer!(sealer());
    expect(await o.messages.sealStored!(2)).toBe(5);
    expect(await o.messages.sealStored!(2)).toBe(0);
    const rows = JSON.stringify(await o.raw());
    for (const w of ['Message number', 'ana3@example.com', 'Núñez']) expect(rows).not.toContain(w);
    const { messages, total } = await o.messages.list(1, 10);
    expect(total).toBe(5);
    expect(messages.map((x) => x.message).sort()).toEqual([1, 2, 3, 4, 5].map((n) => numberedMessage(n).message).sort());
  });
});
