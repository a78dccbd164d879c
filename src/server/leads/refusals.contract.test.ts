import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../test/helpers/pg.js';
import { silentLogger } from '../log/logger.js';
import { migrate } from '../sqlite/migrations.js';
import { createPgRefusalStore } from './pg-refusals.js';
import { createRefusalLog, MAX_ORIGINS_A_DAY, OTHER_ORIGINS, recentRefusals, type RefusalStore } from './refusals.js';
import { createSqliteRefusalStore } from './sqlite-refusals.js';

/** One contract for the counts of refused contact posts: the data folder's SQLite file, or PostgreSQL. */
let db: Awaited<ReturnType<typeof migratedDatabase>>;
const dir = mkdtempSync(join(tmpdir(), 'clinic-refusals-'));
beforeAll(async () => {
  db = await migratedDatabase();
});
afterAll(async () => {
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
const implementations: [string, () => RefusalStore][] = [
  [
    'SQLite',
    () => {
      const file = join(dir, `r${++n}.db`);
      const sqlite = new Database(file);
      migrate(sqlite, file);
      return createSqliteRefusalStore(sqlite);
    },
  ],
  [
    'PostgreSQL',
    () => {
      // One database for the suite: each test's rows are its own by their origin.
      return createPgRefusalStore(db.pool);
    },
  ],
];

describe.each(implementations)('refusal counts (%s)', (name, make) => {
  const origin = (s: string) => `https://${name.toLowerCase()}-${s}.example`;

  it('adds counts of one day, reason and origin together, and lists the largest first', async () => {
    const store = make();
    await store.add([{ day: '2026-11-20', reason: 'validation', origin: origin('a'), count: 2 }]);
    await store.add([
      { day: '2026-11-20', reason: 'validation', origin: origin('a'), count: 3 },
      { day: '2026-11-21', reason: 'honeypot', origin: origin('a'), count: 1 },
    ]);
    const rows = (await store.since('2026-11-20')).filter((r) => r.origin === origin('a'));
    expect(rows).toEqual([
      { day: '2026-11-20', reason: 'validation', origin: origin('a'), count: 5 },
      { day: '2026-11-21', reason: 'honeypot', origin: origin('a'), count: 1 },
    ]);
  });

  it('sums the last 7 days by reason and origin, leaving older days out', async () => {
    const store = make();
    await store.add([
      { day: '2026-11-26', reason: 'size', origin: origin('b'), count: 1 },
      { day: '2026-11-20', reason: 'size', origin: origin('b'), count: 2 },
      { day: '2026-11-19', reason: 'size', origin: origin('b'), count: 40 },
    ]);
    const recent = (await recentRefusals(store, new Date('2026-11-26T12:00:00Z'))).filter((r) => r.origin === origin('b'));
    expect(recent).toEqual([{ reason: 'size', origin: origin('b'), count: 3 }]);
  });
});

describe('the refusal log', () => {
  it('writes what it counted on flush, once, and past 200 origins a day counts the rest together', async () => {
    const written: Parameters<RefusalStore['add']>[0][] = [];
    const store: RefusalStore = { add: async (rows) => void written.push(rows), since: async () => [] };
    const log = createRefusalLog({ store, logger: silentLogger, now: () => new Date('2026-11-26T10:00:00Z'), flushMs: 60_000 });
    for (let i = 0; i < MAX_ORIGINS_A_DAY + 5; i++) log.note('validation', `https://o${i}.example`, 'client');
    await log.close();
    await log.flush();
    expect(written).toHaveLength(1);
    expect(written[0]).toHaveLength(MAX_ORIGINS_A_DAY + 1);
    expect(written[0]!.find((r) => r.origin === OTHER_ORIGINS)?.count).toBe(5);
  });

  it('keeps one line a client for at most 10,000 clients a minute; the rest share one line', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = { ...silentLogger, warn: (_event: string, fields: Record<string, unknown> = {}) => void lines.push(fields) };
    const store: RefusalStore = { add: async () => undefined, since: async () => [] };
    const log = createRefusalLog({ store, logger, now: () => new Date('2026-11-26T10:00:00Z'), flushMs: 60_000 });
    for (let i = 0; i < 10_005; i++) log.note('validation', 'https://flood.example', `client-${i}`);
    expect(lines).toHaveLength(10_000);
    await log.flush();
    expect(lines.at(-1)).toMatchObject({ reason: 'validation', repeated: 5 });
    await log.close();
  });
});
