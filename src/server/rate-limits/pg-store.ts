import type pg from 'pg';
import type { RateCounters, RateLimiter, RateVerdict } from './store.js';
import { guarded } from '../pg/connect.js';

/**
 * Rate-limit counts every server shares (table `rate_hits`), so "5 messages a minute" holds for a
 * client however the balancer spreads its requests. The same exact sliding window as the memory
 * limiter (rate-limits/store.ts): a log of hit times per key, pruned to the window.
 */

// One statement, so the row lock of ON CONFLICT makes it exact across servers: prune the log to
// the window, take a place when one is free, and say which happened (`refused` 0 means taken).
// A first hit inserts; `limit` is at least 1 here, so a first hit always takes its place.
const HIT_SQL = `
  INSERT INTO rate_hits AS r (scope, key, hits, last_hit) VALUES ($1, $2, ARRAY[$3::bigint], $3)
  ON CONFLICT (scope, key) DO UPDATE SET
    hits = ARRAY(SELECT h FROM unnest(r.hits) AS h WHERE h > $4)
      || CASE WHEN (SELECT count(*) FROM unnest(r.hits) AS h WHERE h > $4) < $5 THEN ARRAY[$3::bigint] ELSE '{}'::bigint[] END,
    last_hit = CASE WHEN (SELECT count(*) FROM unnest(r.hits) AS h WHERE h > $4) < $5 THEN GREATEST(r.last_hit, $3) ELSE r.last_hit END,
    refused = CASE WHEN (SELECT count(*) FROM unnest(r.hits) AS h WHERE h > $4) < $5 THEN 0 ELSE LEAST(r.refused + 1, 1000000) END
  RETURNING hits, refused`;

const PEEK_SQL = 'SELECT hits FROM rate_hits WHERE scope = $1 AND key = $2';

// A hit appends to the log, so the newest place is the last element; one statement, so two
// releases of one key each give back one place.
const RELEASE_SQL = 'UPDATE rate_hits SET hits = hits[1:cardinality(hits) - 1] WHERE scope = $1 AND key = $2 AND cardinality(hits) > 0';

// last_hit is the newest hit a row holds: at or before the cutoff, every hit in it has expired.
const SWEEP_SQL = 'DELETE FROM rate_hits WHERE last_hit <= $2 AND scope = $1';

/** A refusal while `live` (the hits in the window, at least one) fill it: retry when the oldest expires. */
function refusal(live: readonly number[], windowMs: number, t: number): RateVerdict {
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((Math.min(...live) + windowMs - t) / 1000)) };
}

/**
 * Counts in PostgreSQL, for servers sharing one database. `hit` is one statement (exact however
 * many servers hit one key at once); idle rows are swept off the request path, at most once per
 * window per scope and process. A scope has one window. Throws StoreUnavailableError when the
 * database cannot be reached.
 */
export function pgRateCounters(pool: pg.Pool, now: () => number = Date.now): RateCounters {
  const nextSweep = new Map<string, number>();

  const sweepIfDue = (scope: string, windowMs: number, t: number) => {
    if (t < (nextSweep.get(scope) ?? t + windowMs)) return;
    nextSweep.set(scope, t + windowMs);
    // Not awaited: a request never waits for another key's housekeeping, and a failed sweep only
    // leaves idle rows for the next one.
    pool.query(SWEEP_SQL, [scope, t - windowMs]).catch(() => undefined);
  };

  return {
    limiter(scope, { limit, windowMs = 60_000 }): RateLimiter {
      if (limit <= 0) return { hit: () => ({ ok: true }), peek: () => ({ ok: true }), release: () => undefined };
      if (!nextSweep.has(scope)) nextSweep.set(scope, now() + windowMs);
      return {
        async hit(key) {
          const t = now();
          sweepIfDue(scope, windowMs, t);
          const { rows } = await guarded(() => pool.query<{ hits: number[]; refused: number }>(HIT_SQL, [scope, key, t, t - windowMs, limit]));
          const row = rows[0]!;
          // A refused hit returns the log pruned to the window, which is full (so never empty).
          return row.refused === 0 ? { ok: true } : refusal(row.hits, windowMs, t);
        },
        async peek(key) {
          const t = now();
          const { rows } = await guarded(() => pool.query<{ hits: number[] }>(PEEK_SQL, [scope, key]));
          const live = (rows[0]?.hits ?? []).filter((h) => h > t - windowMs);
          return live.length < limit ? { ok: true } : refusal(live, windowMs, t);
        },
        async release(key) {
          await guarded(() => pool.query(RELEASE_SQL, [scope, key]));
        },
      };
    },
  };
}
