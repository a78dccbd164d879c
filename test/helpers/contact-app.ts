import { Hono } from 'hono';
import { trustedSet } from '../../src/server/http/client-address.js';
import { createRateLimiter } from '../../src/server/rate-limits/store.js';
import { silentLogger } from '../../src/server/log/logger.js';
import { adminFormConfig, fromAddress, memoryRefusalStore, memoryStore, testConfig } from './server-app.js';
import { createRefusalLog } from '../../src/server/leads/refusals.js';
import type { AppEnv } from '../../src/server/http/app-env.js';
import type { MessageStore } from '../../src/server/leads/store.js';
import { fallbackFormPage } from '../../src/server/leads/reply.js';
import { contactRoutes } from '../../src/server/leads/contact-routes.js';
import { createSiteDirectory, type Deployment, type StoredSite } from '../../src/server/leads/site-directory.js';

/**
 * Test plumbing, not imported by production code. The contact routes alone, for their tests: the home clinic is Wesley Chapel at
 * https://clinic.example.com (PUBLIC_URL); the sites origin is https://sites.example.com; deployed
 * are Tampa (domain tampa.example.com, with its config) and Lakeland (no domain, no config); saved
 * cities (CityStore) are the ones a test pushes to `stored`.
 */
export const HOME_ORIGIN = 'https://clinic.example.com';
export const SITES_ORIGIN = 'https://sites.example.com';

export function tampaDeployment(): Deployment {
  return { siteName: 'tampa', release: { city: 'Tampa', domainName: 'tampa.example.com', config: adminFormConfig({ domainName: 'tampa.example.com', contactEndpoint: `${HOME_ORIGIN}/api/contact` }) } };
}

export interface ContactTestOptions {
  rateLimit?: number;
  trustProxy?: string[];
  /** The listener of deployed sites. */
  hosted?: boolean;
  /** Where messages are stored: a real store (SQLite, PostgreSQL); absent, one in memory. */
  store?: MessageStore;
}

export function contactTestApp(o: ContactTestOptions = {}) {
  const memory = memoryStore();
  const store = o.store ?? memory;
  let clock = Date.UTC(2025, 4, 1, 12, 0, 0);
  const deployments: Deployment[] = [tampaDeployment(), { siteName: 'lakeland', release: { city: 'Lakeland' } }];
  const stored: StoredSite[] = [];
  let reads = 0;
  const directory = createSiteDirectory({
    home: testConfig(),
    publicOrigin: HOME_ORIGIN,
    isSitesOrigin: (origin) => origin === SITES_ORIGIN,
    sitesPort: 443,
    deployments: async () => {
      reads++;
      return [...deployments];
    },
    cities: async () => [...stored],
    now: () => clock,
  });
  const refusalStore = memoryRefusalStore();
  const logs: { event: string; fields: Record<string, unknown> }[] = [];
  const logger = { ...silentLogger, warn: (event: string, fields: Record<string, unknown> = {}) => void logs.push({ event, fields }) };
  const refusals = createRefusalLog({ store: refusalStore, logger, now: () => new Date(clock), flushMs: 60_000 });
  const app = new Hono<AppEnv>().route(
    '/',
    contactRoutes({
      store,
      now: () => new Date(clock),
      limiter: createRateLimiter({ limit: o.rateLimit ?? 0, now: () => clock }),
      failedLimiter: createRateLimiter({ limit: (o.rateLimit ?? 0) * 4, now: () => clock }),
      refusals,
      directory,
      trusted: trustedSet(o.trustProxy ?? []),
      extraHosts: o.hosted ? ['sites.example.com'] : ['clinic.example.com'],
      hosted: o.hosted,
      maxBodyBytes: 32 * 1024,
      renderFormPage: fallbackFormPage,
      logger,
    }),
  );
  const host = o.hosted ? 'sites.example.com' : 'clinic.example.com';
  const post = (body: unknown, headers: Record<string, string> = {}, from = '198.51.100.7') =>
    app.request(
      '/api/contact',
      { method: 'POST', headers: { 'Content-Type': 'application/json', Host: host, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) },
      fromAddress(from),
    );
  const formPost = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    post(new URLSearchParams(fields).toString(), { 'Content-Type': 'application/x-www-form-urlencoded', ...headers });
  const preflight = (origin: string) =>
    app.request('/api/contact', { method: 'OPTIONS', headers: { Host: host, Origin: origin, 'Access-Control-Request-Method': 'POST' } });
  return { app, store: memory, post, formPost, preflight, directory, deployments, stored, refusals, refusalStore, logs, reads: () => reads, tick: (ms: number) => (clock += ms) };
}
