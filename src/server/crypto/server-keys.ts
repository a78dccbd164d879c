import { randomBytes } from 'node:crypto';
import { open, seal, type KeyRing } from './data-key.js';

/** The store's small key-value table (`store_meta`), as the key checks need it. */
export interface MetaStore {
  get(key: string): Promise<string | undefined>;
  /** Writes `value` unless the key has one; answers the value the key holds afterwards. */
  putIfAbsent(key: string, value: string): Promise<string>;
}

export const META = { dataKeyId: 'data_key_id', auditKey: 'audit_key', pepper: 'secret_pepper', searchKey: 'search_key' } as const;

/** Thrown when the store was written under another data key than this server was given. */
export class WrongDataKeyError extends Error {
  constructor(stored: string, given: string) {
    super(
      `DATA_KEY: this store was written with data key ${stored}, and this server was given key ${given}. ` +
        'Every server must be given the key the data was written with (DATA_KEY or DATA_KEY_FILE); nothing was written.',
    );
    this.name = 'WrongDataKeyError';
  }
}

/** Whether a key id stored earlier belongs to a key of the ring (the current one, or the previous one during a rotation). */
export function checkKeyId(stored: string | undefined, ring: KeyRing): void {
  if (stored === undefined) return;
  if (stored === ring.current.id || stored === ring.previous?.id) return;
  throw new WrongDataKeyError(stored, ring.current.id);
}

/** The secrets a server keeps in its store, sealed by the data key (the store alone gives neither). */
export interface StoredSecrets {
  /** The audit chain's HMAC key. */
  auditKey: Buffer;
  /** The HMAC key of short secrets stored for lookup (recovery codes). */
  pepper: Buffer;
  /** The HMAC key of the lookup hashes over patients' email, phone and name (leads/sealing.ts). */
  searchKey: Buffer;
}

/** Records the data key's id on a store's first start (after checkKeyId passed), then makes or opens the stored secrets. */
export async function serverSecrets(meta: MetaStore, ring: KeyRing): Promise<StoredSecrets> {
  const stored = await meta.putIfAbsent(META.dataKeyId, ring.current.id);
  checkKeyId(stored, ring);
  const secret = async (key: string) => open(ring, await meta.putIfAbsent(key, seal(ring, randomBytes(32), key)), key);
  return { auditKey: await secret(META.auditKey), pepper: await secret(META.pepper), searchKey: await secret(META.searchKey) };
}
