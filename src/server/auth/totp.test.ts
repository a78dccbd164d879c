import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, newTotpSecret, otpauthUri, qrSvg, totpCode, verifyTotp } from './totp.js';

/** The SHA-1 key of RFC 4226 appendix D and RFC 6238 appendix B. */
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_SECRET = base32Encode(RFC_KEY);

describe('base32', () => {
  // RFC 4648 section 10, without the padding.
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('encodes %j as %j and back', (text, encoded) => {
    expect(base32Encode(Buffer.from(text))).toBe(encoded);
    expect(base32Decode(encoded).toString()).toBe(text);
  });

  it('decodes what a person types or pastes: lowercase, spaces, dashes, padding', () => {
    expect(base32Decode('mzxw 6ytb-oi======').toString()).toBe('foobar');
  });

  it('refuses characters outside the alphabet', () => {
    expect(() => base32Decode('MZXW0')).toThrow(RangeError);
  });

  it('makes secrets of 20 random bytes', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(a)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(a);
  });
});

describe('HOTP and TOTP', () => {
  it('matches RFC 4226 appendix D', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expect(expected.map((_, counter) => hotp(RFC_KEY, counter))).toEqual(expected);
  });

  // RFC 6238 appendix B, SHA-1: seconds since the epoch, the step in hex, the 8-digit code.
  it.each([
    [59, 0x1n, '94287082'],
    [1111111109, 0x23523ecn, '07081804'],
    [1111111111, 0x23523edn, '14050471'],
    [1234567890, 0x273ef07n, '89005924'],
    [2000000000, 0x3f940aan, '69279037'],
    [20000000000, 0x27bc86aan, '65353130'],
  ])('matches RFC 6238 appendix B at %i s', (seconds, step, code) => {
    expect(hotp(RFC_KEY, step, 8)).toBe(code);
    expect(hotp(RFC_KEY, Math.floor(seconds / 30), 8)).toBe(code);
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code.slice(-6));
  });
});

describe('verifyTotp', () => {
  const secret = newTotpSecret();
  const now = 1_750_000_000_000;
  const step = Math.floor(now / 30_000);
  const codeAt = (s: number) => totpCode(secret, s * 30_000);

  it('accepts the current step and one either side, and says which', () => {
    expect(verifyTotp(secret, codeAt(step), now, null)).toEqual({ ok: true, step });
    expect(verifyTotp(secret, codeAt(step - 1), now, null)).toEqual({ ok: true, step: step - 1 });
    expect(verifyTotp(secret, codeAt(step + 1), now, null)).toEqual({ ok: true, step: step + 1 });
  });

  it('refuses a code two steps away', () => {
    for (const s of [step - 2, step + 2]) {
      const code = codeAt(s);
      // A code two steps away may by chance equal a code within the window; then it is that one's.
      if ([step - 1, step, step + 1].some((w) => codeAt(w) === code)) continue;
      expect(verifyTotp(secret, code, now, null)).toEqual({ ok: false });
    }
  });

  it('takes a code once: never a step at or before the last one used', () => {
    const first = verifyTotp(secret, codeAt(step), now, null);
    expect(first).toEqual({ ok: true, step });
    expect(verifyTotp(secret, codeAt(step), now, step)).toEqual({ ok: false });
    expect(verifyTotp(secret, codeAt(step - 1), now, step)).toEqual({ ok: false });
    expect(verifyTotp(secret, codeAt(step + 1), now, step)).toEqual({ ok: true, step: step + 1 });
  });

  it('ignores spaces, and refuses anything but six digits', () => {
    const code = codeAt(step);
    expect(verifyTotp(secret, ` ${code.slice(0, 3)} ${code.slice(3)} `, now, null)).toEqual({ ok: true, step });
    for (const wrong of ['', code.slice(0, 5), code + '0', `${code.slice(0, 5)}a`, `${code.slice(0, 3)}-${code.slice(3)}`, `+${code.slice(1)}`]) {
      expect(verifyTotp(secret, wrong, now, null)).toEqual({ ok: false });
    }
  });

  it('refuses a wrong code', () => {
    const window = new Set([step - 1, step, step + 1].map(codeAt));
    const wrong = ['000000', '123456', '999999'].find((c) => !window.has(c))!;
    expect(verifyTotp(secret, wrong, now, null)).toEqual({ ok: false });
  });
});

describe('enrolment', () => {
  it('writes the Key URI an authenticator app reads, every part percent-encoded', () => {
    const uri = otpauthUri({ secret: 'JBSWY3DPEHPK3PXP', account: 'maria+desk@clinic.example', issuer: 'Men’s Clinic: Tampa' });
    expect(uri).toBe(
      'otpauth://totp/Men%E2%80%99s%20Clinic%3A%20Tampa:maria%2Bdesk%40clinic.example' +
        '?secret=JBSWY3DPEHPK3PXP&issuer=Men%E2%80%99s%20Clinic%3A%20Tampa&algorithm=SHA1&digits=6&period=30',
    );
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.searchParams.get('issuer')).toBe('Men’s Clinic: Tampa');
  });

  it('draws the URI as an SVG QR code with nothing in it to run', () => {
    const svg = qrSvg(otpauthUri({ secret: newTotpSecret(), account: 'owner@clinic.example', issuer: 'Clinic <script>' }));
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).not.toMatch(/<script|on\w+=|href/i);
  });
});
