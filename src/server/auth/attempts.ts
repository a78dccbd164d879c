import { memoryRateCounters, type RateCounters, type RateLimiter, type RateVerdict } from '../rate-limits/index.js';

/**
 * How many password guesses the admin takes (docs/threat-model.md). Per client address (an IPv6
 * /64 counts as one): `perClient` failures a minute. All clients together: `global` failed
 * guesses a minute, since an attacker with many addresses (a /48 holds 65,536 /64 networks)
 * would otherwise guess at will. Past the global cap every client gets 429, except those that
 * logged in within the last day: the operator already at work keeps working through an attack,
 * while a stranger (or a new device) waits until the guessing stops.
 */
export interface AttemptLimits {
  perClient: number;
  global: number;
  windowMs?: number;
  now?: () => number;
  /** Where failures are counted: this process by default, the shared database with more than one server. */
  counters?: RateCounters;
  /** Failed attempts a minute against one account (sign-in by email): a guesser spread over many addresses still slows down. */
  perAccount?: number;
}

export type AttemptVerdict = { ok: true } | { ok: false; retryAfterSeconds: number; scope: 'client' | 'account' | 'global' };

const REMEMBER_MS = 24 * 60 * 60_000;
const MAX_REMEMBERED = 1000;

/**
 * The attempt bookkeeping of one admin guard. An attempt first reserves its place in every limit
 * it counts toward (its address, the account, all clients), each with one atomic `hit`, before
 * any password or code is checked; a wrong answer keeps the places (they are its failure's
 * count), a right one and a refused one give them back. Parallel guesses therefore cannot all
 * pass a check made before any was counted, whatever the number of addresses, in one process or
 * across servers sharing the counts in PostgreSQL (each `hit` there is one statement).
 */
export function createAttemptGate(o: AttemptLimits) {
  const now = o.now ?? Date.now;
  const counters = o.counters ?? memoryRateCounters(now);
  const clients = counters.limiter('admin-login-client', { limit: o.perClient, windowMs: o.windowMs });
  const everyone = counters.limiter('admin-login-all', { limit: o.global, windowMs: o.windowMs });
  const accounts = counters.limiter('admin-login-account', { limit: o.perAccount ?? o.perClient, windowMs: o.windowMs });
  const trustedUntil = new Map<string, number>();
  const refused = (v: RateVerdict, scope: 'client' | 'account' | 'global'): AttemptVerdict => ({ ok: false, retryAfterSeconds: v.ok ? 1 : v.retryAfterSeconds, scope });
  type Place = { limiter: RateLimiter; key: string };
  const giveBack = async (places: Place[]) => {
    for (const p of places) await p.limiter.release(p.key);
  };

  /**
   * Takes a place in each limit the attempt counts toward, in order (address, account, all
   * clients); on the first that is full, gives back what it took and says which refused. A client
   * that signed in within the day passes a full global cap without a place in it.
   */
  const reserve = async (client: string, account: string | undefined, global: boolean): Promise<{ places: Place[] } | AttemptVerdict> => {
    const places: Place[] = [];
    const wanted: [RateLimiter, string, 'client' | 'account' | 'global'][] = [[clients, client, 'client']];
    if (account !== undefined) wanted.push([accounts, account, 'account']);
    if (global) wanted.push([everyone, '*', 'global']);
    for (const [limiter, key, scope] of wanted) {
      const v = await limiter.hit(key);
      if (v.ok) {
        places.push({ limiter, key });
        continue;
      }
      if (scope === 'global' && (trustedUntil.get(client) ?? 0) > now()) continue;
      await giveBack(places);
      return refused(v, scope);
    }
    return { places };
  };
  /** A successful login: this client passes the global cap for a day. */
  const succeeded = (client: string): void => {
    trustedUntil.delete(client);
    trustedUntil.set(client, now() + REMEMBER_MS);
    // Map order is insertion order: the entry refreshed longest ago goes first.
    if (trustedUntil.size > MAX_REMEMBERED) trustedUntil.delete(trustedUntil.keys().next().value!);
  };

  return {
    /**
     * One whole attempt of `client`: reserve, try the password or code (`verify`), keep the places
     * for a wrong answer or give them back for a right one. Only an attempt that sent credentials
     * counts toward the global cap (a bare visit is no guess). A refused attempt is answered
     * without `verify` running, so a right guess looks like a wrong one while refused.
     */
    async attempt(client: string, sentCredentials: boolean, verify: () => boolean | Promise<boolean>, account?: string): Promise<AttemptVerdict | 'wrong' | 'right'> {
      const taken = await reserve(client, account, sentCredentials);
      if (!('places' in taken)) return taken;
      let right: boolean;
      try {
        right = await verify();
      } catch (err) {
        // No answer was checked: the places go back.
        await giveBack(taken.places);
        throw err;
      }
      if (!right) return 'wrong';
      await giveBack(taken.places);
      succeeded(client);
      return 'right';
    },
  };
}
