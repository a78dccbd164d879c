import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * HTTP Basic auth against one admin password. Any user name is accepted (the browser's prompt asks
 * for one; `admin` is the natural choice): the password is the only secret. Both sides are hashed
 * to a fixed length first, so timingSafeEqual never leaks the password's length and compares in
 * constant time.
 */
export function passwordChecker(password: string): (authorization: string | undefined) => boolean {
  const expected = sha256(password);
  return (authorization) => {
    const given = basicPassword(authorization);
    if (given === undefined) return false;
    return timingSafeEqual(sha256(given), expected);
  };
}

/** The password of an `Authorization: Basic ...` header, or undefined when absent or malformed. */
export function basicPassword(authorization: string | undefined): string | undefined {
  if (!authorization) return undefined;
  const m = /^Basic[ \t]+([A-Za-z0-9+/]+={0,2})[ \t]*$/i.exec(authorization);
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : decoded.slice(colon + 1);
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
