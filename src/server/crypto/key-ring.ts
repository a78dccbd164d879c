import type { DataKey, KeyRing } from './data-key.js';

/**
 * The store's current data key and the servers' rings (issue 38 item 1, docs/decisions/027-data-key-ring.md).
 *
 * The store records which key is current (`store_meta` data_key_id) and refuses any value sealed by
 * another (SQLite migration 15, PostgreSQL 12): a server left running with a key `keys rotate`
 * retired can no longer seal with it. A server seals with the key the store names, when it holds
 * it: one given the new key and the previous one before the rotation runs seals with the previous
 * (still the store's) and moves to the new one when the store does.
 */

/** The message of the store's refusal (the migrations' RAISE). */
export const RETIRED_KEY_REFUSAL = 'sealed by a data key the store no longer uses';

export function isRetiredKeyRefusal(err: unknown): boolean {
  return err instanceof Error && err.message.includes(RETIRED_KEY_REFUSAL);
}

/**
 * Makes the key the store names the ring's current one, in place (every sealer holding the ring
 * seals with it from now on): from the ring itself, else from `more` (keys read again from their
 * files). Answers whether the ring now seals with the store's key.
 */
export function useStoreKey(ring: KeyRing, storeKeyId: string | undefined, more: readonly DataKey[] = []): boolean {
  if (!storeKeyId || ring.current.id === storeKeyId) return true;
  if (ring.previous?.id === storeKeyId) {
    [ring.current, ring.previous] = [ring.previous, ring.current];
    return true;
  }
  const found = more.find((k) => k.id === storeKeyId);
  if (!found) return false;
  ring.previous = ring.current;
  ring.current = found;
  return true;
}

/** The ids of the keys a ring opens with. */
export function ringIds(ring: KeyRing): string[] {
  return [ring.current.id, ...(ring.previous ? [ring.previous.id] : [])];
}

/** A server's entry in the store while it runs (`keys rotate` reads them): where it runs and which keys it holds. */
export interface ServerPresence {
  id: string;
  host: string;
  pid: number;
  startedAt: string;
  seenAt: string;
  keys: string[];
}

/** How often a running server says so, and how long after its last word it counts as gone. */
export const PRESENCE = { everyMs: 15_000, goneAfterMs: 45_000 } as const;

/** How a running server is named in messages: `host:pid (started ..., keys a, b)`. */
export function presenceLabel(p: ServerPresence): string {
  return `${p.host}:${p.pid} (started ${p.startedAt}, keys ${p.keys.join(', ')})`;
}

/** The prefix of the store_meta keys of running servers' entries (ServerPresence, above): `server:<host>:<pid>:<random>`. */
export const PRESENCE_KEY = 'server:';

/** The entries refreshed at or after `since`, as written (anything else in such a row is left out). */
export function livePresences(values: readonly string[], since: Date): ServerPresence[] {
  const out: ServerPresence[] = [];
  for (const v of values) {
    try {
      const p = JSON.parse(v) as ServerPresence;
      if (typeof p.seenAt === 'string' && Date.parse(p.seenAt) >= since.getTime() && Array.isArray(p.keys)) out.push(p);
    } catch {
      // not an entry a server wrote
    }
  }
  return out;
}
