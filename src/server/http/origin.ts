import type { Context } from 'hono';
import { isHttps } from './client.js';
import type { AppEnv } from '../types.js';

/**
 * Where a contact post comes from, and whether we take it. Same-origin posts and posts without an
 * Origin (curl, server-to-server) are fine; a browser post from another site is taken only from
 * the configured city-site origins (CORS_ORIGINS), which also get CORS headers with credentials
 * (the spec's client sends credentials on every call).
 */
export type OriginVerdict =
  | { ok: true; site: string; corsOrigin?: string }
  | { ok: false };

export interface OriginPolicy {
  allowed: ReadonlySet<string>;
  trusted: ReadonlySet<string>;
  extraHosts: readonly string[];
}

/** Normalises `https://Tampa.example.com/` to `https://tampa.example.com`; undefined if not an http(s) origin. */
export function normalizeOrigin(value: string): string | undefined {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
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

/** Decides whether a contact post's Origin is acceptable and which site it counts for. */
export function checkOrigin(c: Context<AppEnv>, policy: OriginPolicy): OriginVerdict {
  const origin = c.req.header('origin');
  const host = c.req.header('host') ?? 'unknown-host';
  if (origin === undefined) return { ok: true, site: `${isHttps(c, policy.trusted) ? 'https' : 'http'}://${host}`.slice(0, 300) };
  const normalized = normalizeOrigin(origin);
  if (normalized === undefined) return { ok: false };
  if (isSameHost(normalized, host, policy.extraHosts)) return { ok: true, site: normalized };
  if (policy.allowed.has(normalized)) return { ok: true, site: normalized, corsOrigin: normalized };
  return { ok: false };
}

/** Headers that let an allowed origin read the answer. */
export function corsHeaders(origin: string): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    Vary: 'Origin',
  };
}

/** Answer to the browser's preflight of a cross-origin JSON post. */
export function preflight(c: Context<AppEnv>, policy: OriginPolicy): Response {
  const verdict = checkOrigin(c, policy);
  if (!verdict.ok || !verdict.corsOrigin) return c.body(null, 403, { Vary: 'Origin' });
  return c.body(null, 204, {
    ...corsHeaders(verdict.corsOrigin),
    'Access-Control-Allow-Methods': 'POST, OPTIONS',
    'Access-Control-Allow-Headers': 'Content-Type, Idempotency-Key',
    'Access-Control-Max-Age': '600',
  });
}
