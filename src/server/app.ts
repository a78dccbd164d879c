import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { adminGuard } from './auth/guard.js';
import { messageRoutes } from './messages/messages-routes.js';
import { normalizeOrigin } from './http/origin.js';
import { createRateLimiter } from './http/rate-limit.js';
import { fallbackFormPage } from './contact/reply.js';
import { contactRoutes } from './contact/routes.js';
import { trustedSet } from './http/client.js';
import { pathGuard } from './http/path-guard.js';
import { contentSecurityPolicy, mutableHeaders, securityHeaders } from './http/security-headers.js';
import { errorFields, silentLogger } from './logger.js';
import { notFound, siteRoutes } from './site/routes.js';
import { prepareSite } from './site/site-files.js';
import { DEFAULT_OPTIONS, type AppDeps, type AppEnv, type AppOptions } from './types.js';

/**
 * The clinic server as a Hono app: the rendered site from memory, the public contact API, the
 * password-protected admin API. No port, no process: start.ts listens, tests call app.request().
 *
 * Order matters and is the security design: security headers wrap everything; the path guard
 * settles what the path is; the admin guard decides on that path before any route runs.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  // An option given as undefined keeps its default.
  const given = Object.fromEntries(Object.entries(deps.options ?? {}).filter(([, v]) => v !== undefined));
  const options: AppOptions = { ...DEFAULT_OPTIONS, ...given };
  const now = deps.now ?? (() => new Date());
  const logger = deps.logger ?? silentLogger;
  const trusted = trustedSet(options.trustProxy);
  const site = prepareSite(deps.files);
  const publicOrigin = options.publicUrl ? normalizeOrigin(options.publicUrl) : undefined;
  const extraHosts = publicOrigin ? [new URL(publicOrigin).host] : [];
  // A site whose contact form posts to another server must be allowed to connect and post there.
  const endpointOrigin = normalizeOrigin(deps.config.contactEndpoint);
  const csp = contentSecurityPolicy(endpointOrigin ? [endpointOrigin] : []);
  const allowed = new Set(options.corsOrigins.map((o) => normalizeOrigin(o)).filter((o): o is string => o !== undefined));

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
  app.use(adminGuard({ adminPassword: options.adminPassword, trusted, extraHosts }));

  app.route(
    '/',
    contactRoutes({
      store: deps.store,
      now,
      limiter: createRateLimiter({ limit: options.rateLimit, now: () => now().getTime() }),
      policy: { allowed, trusted, extraHosts },
      maxBodyBytes: options.maxBodyBytes,
      renderFormPage: deps.renderFormPage ?? fallbackFormPage,
      logger,
      onMessageStored: deps.onMessageStored,
    }),
  );
  app.route('/', messageRoutes(deps.store, now));
  // Extension point for the admin issue; see AppDeps.extraRoutes.
  if (deps.extraRoutes) app.route('/', deps.extraRoutes);
  app.route('/', siteRoutes(site));

  app.notFound((c) => notFound(c, site));
  app.onError((err, c) => {
    if (err instanceof HTTPException) return err.getResponse();
    logger.error('request.failed', { method: c.req.method, path: c.get('path'), ...errorFields(err) });
    const path = c.get('path') ?? '';
    return path.startsWith('/api')
      ? c.json({ success: false, error: 'Internal server error' }, 500)
      : c.text('Internal server error', 500);
  });
  return app;
}
