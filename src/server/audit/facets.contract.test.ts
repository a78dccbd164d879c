import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../test/helpers/pg.js';
import { migrate } from '../sqlite/migrations.js';
import { createPgAuditStore } from './pg-store.js';
import { createSqliteAuditStore } from './sqlite-store.js';
import { recordMac, type AuditEntry, type AuditStore } from './store.js';

/** The trail's filters offer every city its records name, once each, in both stores (issue 37 item 8). */
let pg: Awaited<ReturnType<typeof migratedDatabase>>;
beforeAll(async () => {
  pg = await migratedDatabase(2);
});
afterAll(async () => {
  await pg?.drop();
});

const implementations: [string, () => AuditStore][] = [
  [
    'SQLite',
    () => {
      const db = new Database(':memory:');
      migrate(db, ':memory:');
      return createSqliteAuditStore(db);
    },
  ],
  ['PostgreSQL', () => createPgAuditStore(pg.pool)],
];

describe.each(implementations)('the audit trail’s facets (%s)', (_name, make) => {
  it('name each city the records name, once, in order, and no empty city', async () => {
    const s = make();
    const key = Buffer.alloc(32, 3);
    const entry = (city: string, action: string): AuditEntry => ({ at: '2026-11-26T10:00:00.000Z', actorId: 'a1', actorLabel: 'dana@example.com', address: '127.0.0.1', action, object: '', city, outcome: 200 });
    for (const e of [entry('tampa', 'city.import'), entry('', 'session.sign_in'), entry('orlando', 'city.save'), entry('tampa', 'city.deploy')]) await s.append(e, (prev, seq) => recordMac(key, prev, seq, e));
    const facets = await s.facets();
    expect(facets.cities).toEqual(['orlando', 'tampa']);
    expect(facets.actions).toEqual(['city.deploy', 'city.import', 'city.save', 'session.sign_in']);
  });
});
