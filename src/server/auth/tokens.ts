import { createHash, randomBytes } from 'node:crypto';

/**
 * The secrets that stand for a person (docs/decisions/017-staff-accounts.md): a session cookie's
 * value (`cgs_`) and a personal API token (`cgt_`). 32 random bytes are beyond guessing, so a
 * plain SHA-256 is all the store needs to keep: a copy of the database holds no usable secret.
 * The prefix tells a leaked secret's kind at a glance and lets secret scanners find it.
 */
export type TokenPrefix = 'cgs' | 'cgt';

/** A new secret: `cgs_` or `cgt_` and 32 random bytes in base64url (43 characters). */
export function newSecretToken(prefix: TokenPrefix): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

/** What the store keeps of a secret, and looks one up by: its SHA-256 in hex. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
