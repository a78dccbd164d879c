import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../test/helpers/pg.js';
import { openSqliteStore } from '../store/sqlite-server-store.js';
import { createPgMessageStore } from './pg-store.js';
import { createPgOutboxStore } from '../mail/pg-outbox.js';
import type { MessageStore, NewMessage } from './store.js';
import type { OutboxStore } from '../mail/outbox.js';
import { addedId, numberedMessage } from '../../../test/helpers/server-app.js';

/**
 * The message store and the outbox as the routes and the mail worker see them, run on every store
 * behind those interfaces: SQLite (the default) and PostgreSQL (DATABASE_URL). Whatever one store
 * answers, the other must answer too.
 */
interface Opened {
  messages: MessageStore;
  outbox: OutboxStore;
  /** The reason stored with an outbox item's last failure (not part of the interface: read directly). */
  lastError(id: number): Promise<string | null>;
  close(): Promise<void>;
}

const factories: { name: string; open(notify: boolean): Promise<Opened> }[] = [
  {
    name: 'SQLite',
    async open(notify) {
      const dir = mkdtempSync(path.join(tmpdir(), 'clinic-store-'));
      const store = openSqliteStore(dir, { notify });
      return {
        messages: store.messages,
        outbox: store.outbox,
        async lastError(id) {
          const db = new Database(store.location, { readonly: true });
          try {
            return db.prepare<[number], { e: string | null }>('SELECT last_error AS e FROM outbox WHERE id = ?').get(id)?.e ?? null;
          } finally {
            db.close();
          }
        },
        async close() {
          store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'PostgreSQL',
    async open(notify) {
      const db = await migratedDatabase();
      const messages = createPgMessageStore(db.pool, { notify });
      return {
        messages,
        outbox: createPgOutboxStore(db.pool),
        async lastError(id) {
          return (await db.pool.query<{ e: string | null }>('SELECT last_error AS e FROM outbox WHERE id = $1', [id])).rows[0]?.e ?? null;
        },
        async close() {
          await messages.flush();
          await db.drop();
        },
      };
    },
  },
];


describe.each(factories)('$name message store and outbox', (factory) => {
  const opened: Opened[] = [];
  const open = async (notify = false) => {
    const s = await factory.open(notify);
    opened.push(s);
    return s;
  };
  afterEach(async () => {
    for (const s of opened.splice(0)) await s.close();
  });

  it('stores messages in one batch, lists newest first and reads unicode back intact', async () => {
    const store = await open();
    const results = await Promise.all([1, 2, 3].map((n) => store.messages.add(numberedMessage(n))));
    expect(results.every((r) => 'duplicate' in r && !r.duplicate)).toBe(true);
    expect(new Set(results.map(addedId)).size).toBe(3);
    const page = await store.messages.list(1, 2);
    expect(page.total).toBe(3);
    expect(page.messages.map((m) => m.email)).toEqual(['ana3@example.com', 'ana2@example.com']);
    expect(page.messages[0]).toEqual({ ...numberedMessage(3), id: addedId(results[2]!) });
    expect((await store.messages.list(2, 2)).messages.map((m) => m.email)).toEqual(['ana1@example.com']);
    expect(await store.messages.list(3, 2)).toEqual({ messages: [], total: 3 });
  });

  it('stores a message only once per idempotency key, within one batch and across batches', async () => {
    const store = await open();
    const [a, b] = await Promise.all([store.messages.add(numberedMessage(1), 'key-aaaaaaaa'), store.messages.add({ ...numberedMessage(1), receivedAt: 'later', origin: 'x' }, 'key-aaaaaaaa')]);
    expect(a).toEqual({ id: expect.any(String), duplicate: false });
    expect(b).toEqual({ id: addedId(a!), duplicate: true });
    expect(await store.messages.add(numberedMessage(1), 'key-aaaaaaaa')).toEqual({ id: addedId(a!), duplicate: true });
    const page = await store.messages.list(1, 10);
    expect(page.total).toBe(1);
    // The first post is the one kept: its time and origin, not the retry's.
    expect(page.messages[0]).toMatchObject({ receivedAt: numberedMessage(1).receivedAt, origin: numberedMessage(1).origin });
  });

  it('reports a conflict, storing nothing, when a used idempotency key comes with another message', async () => {
    const store = await open();
    const [a, b] = await Promise.all([store.messages.add(numberedMessage(1), 'key-bbbbbbbb'), store.messages.add(numberedMessage(2), 'key-bbbbbbbb')]);
    expect(a).toEqual({ id: expect.any(String), duplicate: false });
    expect(b).toEqual({ conflict: true });
    expect(await store.messages.add({ ...numberedMessage(1), site: 'orlando' }, 'key-bbbbbbbb')).toEqual({ conflict: true });
    // In one batch, a conflicting post does not hide a true retry behind it.
    const [c, d] = await Promise.all([store.messages.add(numberedMessage(3), 'key-bbbbbbbb'), store.messages.add(numberedMessage(1), 'key-bbbbbbbb')]);
    expect(c).toEqual({ conflict: true });
    expect(d).toEqual({ id: addedId(a!), duplicate: true });
    expect((await store.messages.list(1, 10)).messages.map((m) => m.email)).toEqual(['ana1@example.com']);
  });

  it('stores the language of the page each message came from, English by default, and reads it back (issue 40)', async () => {
    const store = await open(true);
    const spanish: NewMessage = { ...numberedMessage(2), page: 'es/contacto/', referer: 'https://tampa.example.com/es/contacto/', language: 'es' };
    const [en, es] = await Promise.all([store.messages.add(numberedMessage(1)), store.messages.add(spanish)]);
    const page = await store.messages.list(1, 10);
    expect(page.messages.map((m) => [m.id, m.language])).toEqual([
      [addedId(es!), 'es'],
      [addedId(en!), 'en'],
    ]);
    expect(page.messages[0]).toEqual({ ...spanish, id: addedId(es!) });
    const every = [];
    for await (const m of store.messages.all()) every.push(m.language);
    expect(every).toEqual(['en', 'es']);
    // The notification knows it (it names the language, never the words).
    const due = await store.outbox.claimDue(Date.now() + 1000, 10, 60_000);
    expect(due.map((d) => [d.messageId, d.language])).toEqual([
      [addedId(en!), 'en'],
      [addedId(es!), 'es'],
    ]);
    // The language is not what the patient wrote: the same words under one key, from the other page, are the retry.
    expect(await store.messages.add({ ...spanish, language: 'en' }, 'key-dddddddd')).toEqual({ id: expect.any(String), duplicate: false });
    expect(await store.messages.add(spanish, 'key-dddddddd')).toEqual({ id: expect.any(String), duplicate: true });
  });

  it('keeps messages without a key apart, even when they are alike', async () => {
    const store = await open();
    const [a, b] = await Promise.all([store.messages.add(numberedMessage(1)), store.messages.add(numberedMessage(1))]);
    expect(addedId(a!)).not.toBe(addedId(b!));
    expect((await store.messages.list(1, 10)).total).toBe(2);
  });

  it('filters by site, counts per site over 7 and 30 days, and exports in chunks', async () => {
    const store = await open();
    const day = (d: number) => new Date(Date.UTC(2025, 5, 30) - d * 86_400_000).toISOString();
    const at = (site: string, city: string, d: number, n: number) => ({ ...numberedMessage(n), site, city, receivedAt: day(d) });
    await Promise.all([at('tampa', 'Tampa', 1, 1), at('tampa', 'Tampa', 10, 2), at('orlando', 'Orlando', 40, 3), at('', '', 2, 4)].map((m) => store.messages.add(m)));
    expect(await store.messages.list(1, 10, { site: 'tampa' })).toMatchObject({ total: 2, messages: [{ email: 'ana2@example.com' }, { email: 'ana1@example.com' }] });
    expect((await store.messages.list(1, 10, { site: '' })).messages.map((m) => m.email)).toEqual(['ana4@example.com']);
    expect(await store.messages.list(1, 10, { site: 'miami' })).toEqual({ messages: [], total: 0 });
    expect(await store.messages.countBySite(new Date(Date.UTC(2025, 5, 30)))).toEqual([
      { site: 'tampa', city: 'Tampa', last7Days: 1, last30Days: 2, total: 2 },
      { site: '', city: '', last7Days: 1, last30Days: 1, total: 1 },
      { site: 'orlando', city: 'Orlando', last7Days: 0, last30Days: 0, total: 1 },
    ]);
    // More rows than one export chunk, with reads and writes between chunks.
    await Promise.all(Array.from({ length: 1200 }, (_, i) => store.messages.add(at('orlando', 'Orlando', 3, 10 + i))));
    const seen: string[] = [];
    for await (const m of store.messages.all({ site: 'orlando' })) {
      seen.push(m.email);
      if (seen.length === 600) {
        await store.messages.list(1, 1);
        await store.messages.add(at('orlando', 'Orlando', 3, 5000));
      }
    }
    // Oldest first, each once; the message added during the export comes last.
    expect(seen).toHaveLength(1202);
    expect(new Set(seen).size).toBe(1202);
    expect(seen[0]).toBe('ana3@example.com');
    expect(seen.at(-1)).toBe('ana5000@example.com');
    const every = [];
    for await (const m of store.messages.all()) every.push(m);
    expect(every).toHaveLength(1205);
    expect(every[0]).toMatchObject({ email: 'ana1@example.com', site: 'tampa', city: 'Tampa', page: 'contact/' });
    const none = [];
    for await (const m of store.messages.all({ site: 'miami' })) none.push(m);
    expect(none).toEqual([]);
  });

  it('queues a notification with each message when notify is on, and leases it once', async () => {
    const store = await open(true);
    const before = Date.now();
    const id = addedId(await store.messages.add(numberedMessage(1)));
    const due = await store.outbox.nextDue();
    expect(due).toBeGreaterThanOrEqual(before);
    expect(due).toBeLessThanOrEqual(Date.now());
    const now = Date.now() + 1000;
    const claimed = await store.outbox.claimDue(now, 10, 60_000);
    expect(claimed).toEqual([{ id: expect.any(Number), messageId: id, site: 'tampa', city: 'Tampa', receivedAt: numberedMessage(1).receivedAt, attempts: 0, language: 'en' }]);
    expect(await store.outbox.claimDue(now, 10, 60_000)).toEqual([]);
    await store.outbox.markFailed(claimed[0]!.id, 1, now + 5, 'ECONNREFUSED');
    expect(await store.outbox.nextDue()).toBe(now + 5);
    expect(await store.outbox.claimDue(now + 4, 10, 60_000)).toEqual([]);
    expect(await store.outbox.claimDue(now + 5, 10, 60_000)).toMatchObject([{ id: claimed[0]!.id, attempts: 1 }]);
    await store.outbox.markSent(claimed[0]!.id, now + 6);
    expect(await store.outbox.counts()).toEqual({ pending: 0, sent: 1, failed: 0 });
    expect(await store.outbox.nextDue()).toBeNull();
    expect(await store.outbox.claimDue(now + 1_000_000, 10, 60_000)).toEqual([]);
  });

  it('queues nothing when notify is off, and stores no notification for a duplicate', async () => {
    const quiet = await open(false);
    await quiet.messages.add(numberedMessage(1));
    expect(await quiet.outbox.counts()).toEqual({ pending: 0, sent: 0, failed: 0 });
    expect(await quiet.outbox.nextDue()).toBeNull();

    const loud = await open(true);
    await Promise.all([loud.messages.add(numberedMessage(1), 'key-cccccccc'), loud.messages.add(numberedMessage(1), 'key-cccccccc'), loud.messages.add(numberedMessage(2), 'key-cccccccc')]);
    await loud.messages.add(numberedMessage(1), 'key-cccccccc');
    expect(await loud.outbox.counts()).toEqual({ pending: 1, sent: 0, failed: 0 });
  });

  it('claims due items in order up to the limit, and again once a lease has run out', async () => {
    const store = await open(true);
    for (const n of [1, 2, 3]) await store.messages.add(numberedMessage(n));
    const now = Date.now() + 1000;
    const first = await store.outbox.claimDue(now, 2, 500);
    expect(first.map((i) => i.receivedAt)).toEqual([numberedMessage(1).receivedAt, numberedMessage(2).receivedAt]);
    expect((await store.outbox.claimDue(now, 10, 500)).map((i) => i.receivedAt)).toEqual([numberedMessage(3).receivedAt]);
    // A worker that died holding a lease: its items come back when the lease ends, not before.
    expect(await store.outbox.claimDue(now + 499, 10, 500)).toEqual([]);
    expect((await store.outbox.claimDue(now + 500, 10, 500)).map((i) => i.receivedAt)).toEqual([numberedMessage(1).receivedAt, numberedMessage(2).receivedAt, numberedMessage(3).receivedAt]);
    expect(await store.outbox.counts()).toEqual({ pending: 3, sent: 0, failed: 0 });
  });

  it('gives up on an item when its next attempt is null, keeping a short reason', async () => {
    const store = await open(true);
    await store.messages.add(numberedMessage(1));
    await store.messages.add(numberedMessage(2));
    const now = Date.now() + 1000;
    const [a, b] = await store.outbox.claimDue(now, 10, 60_000);
    await store.outbox.markFailed(a!.id, 5, null, `550 rejected ${'x'.repeat(500)}`);
    await store.outbox.markFailed(b!.id, 1, now + 60_000, 'timeout');
    expect(await store.outbox.counts()).toEqual({ pending: 1, sent: 0, failed: 1 });
    expect(await store.lastError(a!.id)).toBe(`550 rejected ${'x'.repeat(500)}`.slice(0, 300));
    // The given-up item is never claimed again; the other one is, when its time comes.
    expect(await store.outbox.nextDue()).toBe(now + 60_000);
    expect(await store.outbox.claimDue(now + 10_000_000, 10, 60_000)).toMatchObject([{ id: b!.id, attempts: 1 }]);
    await store.outbox.markSent(b!.id, now + 10_000_001);
    expect(await store.lastError(b!.id)).toBeNull();
    expect(await store.outbox.counts()).toEqual({ pending: 0, sent: 1, failed: 1 });
  });
});
