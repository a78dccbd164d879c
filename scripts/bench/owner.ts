import { randomUUID } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import { newSecretToken, tokenHash } from '../../src/server/auth/tokens.js';
import type { ServerStore } from '../../src/server/store/server-store.js';
import { dataKey, type KeyRing } from '../../src/server/crypto/data-key.js';

/**
 * An owner and an API token of theirs in a bench's store: benches call the admin API as a script
 * would, through the real guard (docs/decisions/017-staff-accounts.md).
 */
export async function benchOwner(stores: ServerStore): Promise<{ authorization: string; accountId: string }> {
  const id = randomUUID();
  const at = new Date().toISOString();
  await stores.accounts.create({ id, email: `bench-${id.slice(0, 8)}@example.com`, name: 'Bench owner', role: 'owner', cities: null, passwordHash: 'scrypt$17$8$1$none$none', createdAt: at });
  const secret = newSecretToken('cgt');
  await stores.accounts.createToken({ id: randomUUID(), tokenHash: tokenHash(secret), name: 'bench', role: 'owner', createdBy: id, createdAt: at, lastUsedAt: null, revokedAt: null, cities: null });
  return { authorization: `Bearer ${secret}`, accountId: id };
}

/** Keys for a bench's apps: a fresh data key and audit chain key. */
export function benchSecrets(): { keys: KeyRing; auditKey: Buffer; pepper: Buffer; searchKey: Buffer } {
  return { keys: { current: dataKey(randomBytes(32)) }, auditKey: randomBytes(32), pepper: randomBytes(32), searchKey: randomBytes(32) };
}
