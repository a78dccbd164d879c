import { Hono } from 'hono';
import { deployFailed } from '../../texts/admin.js';
import { cityDeployDetail, cityVersionInvalid, cityVersionMissing, redeployAlreadyRunning, redeployRunMissing } from '../../texts/cities.js';
import { siteLive } from '../../texts/server.js';
import { readJson } from '../http/read-json.js';
import { apiError, apiFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { noCity, placeOf, slugParam, versionNumber, type CityRouteDeps } from './context.js';

const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Deploying stored cities: one city from a stored version (its latest unless named), and
 * redeploy-all, which the server runs on its own (redeploy-runner.ts) while the admin polls it.
 */
export function cityDeployRoutes(d: CityRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // The spec's deploy answer (success, message, error, deploymentUrl, deploymentPath), plus the
  // release and the config version it was built from.
  app.post('/api/cities/:slug/deploy', async (c) => {
    const s = slugParam(c);
    if (!s.ok) return s.response;
    const body = await readJson(c.req.raw, 4096, { emptyAs: {} });
    if (!body.ok) return apiError(c, body.status, { error: body.error, message: deployFailed });
    const asked = body.value !== null && typeof body.value === 'object' ? (body.value as { version?: unknown }).version : undefined;
    const n = asked === undefined ? undefined : versionNumber(asked);
    if (asked !== undefined && n === undefined) return apiError(c, 400, { error: cityVersionInvalid, message: deployFailed });
    const latest = await d.cities.latest(s.slug);
    if (!latest) return noCity(c, s.slug);
    const v = n === undefined ? latest : await d.cities.version(s.slug, n);
    if (!v) return apiError(c, 404, { error: cityVersionMissing(s.slug, String(n)), message: deployFailed });
    const out = await d.deployer.deploy(v, placeOf(c, d.publicOrigin));
    if (!out.ok) return apiError(c, out.status, { error: out.error, message: out.message });
    // Deploying the city again ends a rollback's pin: redeploy-all may move it on from here.
    await d.cities.setPin(s.slug, null);
    return c.json({
      success: true,
      message: siteLive(out.businessName || out.city, cityDeployDetail(String(v.version)).title).title,
      deploymentUrl: d.deploymentUrl(c.req.url, s.slug),
      deploymentPath: `deployments/${s.slug}/releases/${out.release.id}`,
      siteName: s.slug,
      releaseId: out.release.id,
      configVersion: v.version,
    });
  });

  app.post('/api/cities/redeploy-all', async (c) => {
    const body = await readJson(c.req.raw, 4096, { emptyAs: {} });
    if (!body.ok) return apiError(c, body.status, { error: body.error });
    const started = await d.runner.start(placeOf(c, d.publicOrigin));
    if (!started.ok) return c.json({ ...apiFailure({ error: redeployAlreadyRunning }), run: started.run }, 409);
    return c.json({ success: true, run: started.run }, 202);
  });

  app.get('/api/redeploys/latest', async (c) => c.json({ success: true, run: (await d.runner.latest()) ?? null }));

  app.get('/api/redeploys/:id', async (c) => {
    const id = c.req.param('id');
    const run = RUN_ID.test(id) ? await d.runner.get(id) : undefined;
    if (!run) return apiError(c, 404, { error: redeployRunMissing(id.slice(0, 40)) });
    return c.json({ success: true, run });
  });

  return app;
}
