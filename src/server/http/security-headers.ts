import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types.js';
import { isHttps } from './client.js';

/**
 * Headers every response carries, errors and redirects included. Pages ship no inline script
 * (script-src 'self'); each page has a one-line <style> with the brand colour, hence
 * style-src 'unsafe-inline'. JSON-LD blocks are data, not script, so CSP does not touch them.
 */
export function contentSecurityPolicy(extraOrigins: readonly string[] = [], self = "'self'"): string {
  const extra = extraOrigins.length ? ` ${extraOrigins.join(' ')}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // Logos may be absolute https URLs (logoUrl in the config).
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src ${self}${extra}`,
    `form-action ${self}${extra}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Adds CSP, nosniff, referrer policy, frame protection and, over https, HSTS. */
export function securityHeaders(opts: { csp: string; trusted: ReadonlySet<string> }): MiddlewareHandler<AppEnv> {
  const fixed: [string, string][] = [
    ['Content-Security-Policy', opts.csp],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
  const hsts = 'max-age=31536000; includeSubDomains';
  return async (c, next) => {
    // Set before the handler so responses built with c.body()/c.json() carry them from the start.
    for (const [k, v] of fixed) c.header(k, v);
    // HSTS over plain http is ignored by browsers and would be a lie; only send it over TLS.
    const https = isHttps(c, opts.trusted);
    if (https) c.header('Strict-Transport-Security', hsts);
    await next();
    if (c.res.headers.get('Content-Security-Policy') === opts.csp) return;
    // A response built some other way (new Response, an HTTPException) lacks them.
    const h = mutableHeaders(c);
    for (const [k, v] of fixed) h.set(k, v);
    if (https) h.set('Strict-Transport-Security', hsts);
  };
}

/**
 * The response's headers, ready to change: a Response with immutable headers (Response.redirect)
 * is copied once. Probes by setting nosniff, which every response carries anyway.
 */
export function mutableHeaders(c: Context): Headers {
  try {
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
  } catch {
    c.res = new Response(c.res.body, c.res);
  }
  return c.res.headers;
}

/**
 * The policy of a generated site served from this server's own origin (/sites/<name>/, previews,
 * a deployment's domain): its pages may only talk to the contact API, so a page in a deployed
 * site can never call the admin API with the operator's credentials.
 */
export function hostedSitePolicy(origin: string): string {
  return contentSecurityPolicy([], `${origin}/api/contact`);
}
