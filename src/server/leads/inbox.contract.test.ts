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
import type { InboxFilter, InboxStore, Removed } from './inbox.js';
import { createPgInboxStore } from './inbox-pg.js';
import { createPgMessageStore } from './pg-store.js';
import { createSealer, type MessageSealer } from './sealing.js';
import type { MessageStore, NewMessage } from './store.js';

/**
 * The inbox (leads/inbox.ts) as both stores keep it: the list with its filters and counts, one
 * message with its state and sealed notes, deletion, the purge and its once-a-day claim.
 */
interface Opened {
  messages: MessageStore;
  inbox: InboxStore;
  /** A second inbox over the same database (another server), for the claim. */
  other(): InboxStore;
  rows(sql: string): Promise<Record<string, unknown>[]>;
  exec(sql: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

const factories: { name: string; open(): Promise<Opened> }[] = [
  {
    name: 'SQLite',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'clinic-inbox-'));
      const store = openSqliteStore(dir);
      const db = new Database(store.location);
      const others: ReturnType<typeof openSqliteStore>[] = [];
      return {
        messages: store.messages,
        inbox: store.inbox,
        other: () => {
          const s = openSqliteStore(dir);
          others.push(s);
          return s.inbox;
        },
        rows: async (sql) => db.prepare(sql).all() as Record<string, unknown>[],
        exec: async (sql, params = []) => void db.prepare(sql).run(...params),
        async close() {
          db.close();
          for (const s of others) await s.close();
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
      const messages = createPgMessageStore(db.pool, { notify: true });
      return {
        messages,
        inbox: createPgInboxStore(db.pool),
        other: () => createPgInboxStore(db.pool),
        rows: async (sql) => (await db.pool.query(sql)).rows,
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

const all: InboxFilter = { scope: null };
const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12)).toISOString();

describe.each(factories)('inbox ($name)', ({ open }) => {
  let sealer: MessageSealer;
  const start = async () => {
    const o = await open();
    opened.push(o);
    sealer = createSealer({ current: dataKey(randomBytes(32)) }, randomBytes(32));
    o.messages.useSealer!(sealer);
    o.inbox.useSealer(sealer);
    return o;
  };
  const add = async (o: Opened, m: Partial<NewMessage> & { n: number }) => {
    const { n, ...rest } = m;
    return addedId(await o.messages.add({ ...numberedMessage(n), ...rest }))!;
  };

  it('lists newest first with the first name, city and service only, and opens one message whole', async () => {
    const o = await start();
    const a = await add(o, { n: 1, firstName: 'Ana', lastName: 'Núñez' });
    const b = await add(o, { n: 2, firstName: 'Ben', lastName: 'Ortiz', site: 'orlando', city: 'Orlando', service: 'Semaglutide' });
    const page = await o.inbox.page(all, 1, 50);
    expect(page.total).toBe(2);
    expect(page.items.map((i) => [i.id, i.firstName, i.city, i.service, i.status, i.assigneeId])).toEqual([
      [b, 'Ben', 'Orlando', 'Semaglutide', 'new', null],
      [a, 'Ana', 'Tampa', 'TRT Therapy', 'new', null],
    ]);
    // The list carries nothing more of what the patient wrote.
    expect(JSON.stringify(page.items)).not.toMatch(/Ortiz|Núñez|example\.com|Message number/);
    const one = await o.inbox.get(a);
    expect(one).toMatchObject({ id: a, firstName: 'Ana', lastName: 'Núñez', email: 'ana1@example.com', message: numberedMessage(1).message, status: 'new', closeReason: null, assigneeId: null, notes: [] });
    expect(await o.inbox.get('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('filters by city, status, assignee, date and exact lookup, with counts that agree with the list', async () => {
    const o = await start();
    const ids: string[] = [];
    // Tampa 1-4, Orlando 5-6, one of no known site.
    for (let n = 1; n <= 4; n++) ids.push(await add(o, { n, receivedAt: at(n) }));
    for (let n = 5; n <= 6; n++) ids.push(await add(o, { n, site: 'orlando', city: 'Orlando', receivedAt: at(n), email: `pat${n}@Example.com`, phone: '(407) 555-010' + n }));
    ids.push(await add(o, { n: 7, site: '', city: '', receivedAt: at(7), firstName: 'José', lastName: 'Álvarez' }));
    await o.inbox.update(ids[0]!, { status: 'contacted' }, at(10));
    await o.inbox.update(ids[1]!, { status: 'booked', assigneeId: 'desk-1' }, at(10));
    await o.inbox.update(ids[4]!, { status: 'closed', closeReason: 'no_answer', assigneeId: 'desk-1' }, at(10));

    const tampa = await o.inbox.page({ ...all, site: 'tampa' }, 1, 50);
    expect(tampa.total).toBe(4);
    expect(tampa.byStatus).toEqual({ new: 2, contacted: 1, booked: 1, closed: 0 });
    // Per city, over every city (the city filter is the one left out).
    expect(tampa.byCity).toEqual([
      { site: 'tampa', city: 'Tampa', count: 4 },
      { site: 'orlando', city: 'Orlando', count: 2 },
      { site: '', city: '', count: 1 },
    ]);
    // A page of none: the counts alone, no message opened (a city's page: GET /api/inbox/counts).
    expect(await o.inbox.page({ ...all, site: 'tampa' }, 1, 0)).toEqual({ items: [], total: 4, byStatus: tampa.byStatus, byCity: tampa.byCity });
    const newOnes = await o.inbox.page({ ...all, status: 'new' }, 1, 50);
    expect(newOnes.total).toBe(newOnes.byStatus.new);
    expect(newOnes.items.map((i) => i.id).sort()).toEqual([ids[2], ids[3], ids[5], ids[6]].sort());
    expect(newOnes.byCity.find((c) => c.site === 'tampa')?.count).toBe(2);
    expect((await o.inbox.page({ ...all, assigneeId: 'desk-1' }, 1, 50)).items.map((i) => i.id).sort()).toEqual([ids[1], ids[4]].sort());
    expect((await o.inbox.page({ ...all, assigneeId: '' }, 1, 50)).total).toBe(5);
    // "My open": desk-1's not closed; the closed are counted out too.
    const mine = await o.inbox.page({ ...all, assigneeId: 'desk-1', open: true }, 1, 50);
    expect(mine.items.map((i) => i.id)).toEqual([ids[1]]);
    expect(mine.total).toBe(1);
    expect(mine.byStatus).toEqual({ new: 0, contacted: 0, booked: 1, closed: 0 });
    expect((await o.inbox.page({ ...all, open: true }, 1, 50)).total).toBe(6);
    expect((await o.inbox.page({ ...all, from: '2026-01-03', to: '2026-01-05' }, 1, 50)).items.map((i) => i.id)).toEqual([ids[4], ids[3], ids[2]]);
    // A front desk of Orlando sees Orlando's only, whatever else it asks; "Unknown city" only with every city.
    const orlando = await o.inbox.page({ scope: ['orlando'] }, 1, 50);
    expect(orlando.items.map((i) => i.id).sort()).toEqual([ids[4], ids[5]].sort());
    expect(orlando.byCity).toEqual([{ site: 'orlando', city: 'Orlando', count: 2 }]);
    expect((await o.inbox.page({ scope: ['orlando'], site: 'tampa' }, 1, 50)).total).toBe(0);
    expect((await o.inbox.page({ ...all, site: '' }, 1, 50)).items.map((i) => i.id)).toEqual([ids[6]]);
    // Exact lookup through the keyed hashes: email in any case, phone in any format, name without accents.
    expect((await o.inbox.page({ ...all, lookup: { emailIndex: sealer.emailIndex('PAT5@example.COM') } }, 1, 50)).items.map((i) => i.id)).toEqual([ids[4]]);
    expect((await o.inbox.page({ ...all, lookup: { phoneIndex: sealer.phoneIndex('+1 407 555 0106') } }, 1, 50)).items.map((i) => i.id)).toEqual([ids[5]]);
    expect((await o.inbox.page({ ...all, lookup: { nameIndex: sealer.nameIndex('jose', 'alvarez') } }, 1, 50)).items.map((i) => i.id)).toEqual([ids[6]]);
    expect((await o.inbox.page({ ...all, lookup: { emailIndex: sealer.emailIndex('pat5@example') } }, 1, 50)).total).toBe(0);
    // Paging.
    const p2 = await o.inbox.page(all, 2, 3);
    expect(p2.total).toBe(7);
    expect(p2.items.map((i) => i.id)).toEqual([ids[3], ids[2], ids[1]]);
  });

  it('shows the language of the page each message came from, in clear beside its page, and filters by it (issue 40)', async () => {
    const o = await start();
    const en = await add(o, { n: 1, receivedAt: at(1) });
    const es = await add(o, { n: 2, receivedAt: at(2), page: 'es/contacto/', language: 'es' });
    const esOrlando = await add(o, { n: 3, receivedAt: at(3), site: 'orlando', city: 'Orlando', page: 'es/contacto/terapia-de-testosterona/', language: 'es' });
    await o.inbox.update(esOrlando, { status: 'contacted' }, at(4));
    const page = await o.inbox.page(all, 1, 50);
    expect(page.items.map((i) => [i.id, i.language])).toEqual([
      [esOrlando, 'es'],
      [es, 'es'],
      [en, 'en'],
    ]);
    expect(await o.inbox.get(es)).toMatchObject({ id: es, language: 'es', page: 'es/contacto/', message: numberedMessage(2).message });
    expect((await o.inbox.get(en))!.language).toBe('en');

    const spanish = await o.inbox.page({ ...all, language: 'es' }, 1, 50);
    expect(spanish.items.map((i) => i.id)).toEqual([esOrlando, es]);
    expect(spanish.total).toBe(2);
    // The counts are of the Spanish ones too.
    expect(spanish.byStatus).toEqual({ new: 1, contacted: 1, booked: 0, closed: 0 });
    expect(spanish.byCity).toEqual([
      { site: 'orlando', city: 'Orlando', count: 1 },
      { site: 'tampa', city: 'Tampa', count: 1 },
    ]);
    expect((await o.inbox.page({ ...all, language: 'es', site: 'tampa' }, 1, 50)).items.map((i) => i.id)).toEqual([es]);
    expect((await o.inbox.page({ ...all, language: 'es', status: 'new' }, 1, 50)).items.map((i) => i.id)).toEqual([es]);
    expect((await o.inbox.page({ ...all, language: 'en' }, 1, 50)).items.map((i) => i.id)).toEqual([en]);
    expect((await o.inbox.page({ scope: ['tampa'], language: 'es' }, 1, 50)).items.map((i) => i.id)).toEqual([es]);
    // Stored in clear (not sealed: it is what the page already says), the patient's words sealed.
    const rows = await o.rows('SELECT public_id, language, first_name, sealed FROM messages ORDER BY id');
    expect(rows.map((r) => [r.public_id, r.language])).toEqual([
      [en, 'en'],
      [es, 'es'],
      [esOrlando, 'es'],
    ]);
    expect(rows.every((r) => r.first_name === '' && typeof r.sealed === 'string')).toBe(true);
  });

  it('keeps status, reason and assignee, and notes sealed under the message with author and time', async () => {
    const o = await start();
    const id = await add(o, { n: 1 });
    const closed = await o.inbox.update(id, { status: 'closed', closeReason: 'chose_elsewhere' }, at(2));
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'chose_elsewhere', statusAt: at(2) });
    // Another status clears the reason; an assignment alone leaves the status and its time.
    expect(await o.inbox.update(id, { status: 'contacted' }, at(3))).toMatchObject({ status: 'contacted', closeReason: null, statusAt: at(3) });
    expect(await o.inbox.update(id, { assigneeId: 'desk-2' }, at(4))).toMatchObject({ status: 'contacted', assigneeId: 'desk-2', statusAt: at(3) });
    expect(await o.inbox.update(id, { assigneeId: null }, at(5))).toMatchObject({ assigneeId: null });
    expect(await o.inbox.update('00000000-0000-4000-8000-000000000000', { status: 'booked' }, at(5))).toBeUndefined();

    const note = await o.inbox.addNote(id, { authorId: 'desk-2', authorLabel: 'Dana Front', text: 'Called back: his level was 212 ng/dL, booked Tuesday' }, at(6));
    expect(note).toMatchObject({ authorId: 'desk-2', authorLabel: 'Dana Front', at: at(6) });
    await o.inbox.addNote(id, { authorId: 'owner-1', authorLabel: 'Olivia Owner', text: 'Second note' }, at(7));
    const one = await o.inbox.get(id);
    expect(one!.notes.map((n) => [n.authorLabel, n.at, n.text])).toEqual([
      ['Dana Front', at(6), 'Called back: his level was 212 ng/dL, booked Tuesday'],
      ['Olivia Owner', at(7), 'Second note'],
    ]);
    // At rest a note is ciphertext; moved to another note it no longer opens.
    const notes = await o.rows('SELECT * FROM message_notes ORDER BY id');
    expect(JSON.stringify(notes)).not.toContain('212 ng/dL');
    await o.exec('UPDATE message_notes SET body = ? WHERE public_id = ?', [notes[0]!.body, notes[1]!.public_id]);
    const moved = (await o.inbox.get(id))!.notes;
    expect(moved[0]!.text).toBe('Called back: his level was 212 ng/dL, booked Tuesday');
    expect(moved[1]).toMatchObject({ text: '' });
    expect(moved[1]!.unreadable).toMatch(/does not open/);
    expect(await o.inbox.addNote('00000000-0000-4000-8000-000000000000', { authorId: 'x', authorLabel: 'x', text: 'x' }, at(8))).toBeUndefined();
  });

  it('deletes one message with its notes and its pending notification', async () => {
    const o = await start();
    const keep = await add(o, { n: 1 });
    const gone = await add(o, { n: 2 });
    await o.inbox.addNote(gone, { authorId: 'a', authorLabel: 'A', text: 'note' }, at(3));
    expect(await o.inbox.remove(gone)).toEqual({ id: gone, site: 'tampa', receivedAt: numberedMessage(2).receivedAt });
    expect(await o.inbox.remove(gone)).toBeUndefined();
    expect(await o.inbox.get(gone)).toBeUndefined();
    expect((await o.inbox.page(all, 1, 50)).items.map((i) => i.id)).toEqual([keep]);
    expect(await o.rows('SELECT * FROM message_notes')).toEqual([]);
  });

  it('purges what is older than the cutoff, oldest first, telling the caller before it deletes', async () => {
    const o = await start();
    const ids: string[] = [];
    for (let n = 1; n <= 5; n++) ids.push(await add(o, { n, receivedAt: at(n) }));
    const told: Removed[] = [];
    const first = await o.inbox.purgeBefore(at(4), 2, async (doomed) => {
      told.push(...doomed);
      // Still there while the caller records them.
      expect((await o.inbox.page(all, 1, 50)).total).toBe(5);
    });
    expect(first.map((r) => r.id)).toEqual([ids[0], ids[1]]);
    expect(await o.inbox.purgeBefore(at(4), 2, async (d) => void told.push(...d))).toEqual([{ id: ids[2], site: 'tampa', receivedAt: at(3) }]);
    expect(await o.inbox.purgeBefore(at(4), 2, async (d) => void told.push(...d))).toEqual([]);
    expect(told.map((r) => r.id)).toEqual(ids.slice(0, 3));
    expect((await o.inbox.page(all, 1, 50)).items.map((i) => i.id)).toEqual([ids[4], ids[3]]);
  });

  it('keeps the retention setting, and gives each day’s purge to one server only', async () => {
    const o = await start();
    expect(await o.inbox.retentionDays()).toBeNull();
    await o.inbox.setRetentionDays(30);
    const other = o.other();
    expect(await other.retentionDays()).toBe(30);
    await o.inbox.setRetentionDays(null);
    expect(await other.retentionDays()).toBeNull();
    const claims = await Promise.all([o.inbox, other, o.inbox, other].map((s) => s.claimPurge('2026-02-01')));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await other.claimPurge('2026-02-01')).toBe(false);
    expect(await other.claimPurge('2026-02-02')).toBe(true);
    expect(await o.inbox.claimPurge('2026-02-01')).toBe(false);
  });
});
