import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { addedId, numberedMessage } from '../../../test/helpers/server-app.js';
import { dataKey } from '../crypto/data-key.js';
import { openSqliteStore } from '../store/sqlite-server-store.js';
import { lookupIds, searchIds } from './inbox-sqlite.js';
import { createSealer } from './sealing.js';

/**
 * The SQLite lookup indexes lead with a block of 256 messages (migration 8), so that a batch's
 * entries share pages: a search probes every block once. Here across blocks, with the oldest
 * blocks gone, and through the index rather than a scan of the table.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it('finds a message by email, phone or name in every block of 256, after the oldest are deleted, and through the lookup indexes', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'clinic-lookup-'));
  dirs.push(dir);
  const store = openSqliteStore(dir);
  const sealer = createSealer({ current: dataKey(randomBytes(32)) }, randomBytes(32));
  store.messages.useSealer!(sealer);
  const ids: string[] = [];
  // 700 messages: rowids 1-700, blocks 0, 1 and 2.
  for (let n = 1; n <= 700; n++) {
    ids.push(addedId(await store.messages.add({ ...numberedMessage(n), phone: `(813) 555-${String(n).padStart(4, '0')}`, lastName: `Núñez${n}` }))!);
  }
  const find = async (lookup: Parameters<typeof store.inbox.page>[0]['lookup']) => (await store.inbox.page({ scope: null, lookup }, 1, 50)).items.map((i) => i.id);
  for (const n of [1, 255, 256, 257, 511, 512, 700]) {
    expect(await find({ emailIndex: sealer.emailIndex(`ANA${n}@example.com`) })).toEqual([ids[n - 1]]);
    expect(await find({ phoneIndex: sealer.phoneIndex(`813-555-${String(n).padStart(4, '0')}`) })).toEqual([ids[n - 1]]);
    expect(await find({ nameIndex: sealer.nameIndex('ana', `nunez${n}`) })).toEqual([ids[n - 1]]);
  }
  // Email or phone of two different messages: both, newest first.
  expect(await find({ emailIndex: sealer.emailIndex('ana3@example.com'), phoneIndex: sealer.phoneIndex('8135550600') })).toEqual([ids[599], ids[2]]);
  expect(await find({ emailIndex: sealer.emailIndex('ana701@example.com') })).toEqual([]);

  // The first 300 deleted (the purge, a patient's request): the search starts at the oldest kept.
  for (const id of ids.slice(0, 300)) await store.inbox.remove(id);
  expect(await find({ emailIndex: sealer.emailIndex('ana100@example.com') })).toEqual([]);
  expect(await find({ emailIndex: sealer.emailIndex('ana301@example.com') })).toEqual([ids[300]]);
  expect(await find({ emailIndex: sealer.emailIndex('ana700@example.com') })).toEqual([ids[699]]);
  await store.close();

  const db = new Database(path.join(dir, 'clinic.db'), { readonly: true });
  try {
    for (const kind of ['email', 'phone', 'name'] as const) {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${lookupIds(kind)}`).all('x') as { detail: string }[]).map((r) => r.detail);
      expect(plan).toContain(`SEARCH m USING COVERING INDEX messages_${kind}_lookup (<expr>=? AND ${kind}_index=?)`);
      expect(plan.filter((d) => /^SCAN m\b/.test(d))).toEqual([]);
    }
    // The search tokens (migration 12) the same way: one probe a block, then each other token looked up, never a scan.
    const search = (db.prepare(`EXPLAIN QUERY PLAN ${searchIds(3)}`).all('a', 'b', 'c') as { detail: string }[]).map((r) => r.detail);
    expect(search).toContain('SEARCH s USING PRIMARY KEY (block=? AND token=?)');
    expect(search.filter((d) => /^SCAN (s|t)\b/.test(d))).toEqual([]);
  } finally {
    db.close();
  }
});
