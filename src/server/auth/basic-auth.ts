import { createHash, timingSafeEqual } from 'node:crypto';

/** The one user name of the admin (the browser's prompt asks for one; the README and `serve --help` say `admin`). */
export const ADMIN_USER = 'admin';

/**
 * HTTP Basic auth against one admin password and the user name `admin`: a guesser who must find
 * the user name too learns nothing from trying, and logs never show two spellings of one user.
 * Both sides are hashed to a fixed length first, so timingSafeEqual never leaks a length and
 * compares in constant time; both comparisons always run.
 */
export function passwordChecker(password: string): (authorization: string | undefined) => boolean {
  const expectedUser = sha256(ADMIN_USER);
  const expected = sha256(password);
  return (authorization) => {
    const given = basicCredentials(authorization);
    if (given === undefined) return false;
    const userOk = timingSafeEqual(sha256(given.user), expectedUser);
    const passwordOk = timingSafeEqual(sha256(given.password), expected);
    return userOk && passwordOk;
  };
}

/** User name and password of an `Authorization: Basic ...` header, or undefined when absent or malformed. */
export function basicCredentials(authorization: string | undefined): { user: string; password: string } | undefined {
  if (!authorization) return undefined;
  const m = /^Basic[ \t]+([A-Za-z0-9+/]+={0,2})[ \t]*$/i.exec(authorization);
  if (!m) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The password of an `Authorization: Basic ...` header, or undefined when absent or malformed. */
export function basicPassword(authorization: string | undefined): string | undefined {
  return basicCredentials(authorization)?.password;
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
