import { createHmac, randomBytes } from 'node:crypto';
import { base32Encode } from './totp.js';

/**
 * Recovery codes (docs/decisions/017-staff-accounts.md): ten one-time codes shown once when a
 * second factor is set up, for the day the phone is lost. Each is 10 base32 characters (50
 * random bits): base32 has no 0, 1 or 8 to be misread from paper, and `xxxxx-xxxxx` in
 * lowercase is easy to copy by hand. Only their HMAC under the server's pepper is stored: 50 bits
 * would fall to an offline search of a stolen database, which without the pepper (sealed by the
 * data key, crypto/server-keys.ts) has nothing to test guesses against.
 */

const CODE_CHARS = 10;
/** 7 bytes give 56 random bits; the first 10 base32 characters are 50 of them, evenly spread. */
const CODE_BYTES = 7;

/** `count` distinct new codes, as the person is shown them: `xxxxx-xxxxx`. */
export function newRecoveryCodes(count = 10): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    const chars = base32Encode(randomBytes(CODE_BYTES)).slice(0, CODE_CHARS).toLowerCase();
    codes.add(`${chars.slice(0, 5)}-${chars.slice(5)}`);
  }
  return [...codes];
}

/** A code as typed back (any case, with or without its dash or spaces) in the one form that is hashed. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

/** What is stored of a code, and what a typed code is looked up by: HMAC-SHA256 (hex) of its normalized form under `pepper`. */
export function hashRecoveryCode(pepper: Buffer, code: string): string {
  return createHmac('sha256', pepper).update(normalizeRecoveryCode(code)).digest('hex');
}
