import { randomBytes } from 'node:crypto';
import { open, seal, type KeyRing } from './data-key.js';

/** The store's small key-value table (`store_meta`), as the key checks need it. */
export interface MetaStore {
  get(key: string): Promise<string | undefined>;
  /** Writes `value` unless the key has one; answers the value the key holds afterwards. */
  putIfAbsent(key: string, value: string): Promise<string>;
}

export const META = { dataKeyId: 'data_key_id', auditKey: 'audit_key' } as const;

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

/** Records the data key's id on a store's first start (after checkKeyId passed), then the audit chain's key, sealed. */
export async function serverSecrets(meta: MetaStore, ring: KeyRing): Promise<{ auditKey: Buffer }> {
  const stored = await meta.putIfAbsent(META.dataKeyId, ring.current.id);
  checkKeyId(stored, ring);
  const sealed = await meta.putIfAbsent(META.auditKey, seal(ring, randomBytes(32), META.auditKey));
  return { auditKey: open(ring, sealed, META.auditKey) };
}
