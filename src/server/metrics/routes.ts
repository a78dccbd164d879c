import { timingSafeEqual, createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { Metrics } from './registry.js';

/**
 * GET /metrics in Prometheus's text format (issue 26), on the admin listener. The admin guard lets
 * through an owner signed in, and a scraper sending `Authorization: Bearer $METRICS_TOKEN`
 * (auth/guard.ts); everyone else gets its 401 or 403.
 */
export function metricsRoutes(metrics: Metrics): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/metrics', async (c) => c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType }));
  return app;
}

/** Whether an Authorization header carries the scraper's token (compared in constant time). */
export function isScraper(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || !authorization) return false;
  const given = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization)?.[1];
  if (!given) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b);
}
