import { createRateLimiter, type RateVerdict } from '../http/rate-limit.js';

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
}

export type AttemptVerdict = { ok: true } | { ok: false; retryAfterSeconds: number; scope: 'client' | 'global' };

const REMEMBER_MS = 24 * 60 * 60_000;
const MAX_REMEMBERED = 1000;

/** The attempt bookkeeping of one admin guard. */
export function createAttemptGate(o: AttemptLimits) {
  const now = o.now ?? Date.now;
  const clients = createRateLimiter({ limit: o.perClient, windowMs: o.windowMs, now });
  const everyone = createRateLimiter({ limit: o.global, windowMs: o.windowMs, now, maxKeys: 1 });
  const trustedUntil = new Map<string, number>();
  const refused = (v: RateVerdict, scope: 'client' | 'global'): AttemptVerdict | undefined =>
    v.ok ? undefined : { ok: false, retryAfterSeconds: v.retryAfterSeconds, scope };

  return {
    /** Whether `client` may try now; checked before the password, so a right guess looks like a wrong one while refused. */
    check(client: string): AttemptVerdict {
      const own = refused(clients.peek(client), 'client');
      if (own) return own;
      if ((trustedUntil.get(client) ?? 0) > now()) return { ok: true };
      return refused(everyone.peek('*'), 'global') ?? { ok: true };
    },
    /** A failed attempt; only one that sent credentials counts toward the global cap (a bare visit is no guess). */
    failed(client: string, sentCredentials: boolean): void {
      clients.hit(client);
      if (sentCredentials) everyone.hit('*');
    },
    /** A successful login: this client passes the global cap for a day. */
    succeeded(client: string): void {
      trustedUntil.delete(client);
      trustedUntil.set(client, now() + REMEMBER_MS);
      // Map order is insertion order: the entry refreshed longest ago goes first.
      if (trustedUntil.size > MAX_REMEMBERED) trustedUntil.delete(trustedUntil.keys().next().value!);
    },
  };
}
