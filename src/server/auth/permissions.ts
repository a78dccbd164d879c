import type { Context } from 'hono';
import type { Actor, AppEnv } from '../http/app-env.js';
import type { Role } from './store.js';

/**
 * Who may call which admin route, and what the audit trail records of it: one table for the
 * whole admin (docs/decisions/017-staff-accounts.md). The admin guard looks every protected
 * request up here before any route runs; a protected route the table does not know is the
 * owner's alone, and test/server/route-permissions.test.ts fails for any route of the router
 * that is missing here.
 */
export type Permission =
  /** No session needed: the sign-in page and its calls. */
  | 'public'
  /** A session at any stage (finishing a sign-in, signing out). */
  | 'any-session'
  /** Any account signed in fully. */
  | 'signed-in'
  | 'sites.read'
  | 'sites.write'
  | 'messages.counts'
  | 'messages.read'
  | 'owner';

export const GRANTS: Record<Role, ReadonlySet<Permission>> = {
  owner: new Set<Permission>(['signed-in', 'sites.read', 'sites.write', 'messages.counts', 'messages.read', 'owner']),
  editor: new Set<Permission>(['signed-in', 'sites.read', 'sites.write', 'messages.counts']),
  frontdesk: new Set<Permission>(['signed-in', 'sites.read', 'messages.counts', 'messages.read']),
};

export interface RouteRule {
  /** HTTP methods; GET rules also cover HEAD. */
  methods: readonly string[];
  /** A Hono-style path: `:name` is one segment, a trailing `*` anything. */
  path: string;
  permission: Permission;
  /** The audit action this route records, when it records one. */
  action?: string;
  /** Where the city it concerns is: a path parameter, or the `site` query. */
  city?: { param: string } | { query: string };
  /**
   * The handler keeps a front desk to its cities itself (the inbox: a list covers the cities in
   * scope, a message's city is known once it is read) and names the record's city (`auditCity`).
   */
  scopedByHandler?: boolean;
}

const r = (methods: string | string[], path: string, permission: Permission, action?: string, city?: RouteRule['city']): RouteRule => ({
  methods: Array.isArray(methods) ? methods : [methods],
  path,
  permission,
  action,
  city,
});
const inbox = (method: string, path: string, action?: string): RouteRule => ({ ...r(method, path, 'messages.read', action), scopedByHandler: true });
const slug = { param: 'slug' } as const;
const siteName = { param: 'siteName' } as const;
const site = { query: 'site' } as const;

export const ROUTE_RULES: readonly RouteRule[] = [
  // The admin page itself shows the sign-in page to anyone; its data come from the API below.
  r('GET', '/admin', 'public'),
  r('GET', '/admin/', 'public'),
  r('GET', '/admin/assets/*', 'public'),
  r('GET', '/admin/preview/*', 'sites.read'),
  // Signing in, out, and the first owner (auth/routes.ts records these itself).
  r('GET', '/api/session', 'public'),
  r('POST', '/api/session', 'public'),
  r('POST', '/api/setup', 'public'),
  r('DELETE', '/api/session', 'any-session'),
  r('POST', '/api/session/totp', 'any-session'),
  r('POST', '/api/session/totp/enrol', 'any-session'),
  r('POST', '/api/session/totp/confirm', 'any-session'),
  r('PUT', '/api/session/password', 'signed-in', 'account.password'),
  // Forgot password: asked for and used before signing in (auth/reset-routes.ts records these itself).
  r('GET', '/api/password-reset', 'public'),
  r('POST', '/api/password-reset', 'public'),
  r('POST', '/api/password-reset/complete', 'public'),
  // Accounts, tokens and the trail: the owner's.
  r('GET', '/api/accounts', 'owner'),
  r('POST', '/api/accounts', 'owner', 'account.create'),
  r('PATCH', '/api/accounts/:id', 'owner', 'account.update'),
  r('GET', '/api/tokens', 'owner'),
  r('POST', '/api/tokens', 'owner', 'token.create'),
  r('DELETE', '/api/tokens/:id', 'owner', 'token.revoke'),
  r('GET', '/api/audit', 'owner'),
  r('GET', '/api/audit.csv', 'owner', 'audit.export'),
  // The server's counters: the owner, or the scraper's own token (guard.ts).
  r('GET', '/metrics', 'owner'),
  // Patients' messages: reading one or a list shows patient data, so every read is recorded. The
  // full list is the owner's (the spec's API); everyone else reads messages in the inbox (issue 37 item 3).
  r('GET', '/api/messages', 'owner', 'message.list', site),
  r('GET', '/api/messages.csv', 'owner', 'message.export', site),
  // The inbox's export of its current filter (issue 37 item 7): the owner's, recorded with the filter and the count.
  r('GET', '/api/inbox.csv', 'owner', 'message.export'),
  r('GET', '/api/messages/by-city', 'messages.counts'),
  r('GET', '/api/messages/refusals', 'messages.counts'),
  // The inbox (leads/inbox-routes.ts): every read of a message and every change is recorded.
  inbox('GET', '/api/inbox', 'message.list'),
  // A city's page: counts by status, no message. Status is the inbox's work, so its readers'; an
  // editor keeps the per-city totals of /api/messages/by-city.
  inbox('GET', '/api/inbox/counts'),
  inbox('POST', '/api/inbox/search', 'message.search'),
  inbox('GET', '/api/inbox/assignees'),
  // Bulk changes (issue 37 item 7): each id is kept to the actor's cities by the handler, as one message is.
  inbox('POST', '/api/inbox/bulk', 'message.bulk'),
  // The live inbox (leads/inbox-events.ts): notices and presence, never a patient's data, so not recorded.
  inbox('GET', '/api/inbox/events'),
  inbox('PUT', '/api/inbox/presence'),
  inbox('GET', '/api/inbox/:id', 'message.read'),
  inbox('PUT', '/api/inbox/:id/status', 'message.status'),
  inbox('PUT', '/api/inbox/:id/assignee', 'message.assign'),
  inbox('POST', '/api/inbox/:id/notes', 'message.note'),
  r('DELETE', '/api/inbox/:id', 'owner', 'message.delete'),
  r('GET', '/api/settings/retention', 'owner'),
  r('PUT', '/api/settings/retention', 'owner', 'retention.set'),
  // Cities and their sites.
  // Brand settings (brand/routes.ts): what a new city starts with; kept in the store, written out to <data>/brand.yaml.
  r('GET', '/api/brand', 'sites.read'),
  r('PUT', '/api/brand', 'sites.write', 'brand.save'),
  // The brand site (brand-site/routes.ts): deployed, previewed and downloaded as a city is.
  r('GET', '/api/brand-site', 'sites.read'),
  r('POST', '/api/brand-site/preview', 'sites.write', 'brand_site.preview'),
  r('POST', '/api/brand-site/package', 'sites.write', 'brand_site.package'),
  r('POST', '/api/brand-site/deploy', 'sites.write', 'brand_site.deploy'),
  r('POST', '/api/brand-site/releases/:id/live', 'sites.write', 'brand_site.rollback'),
  r('GET', '/api/cities', 'sites.read'),
  // The doorway check of the saved cities (issue 23 item 6): read-only, as reading the cities is.
  r('GET', '/api/doorway-check', 'sites.read'),
  r('POST', '/api/cities', 'sites.write', 'city.create'),
  r('POST', '/api/cities/import', 'sites.write', 'city.import'),
  // What an import would do, nothing saved: the editor confirms from it (issue 39 item 2).
  r('POST', '/api/cities/import/plan', 'sites.write'),
  r('POST', '/api/cities/redeploy-all', 'sites.write', 'city.redeploy_all'),
  // What Redeploy all would do, nothing started (issue 39 item 5), and the history of its runs.
  r('POST', '/api/cities/redeploy-all/plan', 'sites.write'),
  r('GET', '/api/cities/redeploy-all/runs', 'sites.read'),
  // Special hours for several cities in one step (issue 39 item 9): the plan saves nothing; the save writes one record a city.
  r('POST', '/api/cities/special-hours/plan', 'sites.write'),
  r('POST', '/api/cities/special-hours', 'sites.write', 'city.special_hours'),
  r('GET', '/api/cities/:slug', 'sites.read', undefined, slug),
  r('PUT', '/api/cities/:slug', 'sites.write', 'city.save', slug),
  r('DELETE', '/api/cities/:slug', 'sites.write', 'city.delete', slug),
  // The trash (issue 39 item 1): deleted cities kept 30 days, restorable with their versions.
  r('GET', '/api/cities-trash', 'sites.read'),
  r('POST', '/api/cities-trash/:slug/restore', 'sites.write', 'city.undelete', slug),
  r('POST', '/api/cities/:slug/deploy', 'sites.write', 'city.deploy', slug),
  r('GET', '/api/cities/:slug/versions', 'sites.read', undefined, slug),
  r('GET', '/api/cities/:slug/versions/:version', 'sites.read', undefined, slug),
  // History (issue 39 item 1): compare two versions; Restore makes an earlier one the newest.
  r('GET', '/api/cities/:slug/compare', 'sites.read', undefined, slug),
  r('POST', '/api/cities/:slug/versions/:version/restore', 'sites.write', 'city.restore', slug),
  r('GET', '/api/cities/:slug/export', 'sites.read', undefined, slug),
  // A city's own releases (cities/release-routes.ts): a release of another city is refused.
  r('GET', '/api/cities/:slug/releases', 'sites.read', undefined, slug),
  r('POST', '/api/cities/:slug/releases/:id/live', 'sites.write', 'city.rollback', slug),
  r('DELETE', '/api/cities/:slug/releases/:id', 'sites.write', 'city.site_delete', slug),
  r('DELETE', '/api/cities/:slug/pin', 'sites.write', 'city.unpin', slug),
  r('GET', '/api/redeploys/:id', 'sites.read'),
  r('POST', '/api/generate-clinic-website', 'sites.write', 'site.generate'),
  r('POST', '/api/package-website', 'sites.write', 'site.package'),
  r('POST', '/api/previews', 'sites.write', 'site.preview'),
  r('POST', '/api/deploy-website', 'sites.write', 'site.deploy'),
  r('GET', '/api/deployments', 'sites.read'),
  r('DELETE', '/api/deployments/:siteName', 'sites.write', 'deployment.delete', siteName),
  r('POST', '/api/deployments/:siteName/rollback', 'sites.write', 'deployment.rollback', siteName),
  r('GET', '/api/deployments/:siteName/package', 'sites.write', 'deployment.download', siteName),
  // A picture a city names by its site path, shown in the editor (issue 39 item 3): read, as the city is.
  r('GET', '/api/site-picture', 'sites.read'),
  r('POST', '/api/upload-logo', 'sites.write', 'upload.logo'),
  r('POST', '/api/upload-photo', 'sites.write', 'upload.photo'),
];

interface Compiled {
  rule: RouteRule;
  re: RegExp;
  params: string[];
}

const compile = (rule: RouteRule): Compiled => {
  const params: string[] = [];
  const body = rule.path
    .split('/')
    .map((seg) => {
      if (seg === '*') return '.*';
      if (seg.startsWith(':')) {
        params.push(seg.slice(1));
        return '([^/]+)';
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { rule, re: new RegExp(`^${body}$`, 'i'), params };
};

// Literal paths before patterns, so `/api/cities/import` is never read as the city `import`.
const COMPILED = [...ROUTE_RULES]
  .sort((a, b) => Number(a.path.includes(':') || a.path.includes('*')) - Number(b.path.includes(':') || b.path.includes('*')))
  .map(compile);

export interface RouteMatch {
  rule: RouteRule;
  params: Record<string, string>;
}

/**
 * The rule of a request, or undefined when no rule names it (then only an owner may call it).
 * `path` is decoded already (the path guard's `path`), as the router's parameters are: decoding
 * it again threw on a `%` it holds (`/api/cities/%25zz`: a 500 with no access-log line), and read
 * `%2574ampa` as the city `tampa` where the route reads `%74ampa`.
 */
export function ruleFor(method: string, path: string): RouteMatch | undefined {
  const m = method === 'HEAD' ? 'GET' : method;
  for (const c of COMPILED) {
    if (!c.rule.methods.includes(m)) continue;
    const hit = c.re.exec(path);
    if (!hit) continue;
    return { rule: c.rule, params: Object.fromEntries(c.params.map((p, i) => [p, hit[i + 1]!])) };
  }
  return undefined;
}

/** Whether `actor` may make a call that needs `permission` (a rule-less route needs 'owner'). */
export function allowed(actor: Actor, permission: Permission): boolean {
  if (permission === 'public' || permission === 'any-session') return true;
  return GRANTS[actor.role].has(permission);
}

/** The city a request concerns, by its rule. */
export function cityOf(match: RouteMatch | undefined, c: Context<AppEnv>): string {
  const where = match?.rule.city;
  if (!where) return '';
  return 'param' in where ? (match.params[where.param] ?? '') : (c.req.query(where.query) ?? '');
}

/** Query keys the trail may show: ids and filters, never text a person typed. */
const SAFE_QUERY = new Set(['site', 'page', 'pageSize', 'version', 'actor', 'action', 'city', 'from', 'to', 'status', 'assignee']);

/** The object of a request for the trail: its path and its id-like query values. */
export function auditObject(c: Context<AppEnv>, path: string): string {
  const own = c.get('auditObject');
  const query = Object.entries(c.req.query())
    .filter(([k]) => SAFE_QUERY.has(k))
    .map(([k, v]) => `${k}=${v.slice(0, 64)}`)
    .join('&');
  return [path + (query ? `?${query}` : ''), own].filter(Boolean).join(' ');
}
