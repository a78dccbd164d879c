import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { normalizeIp } from '../settings/addresses.js';

// The address rules the settings read too, kept with them (the settings sit below the request layer).
export { isLoopback, normalizeIp } from '../settings/addresses.js';

/**
 * Who is on the other end of a request. The socket's peer address is the truth; X-Forwarded-For
 * and X-Forwarded-Proto are believed only when that peer is a configured proxy, since anyone can
 * send those headers.
 */

/** Expands `loopback` and normalises the TRUST_PROXY list into a set of addresses. */
export function trustedSet(list: readonly string[]): ReadonlySet<string> {
  const out = new Set<string>();
  for (const item of list) {
    if (item === 'loopback') ['127.0.0.1', '::1'].forEach((a) => out.add(a));
    else out.add(normalizeIp(item));
  }
  return out;
}

/** The socket's peer, or undefined when there is no socket (app.request in tests). */
export function peerAddress(c: Context): string | undefined {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normalizeIp(address) : undefined;
  } catch {
    return undefined;
  }
}

/** The client's address: the peer, or the right-most untrusted X-Forwarded-For entry behind a trusted proxy. */
export function clientAddress(c: Context, trusted: ReadonlySet<string>): string {
  const peer = peerAddress(c) ?? 'unknown';
  if (!trusted.has(peer)) return peer;
  const chain = (c.req.header('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  // Walk from the right: each trusted proxy appended the address it saw; the first untrusted one
  // was written by our own proxy and cannot be forged by the client.
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = normalizeIp(chain[i]!);
    if (!isIP(hop)) return peer;
    if (!trusted.has(hop)) return hop;
  }
  return peer;
}

/**
 * True when the client reached us over TLS, directly or through a trusted proxy. For a request
 * line read from a socket, only the socket says TLS: the scheme of the request's URL is the
 * client's to write (a request line in absolute form, `POST https://host/api/session HTTP/1.1`,
 * over plain TCP), and believing it let any client sign in over plain http. Without a request
 * line (app.request in tests), the URL is all there is.
 */
export function isHttps(c: Context, trusted: ReadonlySet<string>): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming?.url !== undefined ? (incoming.socket as TLSSocket).encrypted === true : c.req.url.startsWith('https:')) return true;
  if (trusted.size === 0) return false;
  const peer = peerAddress(c);
  if (peer === undefined || !trusted.has(peer)) return false;
  const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return proto === 'https';
}

/** The key a client is rate-limited under: the IPv4 address, or the /64 prefix of an IPv6 one (one host usually owns a /64). */
export function rateKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
