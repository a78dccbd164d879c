import { Hono } from 'hono';
import * as C from '../../contract/cities.js';
import * as D from '../../contract/deploys.js';
import { answerOf } from '../../contract/route.js';
import { deployFailed } from '../../texts/admin.js';
import {
  cityDeployDetail,
  cityVersionInvalid,
  cityVersionMissing,
  doorwayConfirmInvalid,
  redeployAlreadyRunning,
  redeployPlanChanged,
  redeployRunMissing,
} from '../../texts/cities.js';
import { siteLive } from '../../texts/server.js';
import { readJson } from '../http/read-json.js';
import { parseBody } from '../http/validate.js';
import { apiError, apiFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { noCity, placeOf, slugParam, versionNumber, type CityRouteDeps } from './context.js';
import { createDoorwayCheck } from './doorway-check.js';
import { BUILD_RETRY_AFTER_SECONDS } from '../packages/index.js';

/** Runs the history shows. */
const RUNS_KEPT = 20;

const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Deploying stored cities: one city from a stored version (its latest unless named), and
 * redeploy-all, which the server runs on its own (redeploy-runner.ts) while the admin polls it.
 */
export function cityDeployRoutes(d: CityRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const doorway = d.doorway ?? createDoorwayCheck(d.cities);

  // The doorway check of every saved city (issue 23 item 6): its score against its closest sibling,
  // its verdict and, failing, what to write. Read-only; kept for the set of versions it was made from.
  app.get(C.doorwayCheck.path, async (c) => {
    const { report, cities } = await doorway.report();
    return c.json(answerOf(C.doorwayCheck, { success: true, threshold: report.threshold, minLocalWords: report.minLocalWords, failCount: report.failCount, cities }));
  });

  // The spec's deploy answer (success, message, error, deploymentUrl, deploymentPath), plus the
  // release and the config version it was built from.
  app.post(C.deployCity.path, async (c) => {
    const s = slugParam(c);
    if (!s.ok) return s.response;
    const body = await readJson(c.req.raw, 4096, { emptyAs: {} });
    if (!body.ok) return apiError(c, body.status, { error: body.error, message: deployFailed });
    const fields = body.value !== null && typeof body.value === 'object' ? (body.value as { version?: unknown; confirmDoorway?: unknown }) : {};
    const asked = fields.version;
    const confirmed = fields.confirmDoorway;
    if (confirmed !== undefined && typeof confirmed !== 'boolean') return apiError(c, 400, { error: doorwayConfirmInvalid, message: deployFailed });
    const n = asked === undefined ? undefined : versionNumber(asked);
    if (asked !== undefined && n === undefined) return apiError(c, 400, { error: cityVersionInvalid, message: deployFailed });
    const latest = await d.cities.latest(s.slug);
    if (!latest) return noCity(c, s.slug);
    const v = n === undefined ? latest : await d.cities.version(s.slug, n);
    if (!v) return apiError(c, 404, { error: cityVersionMissing(s.slug, String(n)), message: deployFailed });
    // A city that reads as a doorway page goes live only when the operator confirmed it, and the
    // trail says so. The check is of the version deployed, among the other cities as saved.
    const failing = await doorway.failure(s.slug, v);
    if (failing && confirmed !== true) return c.json({ ...apiFailure({ error: failing.error, message: deployFailed }), doorway: failing.doorway }, 409);
    if (failing) c.set('auditObject', failing.auditObject);
    // Asked by a person: refused at once when the build queue is full (packages/build-pool.ts).
    const out = await d.deployer.deploy(v, placeOf(c, d.publicOrigin), { deployedBy: c.get('actor')?.label, whenBusy: 'refuse' });
    if (!out.ok && out.status === 503) c.header('Retry-After', String(BUILD_RETRY_AFTER_SECONDS));
    if (!out.ok) return apiError(c, out.status, { error: out.error, message: out.message });
    // Deploying the city again ends a rollback's pin: redeploy-all may move it on from here.
    await d.cities.setPin(s.slug, null);
    return c.json(
      answerOf(C.deployCity, {
        success: true,
        message: siteLive(out.businessName || out.city, cityDeployDetail(String(v.version)).title).title,
        deploymentUrl: d.deploymentUrl(c.req.url, s.slug),
        deploymentPath: `deployments/${s.slug}/releases/${out.release.id}`,
        siteName: s.slug,
        releaseId: out.release.id,
        configVersion: v.version,
      }),
    );
  });

  // What a run started now would do (issue 39 item 5): the dialog shows it before anything starts.
  app.post(D.planRedeploy.path, async (c) => c.json(answerOf(D.planRedeploy, { success: true, plan: await d.runner.plan(placeOf(c, d.publicOrigin)) })));

  // The last runs with who started each: the history on the Deployments view.
  app.get(D.redeployRuns.path, async (c) => c.json(answerOf(D.redeployRuns, { success: true, runs: await d.runner.list(RUNS_KEPT) })));

  app.post(D.startRedeploy.path, async (c) => {
    const parsed = await parseBody(c, D.startRedeploy.request, 16 * 1024);
    if (!parsed.ok) return parsed.response;
    const actor = c.get('actor');
    const started = await d.runner.start(placeOf(c, d.publicOrigin), {
      expect: parsed.value.expect,
      ...(actor ? { startedBy: { id: actor.id, label: actor.label } } : {}),
    });
    // The plan changed since the dialog read it: nothing started, and the new plan to confirm.
    if (!started.ok && !started.run) return c.json({ ...apiFailure({ error: redeployPlanChanged }), plan: started.plan }, 409);
    if (!started.ok) return c.json({ ...apiFailure({ error: redeployAlreadyRunning }), run: started.run }, 409);
    c.set('auditEach', started.run.items.map((i) => ({ city: i.slug, object: `run=${started.run.id}` })));
    return c.json(answerOf(D.startRedeploy, { success: true, run: started.run }), 202);
  });

  app.get(C.latestRedeploy.path, async (c) => c.json(answerOf(C.latestRedeploy, { success: true, run: (await d.runner.latest()) ?? null })));

  app.get(C.getRedeploy.path, async (c) => {
    const id = c.req.param('id') ?? '';
    const run = RUN_ID.test(id) ? await d.runner.get(id) : undefined;
    if (!run) return apiError(c, 404, { error: redeployRunMissing(id.slice(0, 40)) });
    return c.json(answerOf(C.getRedeploy, { success: true, run }));
  });

  return app;
}
