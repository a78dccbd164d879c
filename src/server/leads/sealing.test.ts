import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dataKey } from '../crypto/data-key.js';
import { createSealer, normalizeEmail, normalizeName, normalizePhone } from './sealing.js';

const ring = () => ({ current: dataKey(randomBytes(32)) });
const words = { firstName: 'Ana', lastName: 'Núñez', email: 'Ana@Example.com', phone: '(813) 555-0100', service: 'TRT Therapy', message: 'My testosterone level is 212 ng/dL' };
const place = { id: 'msg-1', site: 'tampa', receivedAt: '2026-11-26T10:00:00.000Z' };

describe('sealing a message', () => {
  it('keeps none of the words in what it stores, and opens them again', () => {
    const s = createSealer(ring(), randomBytes(32));
    const sealed = s.seal(place, words);
    const stored = JSON.stringify(sealed);
    for (const w of ['Ana', 'Núñez', 'example.com', '555-0100', 'TRT', '212 ng/dL']) expect(stored).not.toContain(w);
    expect(s.open(place, sealed.sealed, sealed.sealedKey)).toEqual(words);
  });

  it('refuses a sealed text moved to another message, another city or time, or changed, or under another key', () => {
    const keys = ring();
    const search = randomBytes(32);
    const s = createSealer(keys, search);
    const sealed = s.seal(place, words);
    expect(() => s.open({ ...place, id: 'msg-2' }, sealed.sealed, sealed.sealedKey)).toThrow();
    expect(() => s.open({ ...place, site: 'orlando' }, sealed.sealed, sealed.sealedKey)).toThrow(/does not open here/);
    expect(() => s.open({ ...place, receivedAt: '2026-11-27T10:00:00.000Z' }, sealed.sealed, sealed.sealedKey)).toThrow(/does not open here/);
    const [v, nonce, body] = sealed.sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[3]! ^= 1;
    expect(() => s.open(place, `${v}.${nonce}.${flipped.toString('base64url')}`, sealed.sealedKey)).toThrow(/does not open here/);
    expect(() => createSealer(ring(), search).open(place, sealed.sealed, sealed.sealedKey)).toThrow(/was not given/);
    // During a rotation, the previous key still opens what it wrapped.
    expect(createSealer({ current: dataKey(randomBytes(32)), previous: keys.current }, search).open(place, sealed.sealed, sealed.sealedKey)).toEqual(words);
  });

  it('looks up by exact email, phone or name however they were typed, and by nothing else', () => {
    const s = createSealer(ring(), randomBytes(32));
    const sealed = s.seal(place, words);
    expect(s.emailIndex(' ana@EXAMPLE.com ')).toBe(sealed.emailIndex);
    expect(s.phoneIndex('+1 813-555-0100')).toBe(sealed.phoneIndex);
    expect(s.phoneIndex('8135550100')).toBe(sealed.phoneIndex);
    expect(s.nameIndex('ANA', 'Nunez')).toBe(sealed.nameIndex);
    expect(s.nameIndex('Ana', 'Nunes')).not.toBe(sealed.nameIndex);
    // Another search key, other hashes: the index of one server's store says nothing to another.
    expect(createSealer(ring(), randomBytes(32)).emailIndex(words.email)).not.toBe(sealed.emailIndex);
    expect(normalizeEmail(' A@B.C ')).toBe('a@b.c');
    expect(normalizePhone('(813) 555-0100')).toBe('+18135550100');
    expect(normalizePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizeName('  José   Ñúñez-Smith ')).toBe('jose nunez smith');
  });

  it('hashes a post for its Idempotency-Key under the search key: the same post alike, another differently', () => {
    const s = createSealer(ring(), randomBytes(32));
    const post = { ...words, site: 'tampa', city: 'Tampa', page: 'contact/', origin: '', referer: '', registered: true, language: 'en' as const, receivedAt: place.receivedAt };
    expect(s.bodyHash(post)).toBe(s.bodyHash({ ...post, receivedAt: 'later' }));
    expect(s.bodyHash(post)).not.toBe(s.bodyHash({ ...post, message: 'another' }));
  });
});
