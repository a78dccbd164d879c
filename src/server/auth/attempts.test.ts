import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../test/helpers/pg.js';
import { memoryRateCounters } from '../rate-limits/store.js';
import { pgRateCounters } from '../rate-limits/pg-store.js';
import { createAttemptGate } from './attempts.js';

/**
 * Password attempts counted in the database every server shares (issue 14): a burst of parallel
 * wrong guesses must not all pass the check before the first failure is counted.
 */
let db: Awaited<ReturnType<typeof migratedDatabase>>;
beforeAll(async () => {
  db = await migratedDatabase(10);
});
afterAll(() => db?.drop());

const burst = (gate: ReturnType<typeof createAttemptGate>, n: number, client = '192.0.2.7') =>
  Promise.all(Array.from({ length: n }, () => gate.attempt(client, true, () => false)));
const wrong = (outcomes: Awaited<ReturnType<typeof burst>>) => outcomes.filter((o) => o === 'wrong').length;

describe('password attempts under a burst', () => {
  it.each([
    ['in memory', () => memoryRateCounters()],
    ['in PostgreSQL', () => pgRateCounters(db.pool)],
  ])('tries exactly the allowed number of guesses %s, however many arrive at once', async (_name, counters) => {
    const gate = createAttemptGate({ perClient: 5, global: 100, counters: counters() });
    const outcomes = await burst(gate, 20, `client-${_name}`);
    expect(wrong(outcomes)).toBe(5);
    expect(outcomes.filter((o) => typeof o === 'object' && !o.ok && o.scope === 'client')).toHaveLength(15);
  });

  it('lets a right password in, and refuses it like a wrong one once the client is over the limit', async () => {
    const gate = createAttemptGate({ perClient: 2, global: 100, counters: pgRateCounters(db.pool) });
    expect(await gate.attempt('198.51.100.1', true, () => true)).toBe('right');
    await burst(gate, 2, '198.51.100.1');
    expect(await gate.attempt('198.51.100.1', true, () => true)).toMatchObject({ ok: false, scope: 'client' });
  });

  it('gets at most one guess a server past the limit when a burst reaches two servers at once', async () => {
    const servers = [0, 1].map(() => createAttemptGate({ perClient: 5, global: 100, counters: pgRateCounters(db.pool) }));
    const outcomes = (await Promise.all(servers.map((gate) => burst(gate, 10, '203.0.113.9')))).flat();
    expect(wrong(outcomes)).toBeGreaterThanOrEqual(5);
    expect(wrong(outcomes)).toBeLessThanOrEqual(6);
  });
});
