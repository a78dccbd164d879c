import { isIP } from 'node:net';

/**
 * Address rules the settings check at start-up and the request layer applies to each request
 * (http/client-address.ts): pure functions of a string, so the settings need no request code.
 */

/** Folds IPv4-mapped IPv6 (::ffff:1.2.3.4) into plain IPv4 so one client has one spelling. */
export function normalizeIp(address: string): string {
  const a = address.trim().toLowerCase();
  return a.startsWith('::ffff:') && isIP(a.slice(7)) === 4 ? a.slice(7) : a;
}

/** True for 127.0.0.0/8 and ::1, the addresses only this machine can connect from. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = normalizeIp(address);
  return a === '::1' || (isIP(a) === 4 && a.startsWith('127.'));
}
