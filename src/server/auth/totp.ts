import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { renderSVG } from 'uqr';

/**
 * The second factor (docs/decisions/017-staff-accounts.md): time-based one-time codes (RFC 6238
 * over RFC 4226's HOTP) as every authenticator app makes them by default: SHA-1, 6 digits, 30 s.
 * The math is a few lines of node:crypto, so no dependency holds the secret; `uqr` only draws
 * the QR code an app scans to enrol.
 */

const STEP_MS = 30_000;
const DIGITS = 6;
/** One step either way: a phone's clock a little off, or a code typed just as it changed. */
const DRIFT_STEPS = 1;
/** 160 bits, the length of an HMAC-SHA1 key RFC 4226 recommends. */
const SECRET_BYTES = 20;

/** RFC 4648's base32 alphabet: the form authenticator apps take a secret in (no 0, 1 or 8, which read as O, I and B). */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Bytes as RFC 4648 base32, without padding (authenticator apps do not want it in a URI). */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/**
 * RFC 4648 base32 as bytes, as a person might type or paste it: lowercase, spaces, dashes and
 * trailing `=` padding are accepted. Any other character throws a RangeError.
 */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s-]+/g, '').replace(/=+$/, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) throw new RangeError('Not a base32 character: ' + JSON.stringify(char));
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new TOTP secret, base32, to store (encrypted with the data key) and to show for an app to enrol. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/**
 * RFC 4226's HOTP: HMAC-SHA1 of the 8-byte big-endian counter, dynamically truncated to 31 bits,
 * the last `digits` decimal digits. Exported for the RFCs' test vectors (8 digits); TOTP uses 6.
 */
export function hotp(key: Buffer, counter: bigint | number, digits: number = DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The 30-second step `timeMs` falls in (RFC 6238's T, counted from the Unix epoch). */
const stepAt = (timeMs: number): number => Math.floor(timeMs / STEP_MS);

/** The 6-digit code an authenticator app with `secretBase32` shows at `timeMs`. */
export function totpCode(secretBase32: string, timeMs: number): string {
  return hotp(base32Decode(secretBase32), stepAt(timeMs));
}

export type TotpVerdict = { ok: true; step: number } | { ok: false };

/**
 * Whether `code` is the code of the current step or of one step either side, and of a step
 * later than `lastUsedStep`: a code signs in once, so one read over a shoulder or from a log is
 * spent. The caller stores the answered `step` as the account's new `lastUsedStep`. Spaces in
 * the code are ignored (apps show "123 456"); anything but six digits is refused. Every step is
 * compared in constant time, all of them, so the timing does not say which one matched.
 */
export function verifyTotp(secretBase32: string, code: string, timeMs: number, lastUsedStep: number | null): TotpVerdict {
  const given = code.replace(/\s+/g, '');
  if (!/^[0-9]{6}$/.test(given)) return { ok: false };
  const key = base32Decode(secretBase32);
  const givenBytes = Buffer.from(given);
  const now = stepAt(timeMs);
  let matched: number | undefined;
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++) {
    if (step < 0) continue;
    const same = timingSafeEqual(Buffer.from(hotp(key, step)), givenBytes);
    if (same && matched === undefined && (lastUsedStep === null || step > lastUsedStep)) matched = step;
  }
  return matched === undefined ? { ok: false } : { ok: true, step: matched };
}

/**
 * The Key URI an authenticator app reads from the QR code (Google Authenticator's format, which
 * the others follow): the label `issuer:account`, and the issuer again as a parameter, which
 * newer apps prefer. Every part is percent-encoded; a colon in the issuer becomes `%3A`, so the
 * label still splits at the right one.
 */
export function otpauthUri({ secret, account, issuer }: { secret: string; account: string; issuer: string }): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = `secret=${encodeURIComponent(secret)}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${STEP_MS / 1000}`;
  return `otpauth://totp/${label}?${query}`;
}

/**
 * `uri` as a QR code in SVG: black squares on a white square, sized by its viewBox alone so the
 * page decides how large it shows. Error correction M survives a glare or a smudge on a
 * screen; a border of 4 modules is the quiet zone the QR standard asks for, so a scan works on
 * a dark page too. The SVG holds only a rect and a path: nothing of `uri` is written into it
 * as text.
 */
export function qrSvg(uri: string): string {
  return renderSVG(uri, { ecc: 'M', border: 4 });
}
