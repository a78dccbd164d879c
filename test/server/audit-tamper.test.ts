import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Hono } from 'hono';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { auditPageRoute } from '../../src/contract/audit.js';
import type { ResponseOf } from '../../src/contract/route.js';
import { auditHeadLog, auditRoutes, headText } from '../../src/server/audit/index.js';
import { recordMac } from '../../src/server/audit/store.js';
import { memoryLogger } from '../../src/server/log/logger.js';
import { openTaskStore, type TaskStore } from '../../src/server/tasks/admin-tasks.js';
import { tempDir } from '../helpers/cli.js';
import { freshDatabase } from '../helpers/pg.js';
import { ROOT } from '../helpers/site.js';

/**
 * An audit trail that cannot be cut short or padded (issue 38 item 5), on a real SQLite file and a
 * real PostgreSQL database: someone with write access to the database alone (no data key) changes a
 * record, removes one from the middle, removes the newest, inserts records numbered 0, -1 or past a
 * gap. The schema refuses what it can; `clinic-gen audit verify` (the built bin) names every other
 * one, the newest removed given the head the server logged; the Audit trail's API never lists a
 * record past the break as whole.
 */
type Page = ResponseOf<typeof auditPageRoute>;
const RECORDS = 8;
const dataKey = randomBytes(32).toString('base64');
const folders: string[] = [];
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

interface Backend {
  name: string;
  /** A fresh store: its env for the bin, and the args naming it. */
  fresh(): Promise<{ env: Record<string, string>; args: string[]; sql(text: string): Promise<void>; done(): Promise<void> }>;
  /** Statements that turn off what the migration added (what an attacker who owns the database can do). */
  bypass: { update: string; delete: string; insert: string };
}

const sqlite: Backend = {
  name: 'SQLite',
  async fresh() {
    const dir = tempDir('clinic-audit-');
    folders.push(dir);
    return {
      env: {},
      args: ['--data', dir],
      // The attacker's own connection, as sqlite3 would open it.
      sql: async (text) => {
        const db = new Database(join(dir, 'clinic.db'));
        try {
          db.exec(text);
        } finally {
          db.close();
        }
      },
      done: async () => undefined,
    };
  },
  bypass: {
    update: 'DROP TRIGGER IF EXISTS audit_no_update;',
    delete: 'DROP TRIGGER IF EXISTS audit_no_delete; PRAGMA foreign_keys = OFF;',
    insert: 'DROP TRIGGER IF EXISTS audit_next_seq; PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON;',
  },
};

const postgres: Backend = {
  name: 'PostgreSQL',
  async fresh() {
    const db = await freshDatabase();
    return {
      env: { DATABASE_URL: db.url },
      args: [],
      sql: async (text) => {
        const c = new pg.Client({ connectionString: db.url });
        await c.connect();
        try {
          await c.query(text);
        } finally {
          await c.end();
        }
      },
      done: () => db.drop(),
    };
  },
  bypass: {
    update: 'DROP TRIGGER IF EXISTS audit_no_change ON audit_log;',
    delete: 'DROP TRIGGER IF EXISTS audit_no_change ON audit_log; ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_follows_previous;',
    insert:
      'DROP TRIGGER IF EXISTS audit_next_seq ON audit_log; ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_follows_previous; ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_seq_from_1;',
  },
};

describe.each([sqlite, postgres])('the audit trail against a writer of the database ($name)', (backend) => {
  const open: { t: TaskStore; done(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0)) {
      await o.t.close();
      await o.done();
    }
  });

  /** A store with 8 records made by the server's code under its key, the heads it logged, its API and its bin. */
  async function trail() {
    const store = await backend.fresh();
    const env = { PATH: process.env.PATH ?? '', DATA_KEY: dataKey, ...store.env };
    const t = await openTaskStore({ dataDir: store.args[1], env });
    open.push({ t, done: store.done });
    const logger = memoryLogger();
    const head = auditHeadLog(t.store.audit, logger, 4);
    for (let i = 1; i <= RECORDS; i++) {
      const entry = { at: `2026-12-02T10:00:0${i}.000Z`, actorId: 'acc-1', actorLabel: 'olivia@clinic.example', address: '127.0.0.1', action: 'message.read', object: `message=m${i}`, city: 'tampa', outcome: 200 };
      await head.audit.append(entry, (previous, seq) => recordMac(t.auditKey, previous, seq, entry));
    }
    await head.log('stop');
    const heads = logger.events.filter((e) => e.event === 'audit.head').map((e) => e.fields as { moment: string; seq: number; mac: string; verify: string });
    const api = new Hono().route('/', auditRoutes(t.store.audit, () => new Date(), { people: async () => new Map(), city: async () => undefined }, t.auditKey));
    const page = async () => {
      const res = await api.request('/api/audit?pageSize=200');
      expect(res.status).toBe(200);
      return (await res.json()) as Page;
    };
    const verify = (...extra: string[]) => {
      const r = spawnSync(process.execPath, [join(ROOT, 'bin/clinic-gen.js'), 'audit', 'verify', ...store.args, ...extra], { cwd: ROOT, encoding: 'utf8', env, timeout: 60_000 });
      return { code: r.status, out: r.stdout, err: r.stderr };
    };
    const forged = (seq: number) =>
      `INSERT INTO audit_log (seq, at, actor_id, actor_label, address, action, object, city, outcome, mac) VALUES (${seq}, '2026-12-02T11:00:00.000Z', 'acc-9', 'fd@example.com', '127.0.0.1', 'message.export', 'count=40', 'tampa', 200, '${randomBytes(32).toString('hex')}')`;
    return { sql: store.sql, heads, page, verify, forged };
  }

  /** What the admin reads: no record at or past `seq` (and none below 1), no forged actor, and the break named. */
  async function expectBreakShown(page: () => Promise<Page>, seq: number, verified: number) {
    const p = await page();
    expect(p.trail.broken?.seq).toBe(seq);
    expect(p.trail.verified).toBe(verified);
    expect(p.records.map((r) => r.seq)).toEqual(Array.from({ length: verified }, (_, i) => verified - i));
    expect(p.total).toBe(verified);
    expect(p.actors.map((a) => a.label)).not.toContain('fd@example.com');
  }

  it('logs the head every N records and at stop, and verifies whole, reaching the logged head', async () => {
    const { heads, page, verify } = await trail();
    expect(heads.map((h) => [h.moment, h.seq])).toEqual([
      ['every 4 records', 4],
      ['every 4 records', 8],
      ['stop', 8],
    ]);
    expect(heads[2]!.mac).toMatch(/^[0-9a-f]{64}$/);
    const whole = verify('--head', `${heads[2]!.seq}:${heads[2]!.mac}`);
    expect(whole.err).toBe('');
    expect(whole.code).toBe(0);
    expect(whole.out).toContain(`the audit trail is whole: ${RECORDS} records, each chained to the one before; it reaches the head given (record 8)`);
    expect(whole.out).toContain(`its head: ${headText({ seq: 8, mac: heads[2]!.mac })}`);
    // The metric's 12 hex digits are enough.
    expect(verify('--head', `4:${heads[0]!.mac.slice(0, 12)}`).code).toBe(0);
    const p = await page();
    expect(p.trail).toEqual({ verified: RECORDS });
    expect(p.records).toHaveLength(RECORDS);
    expect(verify('--head', '8:xyz').err).toContain('--head: "8:xyz" is not SEQ:MAC');
  });

  it('refuses, in the schema, a record numbered 0, -1 or past a gap, and with the trigger gone still by its constraints', async () => {
    const { sql, forged, verify } = await trail();
    for (const seq of [0, -1, 12]) await expect(sql(forged(seq)), `seq ${seq}`).rejects.toThrow(new RegExp(`audit_log: record ${seq} is not the next record \\(9\\)`));
    // The trigger dropped: the CHECK and the foreign key to the record before still refuse.
    await sql(backend.name === 'SQLite' ? 'DROP TRIGGER audit_next_seq' : 'DROP TRIGGER audit_next_seq ON audit_log');
    for (const seq of [0, -1]) await expect(sql(forged(seq)), `seq ${seq}`).rejects.toThrow(/audit_seq_from_1|CHECK constraint failed/);
    await expect(sql(forged(12))).rejects.toThrow(/FOREIGN KEY constraint failed|audit_follows_previous/);
    // Removing a record in the middle is refused by the foreign key too, with the append-only trigger gone.
    await sql(backend.name === 'SQLite' ? 'DROP TRIGGER audit_no_delete' : 'DROP TRIGGER audit_no_change ON audit_log');
    await expect(sql('DELETE FROM audit_log WHERE seq = 5')).rejects.toThrow(/FOREIGN KEY constraint failed|audit_follows_previous/);
    expect(verify().code).toBe(0);
  });

  it('names a changed record, and the API lists only the records before it', async () => {
    const { sql, page, verify } = await trail();
    // Read once first: the part verified is remembered, and a change to it must still be seen.
    expect((await page()).trail).toEqual({ verified: RECORDS });
    await sql(`${backend.bypass.update} UPDATE audit_log SET actor_label = 'someone@example.com' WHERE seq = 4`);
    const v = verify();
    expect(v.code).toBe(1);
    expect(v.err).toContain('the audit trail is broken at record 4: record 4 does not match its MAC');
    expect(v.err).toContain('records 1 to 3 are whole');
    await expectBreakShown(page, 4, 3);
    expect((await page()).trail.broken?.unverified).toBe(5);
  });

  it('names a record removed from the middle', async () => {
    const { sql, page, verify } = await trail();
    expect((await page()).trail.verified).toBe(RECORDS);
    await sql(`${backend.bypass.delete} DELETE FROM audit_log WHERE seq = 5`);
    const v = verify();
    expect(v.code).toBe(1);
    expect(v.err).toContain('the audit trail is broken at record 5: record 5 is missing before record 6');
    await expectBreakShown(page, 5, 4);
  });

  it('finds the newest records removed, given the last head the server logged', async () => {
    const { sql, heads, page, verify } = await trail();
    expect((await page()).trail.verified).toBe(RECORDS);
    await sql(`${backend.bypass.delete} DELETE FROM audit_log WHERE seq >= 7`);
    // What is left is a whole chain: only the head published outside the database shows the cut.
    expect(verify().code).toBe(0);
    const last = heads.at(-1)!;
    const cut = verify('--head', `${last.seq}:${last.mac}`);
    expect(cut.code).toBe(1);
    expect(cut.err).toContain('the trail was cut short: it ends at record 6, and the head given is record 8 (records 7 to 8 are missing)');
    // The server that read record 8 before says so too.
    await expectBreakShown(page, 7, 6);
    expect((await page()).trail.broken?.reason).toContain('the trail was cut short');
    // Cut and written again past the head: record 8 is another record now.
    await sql(`${backend.bypass.insert} ${forgedChain()}`);
    const regrown = verify('--head', `${last.seq}:${last.mac}`);
    expect(regrown.code).toBe(1);
    expect(regrown.err).toMatch(/record 7 does not match its MAC|the trail was cut short: record 8's MAC/);
  });

  it.each([0, -1])('names a record inserted with sequence %i, and the API never lists it nor its actor', async (seq) => {
    const { sql, page, verify, forged } = await trail();
    await sql(`${backend.bypass.insert} ${forged(seq)}`);
    const v = verify();
    expect(v.code).toBe(1);
    expect(v.err).toContain(`the audit trail is broken at record ${seq}: record ${seq} has a sequence below 1`);
    const p = await page();
    expect(p.records.map((r) => r.seq)).not.toContain(seq);
    expect(p.records.some((r) => r.action === 'message.export')).toBe(false);
    expect(p.trail.broken).toMatchObject({ seq, unverified: 1 });
    expect(p.actors.map((a) => a.label)).not.toContain('fd@example.com');
  });

  it('names a record inserted past a gap, and one padded on at the end', async () => {
    const { sql, page, verify, forged } = await trail();
    await sql(`${backend.bypass.insert} ${forged(12)}`);
    const gap = verify();
    expect(gap.code).toBe(1);
    expect(gap.err).toContain('the audit trail is broken at record 9: records 9 to 11 are missing before record 12');
    await expectBreakShown(page, 9, 8);
    const padded = await trail();
    await padded.sql(`${backend.bypass.insert} ${padded.forged(9)}`);
    const pad = padded.verify();
    expect(pad.code).toBe(1);
    expect(pad.err).toContain('the audit trail is broken at record 9: record 9 does not match its MAC');
    await expectBreakShown(padded.page, 9, 8);
  });
});

/** Records 7 and 8 written again by someone without the key. */
function forgedChain(): string {
  return [7, 8]
    .map(
      (seq) =>
        `INSERT INTO audit_log (seq, at, actor_id, actor_label, address, action, object, city, outcome, mac) VALUES (${seq}, '2026-12-02T12:00:00.000Z', 'acc-1', 'olivia@clinic.example', '127.0.0.1', 'message.read', 'message=x', 'tampa', 200, '${randomBytes(32).toString('hex')}');`,
    )
    .join(' ');
}

