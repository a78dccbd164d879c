import { describe, expect, it } from 'vitest';
import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes.js';

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
    expect(hashRecoveryCode('ABCDE-FGHIJ')).toBe(hashRecoveryCode('abcdefghij'));
    expect(hashRecoveryCode('abcde fghij')).toBe(hashRecoveryCode('abcdefghij'));
  });

  it('stores the SHA-256 of the normalized code, in hex', () => {
    // SHA-256 of "abcdefghij".
    expect(hashRecoveryCode('abcde-fghij')).toBe('72399361da6a7754fec986dca5b7cbaf1c810a28ded4abaf56b2106d06cb78b0');
    expect(hashRecoveryCode('abcde-fghik')).not.toBe(hashRecoveryCode('abcde-fghij'));
  });
});
