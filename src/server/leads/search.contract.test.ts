import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresBin } from '../../../scripts/pg-cluster.mjs';
import { freshDatabase, migratedDatabase } from '../../../test/helpers/pg.js';
import { addedId, numberedMessage } from '../../../test/helpers/server-app.js';
import { ROOT } from '../../../test/helpers/site.js';
import { dataKey } from '../crypto/data-key.js';
import { createPool, migratePg } from '../pg/connect.js';
import { openSqliteStore } from '../store/sqlite-server-store.js';
import type { InboxFilter, InboxStore } from './inbox.js';
import { createPgInboxStore } from './inbox-pg.js';
import { createPgMessageStore } from './pg-store.js';
import { createSealer, type MessageSealer } from './sealing.js';
import { planSearch, type SearchPlan } from './search.js';
import type { MessageStore, NewMessage } from './store.js';

/**
 * Issue 37 item 6 on both stores: a patient found by a last name alone, a first name alone, 4
 * digits or more of a phone number, or an email; exact matches first, then newest; candidates
 * found by keyed tokens and checked once opened, so a candidate the tokens alone give never shows;
 * nothing searched, and no patient's words, in clear in the store; messages stored before the
 * tokens existed (this release's sealed ones, and the clear ones of release d4b66c2) made
 * searchable at start, a batch at a time.
 */
interface Opened {
  messages: MessageStore;
  inbox: InboxStore;
  rows(sql: string): Promise<Record<string, unknown>[]>;
  exec(sql: string, params?: unknown[]): Promise<void>;
  /** Every row of the tables that hold patients' messages (the messages, their tokens, their notes), as text. */
  everything(): Promise<string>;
  /** SQLite: the bytes of every file of the data folder (database, WAL), as Latin-1 and UTF-8; PostgreSQL: undefined. */
  files(): string[] | undefined;
  close(): Promise<void>;
}

const PATIENT_TABLES = ['messages', 'message_search', 'message_notes'];

const sqliteAt = (dir: string, cleanup: () => void): Opened => {
  const store = openSqliteStore(dir);
  const db = new Database(store.location);
  return {
    messages: store.messages,
    inbox: store.inbox,
    rows: async (sql) => db.prepare(sql).all() as Record<string, unknown>[],
    exec: async (sql, params = []) => void db.prepare(sql).run(...params),
    everything: async () => PATIENT_TABLES.map((t) => JSON.stringify(db.prepare(`SELECT * FROM ${t}`).all())).join('\n'),
    files: () =>
      readdirSync(dir)
        .map((f) => path.join(dir, f))
        .filter((f) => statSync(f).isFile())
        .flatMap((f) => [readFileSync(f).toString('latin1'), readFileSync(f).toString('utf8')]),
    async close() {
      db.close();
      await store.close();
      cleanup();
    },
  };
};

const pgOn = (pool: pg.Pool, drop: () => Promise<void>): Opened => {
  const messages = createPgMessageStore(pool, { notify: true });
  return {
    messages,
    inbox: createPgInboxStore(pool),
    rows: async (sql) => (await pool.query(sql)).rows,
    exec: async (sql, params = []) => {
      let n = 0;
      await pool.query(sql.replace(/\?/g, () => `$${++n}`), params);
    },
    async everything() {
      const out: string[] = [];
      for (const t of PATIENT_TABLES) out.push(JSON.stringify((await pool.query(`SELECT * FROM ${t}`)).rows));
      return out.join('\n');
    },
    files: () => undefined,
    async close() {
      await messages.flush();
      await drop();
    },
  };
};

const factories: { name: string; open(): Promise<Opened>; fixture(): Promise<Opened> }[] = [
  {
    name: 'SQLite',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'clinic-search-'));
      return sqliteAt(dir, () => rmSync(dir, { recursive: true, force: true }));
    },
    /** A copy of the data folder release d4b66c2 wrote (1,000 messages in clear, schema version 3). */
    async fixture() {
      const dir = mkdtempSync(path.join(tmpdir(), 'clinic-search-upgrade-'));
      cpSync(path.join(FIXTURE, 'sqlite-data', 'clinic.db'), path.join(dir, 'clinic.db'));
      chmodSync(path.join(dir, 'clinic.db'), 0o644);
      return sqliteAt(dir, () => rmSync(dir, { recursive: true, force: true }));
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      const db = await migratedDatabase();
      return pgOn(db.pool, db.drop);
    },
    /** A database loaded from release d4b66c2's dump (300 messages in clear), then migrated as a start does. */
    async fixture() {
      const db = await freshDatabase();
      const r = spawnSync(path.join(postgresBin(), 'psql'), ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', db.url, '-f', path.join(FIXTURE, 'postgres.sql')], {
        encoding: 'utf8',
        env: { ...process.env, LC_ALL: 'C' },
      });
      expect(r.status, r.stderr).toBe(0);
      const pool = createPool(db.url, { size: 5 });
      await migratePg(pool, db.name);
      return pgOn(pool, async () => {
        await pool.end();
        await db.drop();
      });
    },
  },
];

/** The data of release d4b66c2 (copied, never changed: ../shared/fixtures/release-d4b66c2/README.md). */
const FIXTURE = path.join(ROOT, '..', 'shared', 'fixtures', 'release-d4b66c2');

const opened: Opened[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

const all: InboxFilter = { scope: null };
const at = (n: number) => new Date(Date.UTC(2026, 2, 1, 9, 0, n)).toISOString();

/** The five Ortiz messages (n: their place among the 50) and the others' names and numbers. */
const ORTIZ = [
  { n: 4, firstName: 'Valentina', lastName: 'Ortiz', email: 'v.ortiz@example.com', phone: '(813) 555-0123', site: 'tampa' },
  { n: 11, firstName: 'Marco', lastName: 'Ortiz', email: 'marco.o@example.com', phone: '(813) 501-2399', site: 'tampa' },
  { n: 23, firstName: 'Luis', lastName: 'ORTIZ', email: 'luis@example.com', phone: '(727) 555-0142', site: 'orlando' },
  { n: 37, firstName: 'Ana', lastName: 'Ortíz', email: 'ana.ortiz@example.com', phone: '407-555-0177', site: 'orlando' },
  { n: 48, firstName: 'Rosa', lastName: 'Ortiz', email: 'rosa@example.com', phone: '+1 813 555 0190', site: 'tampa' },
];
const FIRST = ['Ada', 'Ben', 'Cole', 'Dev', 'Eli', 'Finn', 'Gia', 'Hal', 'Ivo', 'Jon'];
const LAST = ['Abbott', 'Baker', 'Ortizano', 'Diaz', 'Evans', 'Fox', 'Grant', 'Hill', 'Irwin', 'Jones'];

/** Message n of the 50: an Ortiz, or someone else (among them an Ortizano, and numbers that hold 0123 or do not). */
function patient(n: number): Partial<NewMessage> {
  const o = ORTIZ.find((p) => p.n === n);
  if (o) return { firstName: o.firstName, lastName: o.lastName, email: o.email, phone: o.phone, site: o.site, city: o.site === 'tampa' ? 'Tampa' : 'Orlando' };
  const phone =
    n === 7 ? '(407) 012-3456' : n === 30 ? '(941) 555-1230' : n === 33 ? '(555) 234-1234' : `(352) 555-${String(1000 + n * 7).padStart(4, '0')}`;
  return { firstName: FIRST[n % 10]!, lastName: LAST[Math.floor(n / 5) % 10]!, email: `p${n}@example.org`, phone };
}

describe.each(factories)('search ($name)', ({ open, fixture }) => {
  let sealer: MessageSealer;
  const seal = (o: Opened) => {
    sealer = createSealer({ current: dataKey(randomBytes(32)) }, randomBytes(32));
    o.messages.useSealer!(sealer);
    o.inbox.useSealer(sealer);
  };
  const start = async () => {
    const o = await open();
    opened.push(o);
    seal(o);
    return o;
  };
  const plan = (q: string): SearchPlan => {
    const p = planSearch(q, sealer);
    if ('refused' in p) throw new Error(`refused: ${p.refused}`);
    return p;
  };
  /** 50 messages, n = 1 (oldest) to 50, their ids by n. */
  const fifty = async (o: Opened) => {
    const ids: Record<number, string> = {};
    for (let n = 1; n <= 50; n++) ids[n] = addedId(await o.messages.add({ ...numberedMessage(n), receivedAt: at(n), ...patient(n) }))!;
    return ids;
  };

  it('finds the five Ortiz among 50 by the last name alone, and nothing else', async () => {
    const o = await start();
    const ids = await fifty(o);
    const found = await o.inbox.search(all, plan('Ortiz'), 1, 50);
    // Newest first, whatever the case or accents it was written with; Ortizano is not Ortiz.
    expect(found.items.map((i) => i.id)).toEqual([48, 37, 23, 11, 4].map((n) => ids[n]));
    expect(found.items.map((i) => i.firstName)).toEqual(['Rosa', 'Ana', 'Luis', 'Marco', 'Valentina']);
    expect(found.total).toBe(5);
    expect(found.capped).toBe(false);
    // The counts are the matches'.
    expect(found.byStatus).toEqual({ new: 5, contacted: 0, booked: 0, closed: 0 });
    expect(found.byCity).toEqual([
      { site: 'tampa', city: 'Tampa', count: 3 },
      { site: 'orlando', city: 'Orlando', count: 2 },
    ]);
    // Within the filters: a city, a status, the cities a front desk works, a page.
    expect((await o.inbox.search({ ...all, site: 'orlando' }, plan('ortiz'), 1, 50)).items.map((i) => i.id)).toEqual([ids[37], ids[23]]);
    await o.inbox.update(ids[11]!, { status: 'contacted' }, at(60));
    const contacted = await o.inbox.search({ ...all, status: 'contacted' }, plan('ORTIZ'), 1, 50);
    expect(contacted.items.map((i) => i.id)).toEqual([ids[11]]);
    expect(contacted.byStatus).toEqual({ new: 4, contacted: 1, booked: 0, closed: 0 });
    expect((await o.inbox.search({ scope: ['orlando'] }, plan('Ortiz'), 1, 50)).total).toBe(2);
    expect((await o.inbox.search({ scope: [] }, plan('Ortiz'), 1, 50)).total).toBe(0);
    const second = await o.inbox.search(all, plan('Ortiz'), 2, 2);
    expect([second.total, second.items.map((i) => i.id)]).toEqual([5, [ids[23], ids[11]]]);
  });

  it('finds any 4 digits or more of a phone number, a first name alone, an email; a miss finds nothing', async () => {
    const o = await start();
    const ids = await fifty(o);
    const find = async (q: string) => (await o.inbox.search(all, plan(q), 1, 50)).items.map((i) => i.id);
    // 0123 inside (813) 555-0123, (813) 501-2399 and (407) 012-3456, across the signs between; not in (941) 555-1230.
    expect(await find('0123')).toEqual([ids[11], ids[7], ids[4]]);
    expect(await find('555-0123')).toEqual([ids[4]]);
    expect(await find('+1 (813) 555-0123')).toEqual([ids[4]]);
    expect(await find('8135550190')).toEqual([ids[48]]);
    expect(await find('Valentina')).toEqual([ids[4]]);
    expect(await find('valentina ortiz')).toEqual([ids[4]]);
    expect(await find('Ortiz Valentina')).toEqual([ids[4]]);
    expect(await find('V.Ortiz@Example.COM')).toEqual([ids[4]]);
    expect(await find('ortiz@example.com')).toEqual([]);
    expect(await find('Ortega')).toEqual([]);
    expect(await find('9999')).toEqual([]);
    // (555) 234-1234 holds the tokens of both 1234 and 2341, but not 12341 in a row: opened, checked, left out.
    const tokens = await o.rows(`SELECT token FROM message_search WHERE message_id = (SELECT id FROM messages WHERE public_id = '${ids[33]}')`);
    expect(tokens.map((r) => r.token)).toEqual(expect.arrayContaining([sealer.digitsToken('1234'), sealer.digitsToken('2341')]));
    expect(await find('12341')).toEqual([]);
    expect(await find('2341234')).toEqual([ids[33]]);
    // Fewer than 4 digits, or nothing to search by: refused before any store is asked.
    expect(planSearch('012', sealer)).toEqual({ refused: 'too-few-digits' });
    expect(planSearch(' - ', sealer)).toEqual({ refused: 'empty' });
    expect(planSearch('!!!', sealer)).toEqual({ refused: 'empty' });
  });

  it('puts exact matches first, then the newest', async () => {
    const o = await start();
    const add = async (n: number, p: Partial<NewMessage>) => addedId(await o.messages.add({ ...numberedMessage(n), receivedAt: at(n), ...p }))!;
    const lee = await add(1, { firstName: 'Sam', lastName: 'Lee', phone: '(813) 555-0100' });
    const leeAnn = await add(2, { firstName: 'Lee Ann', lastName: 'Price', phone: '(813) 555-0101' });
    const leePark = await add(3, { firstName: 'Kim', lastName: 'Lee-Park', phone: '(813) 555-0102' });
    const lee2 = await add(4, { firstName: 'Lee', lastName: 'Moss', phone: '(813) 555-0103' });
    const other = await add(5, { firstName: 'Tom', lastName: 'Hale', phone: '+44 813 555 0100 7' });
    const find = async (q: string) => (await o.inbox.search(all, plan(q), 1, 50)).items.map((i) => i.id);
    // "Lee" is the whole last name of one and the whole first name of another: those first, newest first; then the names Lee is a part of.
    expect(await find('Lee')).toEqual([lee2, lee, leePark, leeAnn]);
    // The whole number first, then the numbers holding it.
    expect(await find('813 555 0100')).toEqual([lee, other]);
  });

  it('keeps no patient’s words and nothing searched in clear, and deletes a message’s tokens with it', async () => {
    const o = await start();
    const ids = await fifty(o);
    for (const q of ['Ortiz', '0123', 'Valentina', 'v.ortiz@example.com']) await o.inbox.search(all, plan(q), 1, 50);
    const stored = await o.everything();
    expect(stored).toMatch(/message_search|[A-Za-z0-9_-]{16}/);
    for (const word of ['Ortiz', 'ortiz', 'Valentina', 'valentina', 'v.ortiz@example.com', '555-0123', '5550123', 'Ortizano']) expect(stored, word).not.toContain(word);
    // 0123 in clear would stand apart; inside a random id, key or token (16 characters or more) it means nothing.
    const standalone = (text: string) => [...text.matchAll(/[A-Za-z0-9_-]*0123[A-Za-z0-9_-]*/g)].map((m) => m[0]).filter((run) => run.length < 16);
    expect(standalone(stored)).toEqual([]);
    const files = o.files();
    if (files) {
      for (const bytes of files) {
        for (const word of ['Ortiz', 'ORTIZ', 'Valentina', 'v.ortiz@example.com', '555-0123', 'Ortizano']) expect(bytes.includes(word), word).toBe(false);
        expect(standalone(bytes)).toEqual([]);
      }
    }
    // A patient's request to be forgotten takes the tokens too.
    const before = (await o.rows('SELECT count(*) AS n FROM message_search'))[0]!.n;
    await o.inbox.remove(ids[4]!);
    expect(Number((await o.rows('SELECT count(*) AS n FROM message_search'))[0]!.n)).toBeLessThan(Number(before));
    expect(await o.rows(`SELECT * FROM message_search WHERE token = '${sealer.nameWordToken('valentina')}'`)).toEqual([]);
    expect((await o.inbox.search(all, plan('Ortiz'), 1, 50)).total).toBe(4);
  });

  it('makes messages stored before the tokens searchable at start, a batch at a time, marking one that does not open', async () => {
    const o = await start();
    const ids = await fifty(o);
    // As migration 12 leaves the messages stored before it: no tokens, not indexed.
    await o.exec('DELETE FROM message_search');
    await o.exec('UPDATE messages SET search_indexed = NULL');
    expect((await o.inbox.search(all, plan('Ortiz'), 1, 50)).total).toBe(0);
    // One whose sealed text was moved from another row does not open: marked, never shown.
    const [a, b] = await o.rows(`SELECT id, sealed FROM messages ORDER BY id LIMIT 2`);
    await o.exec('UPDATE messages SET sealed = ? WHERE id = ?', [a!.sealed, b!.id]);
    expect(await o.messages.indexStored!(7)).toEqual({ indexed: 49, unopened: 1 });
    expect(await o.messages.indexStored!(7)).toEqual({ indexed: 0, unopened: 0 });
    expect((await o.inbox.search(all, plan('Ortiz'), 1, 50)).items.map((i) => i.id)).toEqual([48, 37, 23, 11, 4].map((n) => ids[n]));
    expect((await o.inbox.search(all, plan('0123'), 1, 50)).items.map((i) => i.id)).toEqual([ids[11], ids[7], ids[4]]);
    // Resumed where it stopped: only the messages still unmarked are opened again.
    await o.exec(`UPDATE messages SET search_indexed = NULL WHERE public_id IN ('${ids[49]}', '${ids[50]}')`);
    await o.exec(`DELETE FROM message_search WHERE message_id IN (SELECT id FROM messages WHERE search_indexed IS NULL)`);
    expect(await o.messages.indexStored!(1)).toEqual({ indexed: 2, unopened: 0 });
    expect((await o.inbox.search(all, plan(patient(50).email!), 1, 50)).items.map((i) => i.id)).toEqual([ids[50]]);
  });

  it('makes the messages release d4b66c2 kept in clear searchable once sealed at start', async () => {
    const o = await fixture();
    opened.push(o);
    seal(o);
    const count = Number((await o.rows('SELECT count(*) AS n FROM messages'))[0]!.n);
    expect(await o.messages.sealStored!(128)).toBe(count);
    expect(await o.messages.indexStored!(128)).toEqual({ indexed: count, unopened: 0 });
    const find = async (q: string) => (await o.inbox.search(all, plan(q), 1, 50)).items.map((i) => i.firstName);
    expect(await find('Fixturelast0007')).toEqual(['Fixturefirst0007']);
    expect(await find('fixturefirst0123')).toEqual(['Fixturefirst0123']);
    expect(await find('fixture0200@example.com')).toEqual(['Fixturefirst0200']);
    // (813) 555-0123 is the one number of the fixture holding 0123.
    expect(await find('0123')).toEqual(['Fixturefirst0123']);
    const stored = await o.everything();
    for (const marker of ['Fixturefirst', 'Fixturelast', 'fixture0001@example.com', '555-0123']) expect(stored, marker).not.toContain(marker);
  }, 60_000);
});

