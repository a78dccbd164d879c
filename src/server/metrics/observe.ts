import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { isProtectedPath, ruleFor } from '../auth/index.js';
import type { AppEnv } from '../http/app-env.js';
import { clientAddress } from '../http/client-address.js';
import { mutableHeaders } from '../http/security-headers.js';
import type { Logger } from '../log/logger.js';
import type { Metrics } from './registry.js';

/**
 * The outermost middleware of both listeners (issue 26): counts and times every request for
 * /metrics and writes the access log, one JSON line a request: time, method, route template,
 * status, bytes, duration, client address, request id (echoed in X-Request-Id). Never a query
 * string or a body. A patient's address beside a clinic's contact route identifies them, so on
 * public routes (site pages, contact) it is cut to its network (IPv4 /24, IPv6 /48); on admin
 * routes it is kept whole (the audit trail keeps it too).
 */
export interface ObserveOptions {
  listener: 'admin' | 'sites';
  metrics: Metrics;
  logger: Logger;
  /** ACCESS_LOG: on unless turned off. */
  accessLog: boolean;
  trusted: ReadonlySet<string>;
}

/** An incoming request id is kept only when short and plain; anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Deploys and builds are told apart by the audit action of their route (auth/permissions.ts, the
 * one table of admin routes), never by a second list of paths.
 */
const DEPLOY_KINDS: Record<string, 'deploy' | 'rollback' | 'delete'> = {
  'site.deploy': 'deploy',
  'city.deploy': 'deploy',
  'deployment.rollback': 'rollback',
  'deployment.delete': 'delete',
  'city.rollback': 'rollback',
  'city.site_delete': 'delete',
};
const BUILD_KINDS: Record<string, string> = {
  'site.generate': 'generate',
  'site.preview': 'preview',
  'site.package': 'package',
  'site.deploy': 'deploy',
  'city.deploy': 'deploy',
};

export function observe(o: ObserveOptions): MiddlewareHandler<AppEnv> {
  const { metrics } = o;
  // The series of each method, route and status, made once: prom-client hashes the labels on
  // every call otherwise (about 2 us a request). Bounded, as the labels are.
  const series = new Map<string, { count: { inc(): void }; time: { observe(v: number): void } }>();
  const seriesOf = (method: string, route: string, status: number) => {
    const key = `${method} ${route} ${status}`;
    let s = series.get(key);
    if (!s) {
      s = {
        count: metrics.requests.labels({ listener: o.listener, method, route, status: String(status) }),
        time: metrics.duration.labels({ listener: o.listener, method, route }),
      };
      series.set(key, s);
    }
    return s;
  };
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const id = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    // Bytes sent are read off the socket once the answer is out (headers and body, as a web
    // server's access log counts them): one request at a time on a connection.
    const socket = c.env?.outgoing?.socket;
    const bytesBefore = socket?.bytesWritten ?? 0;
    await next();
    const seconds = (performance.now() - started) / 1000;
    mutableHeaders(c).set('X-Request-Id', id);
    const method = c.req.method;
    const route = routeTemplate(c);
    const status = c.res.status;
    const one = seriesOf(method, route, status);
    one.count.inc();
    one.time.observe(seconds);
    const path = c.get('path') ?? new URL(c.req.url).pathname;
    // A refusal of the caller (no session, another role) is no deploy and no build.
    if (method !== 'GET' && method !== 'HEAD' && status !== 401 && status !== 403) {
      const action = ruleFor(method, path)?.rule.action ?? '';
      const deploy = DEPLOY_KINDS[action];
      if (deploy) metrics.deploys.inc({ kind: deploy, outcome: status < 400 ? 'ok' : 'failed' });
      const build = BUILD_KINDS[action];
      if (build && status < 400) metrics.deployDuration.observe({ kind: build }, seconds);
    }
    if (!o.accessLog) return;
    const admin = isProtectedPath(path, method);
    const address = clientAddress(c, o.trusted);
    const client = admin ? address : network(address);
    const ms = Math.round(seconds * 10_000) / 10;
    // Every value is ours or checked (a route template, an HTTP method token, an address, a plain
    // request id), so the line is written as it is, without an object to stringify.
    const line = (bytes: number | undefined) =>
      o.logger.infoLine
        ? o.logger.infoLine(
            (time) =>
              `{"time":"${time}","level":"info","event":"http.request","listener":"${o.listener}","method":${JSON.stringify(method)},"route":${JSON.stringify(route)},"status":${status}${bytes === undefined ? '' : `,"bytes":${bytes}`},"ms":${ms},"client":${JSON.stringify(client)},"requestId":"${id}"}`,
          )
        : o.logger.info('http.request', { listener: o.listener, method, route, status, bytes, ms, client, requestId: id });
    const outgoing = c.env?.outgoing;
    if (outgoing && socket) {
      // 'close' comes once the answer is sent or the connection dropped, whichever happens.
      outgoing.once('close', () => line(Math.max(0, socket.bytesWritten - bytesBefore)));
      return;
    }
    // No socket (app.request in tests): what the headers say.
    const length = c.res.headers.get('content-length');
    line(length === null ? undefined : Number(length));
  };
}

/**
 * The route template that answered: the handler's path, or, when middleware answered (the admin
 * guard refusing, the host guard), the admin rule's path; never the raw path.
 */
export function routeTemplate(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c);
  const answered = routes[c.req.routeIndex];
  if (answered && answered.method !== 'ALL') return answered.path;
  const path = c.get('path');
  const rule = path ? ruleFor(c.req.method, path) : undefined;
  if (rule) return rule.rule.path;
  return c.res.status === 404 ? 'not_found' : 'refused';
}

/** An address cut to its network: IPv4 to its /24, IPv6 to its /48; anything else unknown. */
export function network(address: string): string {
  if (isIP(address) === 4) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIP(address) === 6) {
    const full = expandIpv6(address);
    return `${full.slice(0, 3).join(':')}::/48`;
  }
  return 'unknown';
}

function expandIpv6(address: string): string[] {
  const [head, tail] = address.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array.from({ length: 8 - h.length - t.length }, () => '0');
  return [...h, ...fill, ...t].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}
