import { open, seal, type KeyRing } from './data-key.js';
import { META } from './server-keys.js';
import type { ServerPresence } from './key-ring.js';

/**
 * What `clinic-gen keys rotate` re-wraps under the ring's current key (issue 22): every value a
 * store keeps sealed by the data key, named by the table, the row and the context it was sealed
 * with. Each store (SQLite, PostgreSQL) reads and swaps the values; the re-wrap is written once here.
 */
export interface SealedValue {
  /** Where it is, as the store finds it again. */
  table: 'messages' | 'accounts.totp_secret' | 'accounts.totp_pending' | 'store_meta';
  row: string | number;
  context: string;
  value: string;
}

/** The contexts values were sealed with (messages: leads/sealing.ts; TOTP: auth/routes.ts; the store's secrets: server-keys.ts). */
export const sealContext = {
  message: (publicId: string) => `message-key:${publicId}`,
  totp: (accountId: string) => `totp:${accountId}`,
  meta: (key: string) => key,
};

/** The store_meta keys holding sealed secrets. */
export const SEALED_META = [META.auditKey, META.pepper, META.searchKey] as const;

export interface RewrapStore {
  /** Up to `limit` sealed values not sealed by `keyId`, oldest first. */
  notSealedBy(keyId: string, limit: number): Promise<SealedValue[]>;
  /** Replaces each value that still holds what was read (another writer's change wins); answers how many. */
  replace(changes: { at: SealedValue; next: string }[]): Promise<number>;
  /**
   * Records the id of the store's current key: from then on the store refuses a value sealed by
   * another (key-ring.ts). Writes in flight finish first (they are re-wrapped after).
   */
  setKeyId(keyId: string): Promise<void>;
  /** How many sealed values name none of `keyIds` (they cannot be opened with those keys), and the keys they name. */
  unopenable(keyIds: readonly string[]): Promise<{ count: number; keyIds: string[] }>;
  /** Records (or refreshes) a running server's entry (key-ring.ts ServerPresence). */
  announce(p: ServerPresence): Promise<void>;
  /** Removes a server's entry (its clean stop). */
  withdraw(id: string): Promise<void>;
  /** The servers whose entry was refreshed at or after `since`. */
  present(since: Date): Promise<ServerPresence[]>;
}

/**
 * Makes the ring's current key the store's, then re-wraps, a batch at a time, until nothing is
 * left sealed by another key: from then on the previous key is no longer needed (but by backups
 * taken before). Values written meanwhile are sealed by the new key (the store refuses others).
 */
export async function rewrapAll(store: RewrapStore, ring: KeyRing, onBatch?: (done: number) => void): Promise<number> {
  // The new key is the store's first: a server still sealing with the old one is refused from here
  // on, and what it wrote before is among the values re-wrapped below.
  await store.setKeyId(ring.current.id);
  let done = 0;
  for (let rounds = 0; rounds < 1_000_000; rounds++) {
    const batch = await store.notSealedBy(ring.current.id, 200);
    if (batch.length === 0) break;
    done += await store.replace(batch.map((at) => ({ at, next: seal(ring, open(ring, at.value, at.context), at.context) })));
    onBatch?.(done);
  }
  await store.setKeyId(ring.current.id);
  return done;
}
