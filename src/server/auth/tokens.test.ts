import { describe, expect, it } from 'vitest';
import { newSecretToken, tokenHash } from './tokens.js';

describe('secret tokens', () => {
  it.each(['cgs', 'cgt'] as const)('makes %s_ and 32 random bytes in base64url', (prefix) => {
    const token = newSecretToken(prefix);
    expect(token).toMatch(new RegExp(`^${prefix}_[A-Za-z0-9_-]{43}$`));
    expect(Buffer.from(token.slice(4), 'base64url')).toHaveLength(32);
  });

  it('never makes the same token twice', () => {
    const tokens = Array.from({ length: 1000 }, () => newSecretToken('cgt'));
    expect(new Set(tokens).size).toBe(1000);
  });

  it('keeps the SHA-256 of a token, in hex', () => {
    const token = newSecretToken('cgs');
    expect(tokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash(token)).toBe(tokenHash(token));
    expect(tokenHash(token)).not.toBe(tokenHash(newSecretToken('cgs')));
    // SHA-256 of "abc" (FIPS 180-2).
    expect(tokenHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
