/**
 * A sliding-window rate limiter kept in memory: at most `limit` hits per key within `windowMs`.
 * Exact (a log of hit times per key, at most `limit` long) and bounded: idle keys are swept, and
 * past `maxKeys` the oldest keys go first, so a flood of spoofed keys cannot exhaust memory.
 */
export type RateVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface MemoryRateLimiter {
  /** Records a hit for `key` unless it is over the limit. */
  hit(key: string): RateVerdict;
  /** Whether `key` is over the limit now, without recording anything. */
  peek(key: string): RateVerdict;
  /** Gives back the newest place `key` took (a reservation that did not end in what is counted). */
  release(key: string): void;
}

/**
 * A limiter as the routes use it: the counts may live in this process (one server) or in the
 * database every server shares (rate-limits/pg-store.ts), hence possibly asynchronous.
 */
export interface RateLimiter {
  hit(key: string): RateVerdict | Promise<RateVerdict>;
  peek(key: string): RateVerdict | Promise<RateVerdict>;
  /**
   * Gives back the newest place `key` holds. `hit` takes a place atomically, so a caller that must
   * hold a place before doing something (a password check) reserves with `hit` and releases when
   * the outcome is not one the limit counts (auth/attempts.ts).
   */
  release(key: string): void | Promise<void>;
}

/**
 * Where the server's counts live (rate limits, password attempts): one limiter per `scope` (the
 * contact form, the admin's failed logins...), its keys apart from every other scope's.
 */
export interface RateCounters {
  limiter(scope: string, o: { limit: number; windowMs?: number }): RateLimiter;
}

/** Counts in this process: right for one server (SQLite, the default). */
export function memoryRateCounters(now: () => number = Date.now): RateCounters {
  return { limiter: (_scope, o) => createRateLimiter({ limit: o.limit, windowMs: o.windowMs, now }) };
}

export interface RateLimiterOptions {
  /** Hits allowed per window; 0 disables the limiter. */
  limit: number;
  windowMs?: number;
  now?: () => number;
  maxKeys?: number;
}

/** Creates a limiter; `limit` 0 gives one that never refuses. */
export function createRateLimiter({ limit, windowMs = 60_000, now = Date.now, maxKeys = 50_000 }: RateLimiterOptions): MemoryRateLimiter {
  if (limit <= 0) return { hit: () => ({ ok: true }), peek: () => ({ ok: true }), release: () => undefined };
  const hits = new Map<string, number[]>();
  let nextSweep = now() + windowMs;

  const sweep = (t: number) => {
    for (const [key, times] of hits) if ((times.at(-1) ?? 0) <= t - windowMs) hits.delete(key);
    nextSweep = t + windowMs;
  };

  const verdict = (times: number[], t: number): RateVerdict => {
    while (times.length && times[0]! <= t - windowMs) times.shift();
    return times.length >= limit ? { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((times[0]! + windowMs - t) / 1000)) } : { ok: true };
  };

  return {
    peek(key) {
      const times = hits.get(key);
      return times ? verdict(times, now()) : { ok: true };
    },
    hit(key) {
      const t = now();
      if (t >= nextSweep) sweep(t);
      let times = hits.get(key);
      if (!times) {
        if (hits.size >= maxKeys) {
          sweep(t);
          // Map iterates in insertion order: the first key is the one seen longest ago.
          if (hits.size >= maxKeys) hits.delete(hits.keys().next().value!);
        }
        times = [];
        hits.set(key, times);
      }
      const v = verdict(times, t);
      if (v.ok) times.push(t);
      return v;
    },
    release(key) {
      const times = hits.get(key);
      // Hits are kept in the order taken: the newest is last.
      times?.pop();
      if (times?.length === 0) hits.delete(key);
    },
  };
}
