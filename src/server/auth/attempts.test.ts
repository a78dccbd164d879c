import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../test/helpers/pg.js';
import { memoryRateCounters, type RateCounters } from '../rate-limits/store.js';
import { pgRateCounters } from '../rate-limits/pg-store.js';
import { createAttemptGate } from './attempts.js';

/**
 * Password and code attempts (issues 14 and 37): each attempt reserves its place in every limit
 * before its password is checked, so a burst of parallel guesses, from one address or from many,
 * gets exactly the allowed number checked, in one process and across servers sharing PostgreSQL.
 * "Checked" is counted where it happens: the calls of `verify`.
 */
let db: Awaited<ReturnType<typeof migratedDatabase>>;
beforeAll(async () => {
  db = await migratedDatabase(20);
});
afterAll(() => db?.drop());

type Gate = ReturnType<typeof createAttemptGate>;
type Outcome = Awaited<ReturnType<Gate['attempt']>>;

/** `n` guesses at once; `who(i)` gives the i-th guess's address and account. Counts the checks. */
async function burst(gates: Gate[], n: number, who: (i: number) => { client: string; account?: string }, right = false) {
  let checked = 0;
  const outcomes = await Promise.all(
    Array.from({ length: n }, (_, i) => {
      const { client, account } = who(i);
      return gates[i % gates.length]!.attempt(client, true, async () => {
        checked++;
        await new Promise((r) => setImmediate(r));
        return right;
      }, account);
    }),
  );
  return { outcomes, checked };
}
const refusedBy = (outcomes: Outcome[], scope: string) => outcomes.filter((o) => typeof o === 'object' && !o.ok && o.scope === scope).length;

// Each test counts under keys of its own and in an hour of its own (the global cap has one key),
// so the PostgreSQL tests share one database without seeing each other's counts.
let run = 0;
const hourOf = (r: number) => () => 1_700_000_000_000 + r * 3_600_000;
const implementations: [string, (now: () => number) => RateCounters][] = [
  ['in memory', (now) => memoryRateCounters(now)],
  ['in PostgreSQL', (now) => pgRateCounters(db.pool, now)],
];
/** A gate with its own run number, clock and counters. */
const gateOf = (make: (now: () => number) => RateCounters, limits: { perClient: number; perAccount?: number; global: number }) => {
  const now = hourOf(++run);
  return createAttemptGate({ ...limits, now, counters: make(now) });
};

describe.each(implementations)('password attempts %s', (_name, counters) => {
  it('checks exactly the allowed number of guesses from one address, however many arrive at once', async () => {
    const gate = gateOf(counters, { perClient: 5, global: 100 });
    const client = `one-address-${run}`;
    const { outcomes, checked } = await burst([gate], 20, () => ({ client }));
    expect(checked).toBe(5);
    expect(outcomes.filter((o) => o === 'wrong')).toHaveLength(5);
    expect(refusedBy(outcomes, 'client')).toBe(15);
  });

  it('29 guesses at one account from 29 addresses: 5 checked, 24 refused, then the right password refused too', async () => {
    const gate = gateOf(counters, { perClient: 5, perAccount: 5, global: 100 });
    const account = `account-${run}`;
    const { outcomes, checked } = await burst([gate], 29, (i) => ({ client: `203.0.113.${i}-${run}`, account }));
    expect(checked).toBe(5);
    expect(refusedBy(outcomes, 'account')).toBe(24);
    let rightChecked = false;
    const right = await gate.attempt(`198.51.100.77-${run}`, true, () => (rightChecked = true), account);
    expect(right).toMatchObject({ ok: false, scope: 'account' });
    expect(rightChecked).toBe(false);
  });

  it('150 guesses at 150 accounts from 150 addresses: at most the global 100 checked', async () => {
    const gate = gateOf(counters, { perClient: 5, perAccount: 5, global: 100 });
    const r = run;
    const { outcomes, checked } = await burst([gate], 150, (i) => ({ client: `c${i}-${r}`, account: `a${i}-${r}` }));
    expect(checked).toBe(100);
    expect(refusedBy(outcomes, 'global')).toBe(50);
  });

  it('a right password gives its places back; a refused attempt takes none', async () => {
    const gate = gateOf(counters, { perClient: 3, perAccount: 3, global: 100 });
    const client = `gives-back-${run}`;
    const account = `acct-${run}`;
    for (let i = 0; i < 2; i++) expect(await gate.attempt(client, true, () => false, account)).toBe('wrong');
    for (let i = 0; i < 3; i++) expect(await gate.attempt(client, true, () => true, account)).toBe('right');
    // Two failures counted: one more is checked, the next refused.
    expect(await gate.attempt(client, true, () => false, account)).toBe('wrong');
    expect(await gate.attempt(client, true, () => true, account)).toMatchObject({ ok: false, scope: 'client' });
  });
});

describe('password attempts across two servers on PostgreSQL', () => {
  it('checks exactly the allowed number however a burst is spread over the servers', async () => {
    const r = ++run;
    const now = hourOf(r);
    const servers = [0, 1].map(() => createAttemptGate({ perClient: 5, perAccount: 5, global: 100, now, counters: pgRateCounters(db.pool, now) }));
    const one = await burst(servers, 20, () => ({ client: `two-servers-${r}` }));
    expect(one.checked).toBe(5);
    const many = await burst(servers, 29, (i) => ({ client: `two-servers-${r}-${i}`, account: `two-servers-account-${r}` }));
    expect(many.checked).toBe(5);
  });
});
