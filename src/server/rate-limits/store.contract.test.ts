import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase } from '../../../test/helpers/pg.js';
import { pgRateCounters } from './pg-store.js';
import { memoryRateCounters, type RateCounters } from './store.js';

/**
 * One contract for where rate-limit counts live: in this process (one server) or in PostgreSQL
 * (every server). A fake clock drives the window; each test uses scopes of its own, so the tests
 * share one database without seeing each other's counts.
 */
let db: Awaited<ReturnType<typeof migratedDatabase>>;
beforeAll(async () => {
  db = await migratedDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const implementations: [string, (now: () => number) => RateCounters][] = [
  ['memory', (now) => memoryRateCounters(now)],
  ['PostgreSQL', (now) => pgRateCounters(db.pool, now)],
];

describe.each(implementations)('rate counters (%s)', (_name, make) => {
  let t = 1_700_000_000_000;
  const clock = () => t;
  const scope = (s: string) => `${_name}-${s}`;

  it('allows `limit` hits in a sliding window and refuses the next until the oldest leaves it', async () => {
    const start = t;
    const limiter = make(clock).limiter(scope('window'), { limit: 2, windowMs: 60_000 });
    expect(await limiter.hit('1.2.3.4')).toEqual({ ok: true });
    t = start + 10_000;
    expect(await limiter.hit('1.2.3.4')).toEqual({ ok: true });
    t = start + 20_000;
    expect(await limiter.hit('1.2.3.4')).toEqual({ ok: false, retryAfterSeconds: 40 });
    t = start + 59_999;
    expect(await limiter.hit('1.2.3.4')).toEqual({ ok: false, retryAfterSeconds: 1 });
    // The first hit leaves the window; the refused ones never counted.
    t = start + 60_000;
    expect(await limiter.hit('1.2.3.4')).toEqual({ ok: true });
    t = start + 60_001;
    expect(await limiter.hit('1.2.3.4')).toEqual({ ok: false, retryAfterSeconds: 10 });
    t = start + 200_000;
  });

  it('has a window of a minute unless told otherwise', async () => {
    const start = t;
    const limiter = make(clock).limiter(scope('default-window'), { limit: 1 });
    expect(await limiter.hit('k')).toEqual({ ok: true });
    t = start + 1_500;
    expect(await limiter.hit('k')).toEqual({ ok: false, retryAfterSeconds: 59 });
    t = start + 60_000;
    expect(await limiter.hit('k')).toEqual({ ok: true });
    t = start + 200_000;
  });

  it('peeks without recording: a key over the limit shows it, and peeking leaves every place free', async () => {
    const limiter = make(clock).limiter(scope('peek'), { limit: 2, windowMs: 30_000 });
    for (let i = 0; i < 5; i++) expect(await limiter.peek('a')).toEqual({ ok: true });
    expect(await limiter.hit('a')).toEqual({ ok: true });
    expect(await limiter.peek('a')).toEqual({ ok: true });
    expect(await limiter.hit('a')).toEqual({ ok: true });
    expect(await limiter.peek('a')).toEqual({ ok: false, retryAfterSeconds: 30 });
    t += 10_000;
    expect(await limiter.peek('a')).toEqual({ ok: false, retryAfterSeconds: 20 });
    t += 20_000;
    expect(await limiter.peek('a')).toEqual({ ok: true });
    t += 200_000;
  });

  it('counts each key and each scope apart', async () => {
    const counters = make(clock);
    const contact = counters.limiter(scope('contact'), { limit: 1 });
    const logins = counters.limiter(scope('logins'), { limit: 1 });
    expect(await contact.hit('a')).toEqual({ ok: true });
    expect(await contact.hit('b')).toEqual({ ok: true });
    expect(await logins.hit('a')).toEqual({ ok: true });
    expect((await contact.hit('a')).ok).toBe(false);
    expect((await logins.hit('a')).ok).toBe(false);
    expect((await logins.peek('b')).ok).toBe(true);
    t += 200_000;
  });

  it('gives back the newest place of a key on release, one a call, and no more than it holds', async () => {
    const limiter = make(clock).limiter(scope('release'), { limit: 2, windowMs: 60_000 });
    expect(await limiter.hit('r')).toEqual({ ok: true });
    expect(await limiter.hit('r')).toEqual({ ok: true });
    expect((await limiter.hit('r')).ok).toBe(false);
    await limiter.release('r');
    expect(await limiter.hit('r')).toEqual({ ok: true });
    expect((await limiter.hit('r')).ok).toBe(false);
    for (let i = 0; i < 4; i++) await limiter.release('r');
    expect(await limiter.hit('r')).toEqual({ ok: true });
    expect(await limiter.hit('r')).toEqual({ ok: true });
    expect((await limiter.hit('r')).ok).toBe(false);
    await limiter.release('never-hit');
    t += 200_000;
  });

  it('never refuses with limit 0', async () => {
    const limiter = make(clock).limiter(scope('off'), { limit: 0 });
    for (let i = 0; i < 20; i++) expect(await limiter.hit('a')).toEqual({ ok: true });
    expect(await limiter.peek('a')).toEqual({ ok: true });
  });
});
