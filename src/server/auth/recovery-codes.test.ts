import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes.js';

const PEPPER = Buffer.alloc(32, 3);

describe('recovery codes', () => {
  it('makes ten distinct codes of ten base32 characters, shown as xxxxx-xxxxx', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(newRecoveryCodes(3)).toHaveLength(3);
  });

  it('reads a code back however it is typed', () => {
    expect(normalizeRecoveryCode(' ABCDE - fghij ')).toBe('abcdefghij');
    expect(hashRecoveryCode(PEPPER, 'ABCDE-FGHIJ')).toBe(hashRecoveryCode(PEPPER, 'abcdefghij'));
    expect(hashRecoveryCode(PEPPER, 'abcde fghij')).toBe(hashRecoveryCode(PEPPER, 'abcdefghij'));
  });

  it('stores the HMAC-SHA256 of the normalized code under the pepper, in hex: another pepper, another hash', () => {
    // HMAC-SHA256 of "abcdefghij" under 32 bytes of 0x03.
    expect(hashRecoveryCode(PEPPER, 'abcde-fghij')).toBe('18249870fa9cd2c4d1291d8df7eb7f735ac2a82f7774d7bf1e89de2fd7861eb7');
    expect(hashRecoveryCode(PEPPER, 'abcde-fghik')).not.toBe(hashRecoveryCode(PEPPER, 'abcde-fghij'));
    expect(hashRecoveryCode(Buffer.alloc(32, 4), 'abcde-fghij')).not.toBe(hashRecoveryCode(PEPPER, 'abcde-fghij'));
  });
});
