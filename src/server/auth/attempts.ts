import { memoryRateCounters, type RateCounters, type RateVerdict } from '../rate-limits/index.js';
import { keyedSerial } from '../http/serial.js';

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

/** The attempt bookkeeping of one admin guard. */
export function createAttemptGate(o: AttemptLimits) {
  const now = o.now ?? Date.now;
  const counters = o.counters ?? memoryRateCounters(now);
  const clients = counters.limiter('admin-login-client', { limit: o.perClient, windowMs: o.windowMs });
  const everyone = counters.limiter('admin-login-all', { limit: o.global, windowMs: o.windowMs });
  const accounts = counters.limiter('admin-login-account', { limit: o.perAccount ?? o.perClient, windowMs: o.windowMs });
  const trustedUntil = new Map<string, number>();
  const refused = (v: RateVerdict, scope: 'client' | 'account' | 'global'): AttemptVerdict | undefined =>
    v.ok ? undefined : { ok: false, retryAfterSeconds: v.retryAfterSeconds, scope };
  /** A client's attempts, one after another (see `attempt`). */
  const serial = keyedSerial();

  /** Whether `client` may try now; checked before the password, so a right guess looks like a wrong one while refused. */
  const check = async (client: string, account: string | undefined): Promise<AttemptVerdict> => {
    const own = refused(await clients.peek(client), 'client');
    if (own) return own;
    const target = account === undefined ? undefined : refused(await accounts.peek(account), 'account');
    if (target) return target;
    if ((trustedUntil.get(client) ?? 0) > now()) return { ok: true };
    return refused(await everyone.peek('*'), 'global') ?? { ok: true };
  };
  /** A failed attempt; only one that sent credentials counts toward the global cap (a bare visit is no guess). */
  const failed = async (client: string, sentCredentials: boolean, account: string | undefined): Promise<void> => {
    await clients.hit(client);
    if (account !== undefined) await accounts.hit(account);
    if (sentCredentials) await everyone.hit('*');
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
     * One whole attempt of `client`: check, try the password (`verify`), record the outcome. A
     * client's attempts run one after another in this process: with the counts in a database
     * (several servers) a check and its record are two round trips, and parallel guesses would
     * all pass the check before any failure was counted. Across servers, a burst sent to every
     * server at once can still get one guess a server past the limit.
     */
    attempt(client: string, sentCredentials: boolean, verify: () => boolean | Promise<boolean>, account?: string): Promise<AttemptVerdict | 'wrong' | 'right'> {
      return serial(client, async () => {
        const blocked = await check(client, account);
        if (!blocked.ok) return blocked;
        if (!(await verify())) {
          await failed(client, sentCredentials, account);
          return 'wrong';
        }
        succeeded(client);
        return 'right';
      });
    },
  };
}
