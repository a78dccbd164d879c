import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { serverFailed } from '../messages/server.js';
import { adminApiRoutes } from './admin-api/index.js';
import { adminGuard } from './auth/guard.js';
import { fallbackFormPage } from './contact/reply.js';
import { contactRoutes } from './contact/routes.js';
import { apiError, isApiPath } from './http/api-error.js';
import { trustedSet } from './http/client.js';
import { normalizeOrigin } from './http/origin.js';
import { pathGuard } from './http/path-guard.js';
import { createRateLimiter } from './http/rate-limit.js';
import { contentSecurityPolicy, mutableHeaders, securityHeaders } from './http/security-headers.js';
import { errorFields, silentLogger } from './logger.js';
import { messageRoutes } from './messages/messages-routes.js';
import { notFound, siteRoutes } from './site/routes.js';
import { prepareSite } from './site/site-files.js';
import type { AppDeps, AppEnv } from './types.js';

/**
 * The clinic server as a Hono app: the rendered site from memory, the public contact API, the
 * password-protected admin API. No port, no process: serve.ts listens, tests call app.request().
 *
 * Order matters and is the security design: security headers wrap everything; the path guard
 * settles what the path is; the admin guard decides on that path before any route runs, so every
 * route mounted below it (the admin API included) is behind it.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { server } = deps;
  const now = deps.now ?? (() => new Date());
  const logger = deps.logger ?? silentLogger;
  const trusted = trustedSet(server.trustProxy);
  const site = prepareSite(deps.files);
  const publicOrigin = server.publicUrl ? normalizeOrigin(server.publicUrl) : undefined;
  const extraHosts = publicOrigin ? [new URL(publicOrigin).host] : [];
  // A site whose contact form posts to another server must be allowed to connect and post there.
  const endpointOrigin = normalizeOrigin(deps.clinic.contactEndpoint);
  const csp = contentSecurityPolicy(endpointOrigin ? [endpointOrigin] : []);
  const allowed = new Set(server.corsOrigins.map((o) => normalizeOrigin(o)).filter((o): o is string => o !== undefined));

  const app = new Hono<AppEnv>();
  // Outermost, so it runs last: a route that asked for a stricter policy (c.set('csp'), used for
  // uploaded files) gets it, after securityHeaders has put the site policy on every response.
  app.use(async (c, next) => {
    await next();
    const own = c.get('csp');
    if (own) mutableHeaders(c).set('Content-Security-Policy', own);
  });
  app.use(securityHeaders({ csp, trusted }));
  app.use(pathGuard());
  app.use(adminGuard({ adminPassword: server.adminPassword, trusted, extraHosts }));

  app.route(
    '/',
    contactRoutes({
      store: deps.store,
      now,
      limiter: createRateLimiter({ limit: server.rateLimit, now: () => now().getTime() }),
      policy: { allowed, trusted, extraHosts },
      maxBodyBytes: server.maxBodyBytes,
      renderFormPage: deps.renderFormPage ?? fallbackFormPage,
      logger,
      onMessageStored: deps.onMessageStored,
    }),
  );
  app.route('/', messageRoutes(deps.store, now));
  app.route(
    '/',
    adminApiRoutes({ clinic: deps.clinic, dataDir: server.dataDir, urlTemplate: server.urlTemplate, publicOrigin, releases: deps.releases }),
  );
  app.route('/', siteRoutes(site));

  app.notFound((c) => notFound(c, site));
  app.onError((err, c) => {
    if (err instanceof HTTPException) return err.getResponse();
    logger.error('request.failed', { method: c.req.method, path: c.get('path'), ...errorFields(err) });
    return isApiPath(c.get('path') ?? '') ? apiError(c, 500, { error: serverFailed }) : c.text(serverFailed.title, 500);
  });
  return app;
}
