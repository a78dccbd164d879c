import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../helpers/pg.js';
import { addedId, numberedMessage } from '../helpers/server-app.js';
import { createPgAuditStore } from '../../src/server/audit/pg-store.js';
import { createAuditTrail, type AuditStore } from '../../src/server/audit/index.js';
import { dataKey } from '../../src/server/crypto/data-key.js';
import { openSqliteStore } from '../../src/server/store/sqlite-server-store.js';
import { createPgInboxStore } from '../../src/server/leads/inbox-pg.js';
import { createPgMessageStore } from '../../src/server/leads/pg-store.js';
import { purgeExpired } from '../../src/server/leads/retention.js';
import { createSealer } from '../../src/server/leads/sealing.js';
import type { MessageStore } from '../../src/server/leads/store.js';

/**
 * Retention (issue 22's acceptance): set to 30 days, with the clock injected, the purge deletes the
 * messages of day 31 and keeps day 29, leaving one audit record per deleted message (id, city,
 * day; never content); run again the same day it does nothing; with two servers on PostgreSQL it
 * runs once.
 */
const NOW = new Date('2026-06-30T09:00:00.000Z');
const daysAgo = (d: number, minutes = 0) => new Date(NOW.getTime() - d * 86_400_000 - minutes * 60_000).toISOString();
const sealer = () => createSealer({ current: dataKey(randomBytes(32)) }, randomBytes(32));
const auditKey = randomBytes(32);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** Messages received 31, 29 and 40 days ago, plus one just past the 30-day line either side. */
async function seed(messages: MessageStore): Promise<Record<string, string>> {
  const at: Record<string, string> = { day31: daysAgo(31), day29: daysAgo(29), day40: daysAgo(40), justOver: daysAgo(30, 1), justUnder: daysAgo(30, -1) };
  const ids: Record<string, string> = {};
  let n = 0;
  for (const [name, receivedAt] of Object.entries(at)) ids[name] = addedId(await messages.add({ ...numberedMessage(++n), receivedAt, site: n % 2 ? 'tampa' : 'orlando' }))!;
  return ids;
}

async function purgeRecords(audit: AuditStore) {
  const { records } = await audit.page({ action: 'message.purge' }, 1, 100);
  return records;
}

describe('the daily purge', () => {
  it('on SQLite deletes what is older than the retention, one audit record each, once a day', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'clinic-retention-'));
    const store = openSqliteStore(dir);
    cleanups.push(async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    });
    store.messages.useSealer!(sealer());
    const ids = await seed(store.messages);
    const deps = { inbox: store.inbox, audit: createAuditTrail(store.audit, auditKey, () => NOW), now: () => NOW };
    // Off by default: nothing is deleted.
    expect(await purgeExpired(deps)).toBe(0);
    await store.inbox.setRetentionDays(30);
    expect(await purgeExpired(deps)).toBe(3);
    const left = (await store.inbox.page({ scope: null }, 1, 50)).items.map((i) => i.id).sort();
    expect(left).toEqual([ids.day29!, ids.justUnder!].sort());
    const records = await purgeRecords(store.audit);
    expect(records.map((r) => r.object.match(/message=([\w-]+)/)?.[1]).sort()).toEqual([ids.day31!, ids.day40!, ids.justOver!].sort());
    const day31 = records.find((r) => r.object.includes(ids.day31!))!;
    expect(day31).toMatchObject({ actorLabel: 'retention', city: 'tampa', outcome: 200 });
    expect(day31.object).toBe(`message=${ids.day31} received=${daysAgo(31).slice(0, 10)} retention=30d`);
    expect(JSON.stringify(records)).not.toMatch(/Núñez|example\.com|Message number/);
    // The same day again: the purge is done already.
    await store.messages.add({ ...numberedMessage(9), receivedAt: daysAgo(50) });
    expect(await purgeExpired(deps)).toBe(0);
    // The next day it runs again: the day-50 message, and the one that has now passed 30 days.
    const tomorrow = new Date(NOW.getTime() + 86_400_000);
    expect(await purgeExpired({ ...deps, now: () => tomorrow })).toBe(2);
    expect((await store.inbox.page({ scope: null }, 1, 50)).items.map((i) => i.id)).toEqual([ids.day29]);
  });

  it('on PostgreSQL runs once when two servers start it together', async () => {
    const db = await migratedDatabase();
    cleanups.push(() => db.drop());
    const messages = createPgMessageStore(db.pool, { notify: true });
    cleanups.unshift(() => messages.flush());
    const s = sealer();
    messages.useSealer!(s);
    const ids = await seed(messages);
    // Two servers: each its own pool, inbox and audit trail over the one database.
    const servers = await Promise.all(
      [1, 2].map(async () => {
        const pool = (await import('../../src/server/pg/connect.js')).createPool(db.url, { size: 3 });
        cleanups.unshift(() => pool.end());
        const inbox = createPgInboxStore(pool);
        inbox.useSealer(s);
        return { inbox, audit: createAuditTrail(createPgAuditStore(pool), auditKey, () => NOW), now: () => NOW };
      }),
    );
    await servers[0]!.inbox.setRetentionDays(30);
    const counts = await Promise.all(servers.map((d) => purgeExpired(d)));
    expect(counts.sort()).toEqual([0, 3]);
    const records = await purgeRecords(createPgAuditStore(db.pool));
    expect(records).toHaveLength(3);
    expect(new Set(records.map((r) => r.object)).size).toBe(3);
    const left = (await servers[1]!.inbox.page({ scope: null }, 1, 50)).items.map((i) => i.id).sort();
    expect(left).toEqual([ids.day29!, ids.justUnder!].sort());
    // Their notifications went with them: no outbox row points at a purged message.
    expect((await db.pool.query('SELECT count(*)::int AS n FROM outbox')).rows[0].n).toBe(2);
  });
});
