import { normalizeOrigin } from '../settings/origin.js';

// Origins: the same-host and same-origin checks of contact and the admin. Normalizing one is the
// settings' rule (they check PUBLIC_URL and CORS_ORIGINS with it), offered here to the request layer too.
export { normalizeOrigin } from '../settings/origin.js';

/** The port a URL reaches: its own, or its scheme's default (443 for https, 80 for http). */
export function effectivePort(u: URL): string {
  return u.port || (u.protocol === 'https:' ? '443' : '80');
}

/** True when `origin` names this server (by Host header, or one of `extraHosts`): the same-host check
 * of contact posts, where a page on either scheme of our own name may post. The admin uses
 * isSameOrigin. */
export function isSameHost(origin: string, host: string | undefined, extraHosts: readonly string[] = []): boolean {
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return false; // 'null' and garbage
  }
  return (host !== undefined && originHost === host.toLowerCase()) || extraHosts.includes(originHost);
}

/**
 * True when `origin` is exactly this server's origin, scheme, host and port: `scheme` (as the client
 * reached us, see isHttps) with the Host header, or one of `extraOrigins` (PUBLIC_URL). The admin's
 * same-origin check: a page of another scheme on our name (a hosted site behind a proxy that routes
 * by scheme) is another origin, and must not use the admin with the operator's credentials.
 */
export function isSameOrigin(origin: string, self: { scheme: 'http' | 'https'; host: string | undefined }, extraOrigins: readonly string[] = []): boolean {
  let u: URL;
  try {
    u = new URL(origin);
  } catch {
    return false; // 'null' and garbage
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  if (self.host !== undefined && u.protocol === `${self.scheme}:` && u.host === self.host.toLowerCase()) return true;
  return extraOrigins.some((o) => normalizeOrigin(o) === u.origin);
}
