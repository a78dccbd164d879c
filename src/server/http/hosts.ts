import type { Context, MiddlewareHandler } from 'hono';
import { hostMisdirected } from '../../texts/server.js';
import type { ServerConfig } from '../settings/config.js';
import type { AppEnv } from './app-env.js';
import { textOf } from './api-error.js';
import { effectivePort } from './origin.js';

/**
 * The names each listener answers to (docs/threat-model.md). A web page on any site can make the
 * operator's browser send requests to 127.0.0.1 under the page's own host name (DNS rebinding:
 * the name resolves to the attacker, then to 127.0.0.1), and those requests are same-origin to
 * the page. Only the Host header tells them apart, so a request naming a host this server does
 * not own is refused before any route runs, whoever is signed in.
 */

/** A host this listener answers to: a lower-cased name, and the ports it may carry ('' = none). */
export interface HostRule {
  name: string;
  /** Absent: any port. */
  ports?: readonly string[];
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);

/** Splits a Host header value into its lower-cased name and port ('' when it has none). */
export function parseHost(value: string): { name: string; port: string } | undefined {
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(value.trim());
  return m ? { name: m[1]!.toLowerCase(), port: m[2] ?? '' } : undefined;
}

/** The rule for a URL setting (PUBLIC_URL, SITES_URL): its name, its port or none or the scheme's default. */
function urlRule(url: string): HostRule {
  const u = new URL(url);
  return { name: u.hostname.toLowerCase(), ports: u.port ? [u.port] : ['', effectivePort(u)] };
}

/** ALLOWED_HOSTS entries: `name` answers on any port, `name:port` on that one. */
function entryRule(entry: string): HostRule | undefined {
  const parsed = parseHost(entry);
  if (!parsed) return undefined;
  return parsed.port ? { name: parsed.name, ports: [parsed.port] } : { name: parsed.name };
}

/** The listening address as a host name, unless it is a wildcard (then no name is implied). */
function listeningName(host: string): string | undefined {
  const name = host.includes(':') && !host.startsWith('[') ? `[${host.toLowerCase()}]` : host.toLowerCase();
  return WILDCARDS.has(name) ? undefined : name;
}

/**
 * The fixed rules of a listener. Both: loopback names on the listener's port (or none, as a proxy
 * on port 80 or an in-process request sends them), the listening address, ALLOWED_HOSTS. The
 * admin adds PUBLIC_URL; the sites listener adds SITES_URL, and the deployed domains at request
 * time.
 */
export function hostRules(server: ServerConfig, listener: 'admin' | 'sites'): HostRule[] {
  const port = String(listener === 'admin' ? server.port : server.sitesPort);
  const rules: HostRule[] = LOOPBACK_NAMES.map((name) => ({ name, ports: [port, ''] }));
  const own = listeningName(server.host);
  if (own && !LOOPBACK_NAMES.includes(own)) rules.push({ name: own, ports: [port, ''] });
  if (listener === 'admin' && server.publicUrl) rules.push(urlRule(server.publicUrl));
  if (listener === 'sites' && server.sitesUrl) rules.push(urlRule(server.sitesUrl));
  for (const entry of server.allowedHosts) {
    const rule = entryRule(entry);
    if (rule) rules.push(rule);
  }
  return rules;
}

/** True when `host` (a Host header value) matches a rule, or its name is one of `names` (any port). */
export function hostAllowed(rules: readonly HostRule[], host: string, names?: ReadonlyMap<string, unknown>): boolean {
  const parsed = parseHost(host);
  if (!parsed) return false;
  if (names?.has(parsed.name)) return true;
  return rules.some((r) => r.name === parsed.name && (!r.ports || r.ports.includes(parsed.port)));
}

/**
 * The hosts a request names: its URL's (what routes and links read; @hono/node-server takes it from
 * the Host header, or from an absolute-form request line) and the Host header when there is one
 * (in-process requests, app.request, carry none).
 */
export function requestHosts(c: Context): string[] {
  const header = c.req.header('host');
  const url = urlHost(c.req.url);
  return header === undefined || header.toLowerCase() === url ? [url] : [url, header];
}

/** The host of an absolute URL, lower-cased; sliced out rather than parsed on the common path (every request pays for it). */
function urlHost(url: string): string {
  const start = url.indexOf('://') + 3;
  let end = start;
  while (end < url.length && url[end] !== '/' && url[end] !== '?' && url[end] !== '#') end++;
  const host = url.slice(start, end);
  return host === '' || host.includes('@') || host.includes('\\') ? new URL(url).host : host.toLowerCase();
}

/**
 * Middleware: refuses (421 Misdirected Request, plain text, no-store) a request whose hosts are
 * not all this listener's. `names` adds host names known at request time (deployed domains).
 */
export function hostGuard(rules: readonly HostRule[], names?: () => Promise<ReadonlyMap<string, unknown>>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const hosts = requestHosts(c);
    if (hosts.every((h) => hostAllowed(rules, h))) return next();
    if (names) {
      const known = await names();
      if (hosts.every((h) => hostAllowed(rules, h, known))) return next();
    }
    return c.text(textOf(hostMisdirected), 421, { 'Cache-Control': 'no-store' });
  };
}

/**
 * The origin of the sites listener as links name it: SITES_URL; else the listening address on the
 * sites port; else, listening on every address, the host name the admin was reached at (already
 * checked by hostGuard), or undefined without a request.
 */
export function sitesOrigin(server: ServerConfig, requestUrl?: string): string | undefined {
  if (server.sitesUrl) return new URL(server.sitesUrl).origin;
  const own = listeningName(server.host);
  if (own) return `http://${own}:${server.sitesPort}`;
  if (!requestUrl) return undefined;
  const u = new URL(requestUrl);
  return `${u.protocol}//${u.hostname}:${server.sitesPort}`;
}

/**
 * Whether a browser Origin is the sites listener's, the origin all deployments share: SITES_URL's,
 * or `http(s)://<name>:<sites port>` for any name the sites listener answers to (loopback, the
 * listening address, ALLOWED_HOSTS). Listening on every address, a visitor may reach the sites by
 * any of those names (`clinic.lan`, a LAN address), so no single origin can be named at start-up.
 * Deployed domains are not among them: each speaks for its own site (leads/site-directory.ts).
 */
export function sitesOriginTest(server: ServerConfig): (origin: string) => boolean {
  const rules = hostRules(server, 'sites');
  const named = server.sitesUrl ? new URL(server.sitesUrl).origin : undefined;
  const port = String(server.sitesPort);
  return (origin) => {
    if (origin === named) return true;
    let u: URL;
    try {
      u = new URL(origin);
    } catch {
      return false;
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
    return effectivePort(u) === port && hostAllowed(rules, `${u.hostname}:${port}`);
  };
}

/**
 * Host names a deployment may not claim as its domain: the names this server answers to as the
 * admin or as the sites listener (its own pages would be replaced by the deployed site's).
 */
export function reservedHostNames(server: ServerConfig, requestUrl: string): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  for (const url of [server.publicUrl, server.sitesUrl, requestUrl]) if (url) names.add(new URL(url).hostname.toLowerCase());
  const own = listeningName(server.host);
  if (own) names.add(own);
  for (const entry of server.allowedHosts) {
    const rule = entryRule(entry);
    if (rule) names.add(rule.name);
  }
  return names;
}
