import * as z from 'zod';
import { redeployRun, skippedSite } from './cities.js';
import { apiRoute } from './route.js';

/**
 * Say it before doing it (issue 39 item 5): what Redeploy all would do, worked out by the server
 * (src/server/cities/redeploy-plan.ts) and shown by the admin before it starts; the run started
 * only if the plan is still the one shown; the history of runs with who started each.
 */

const ok = { success: z.literal(true) };

/** A site redeploy-all would rebuild: a city from its saved version (the brand site has none), and the live release it replaces. */
export const plannedItem = z.object({
  slug: z.string(),
  city: z.string(),
  configVersion: z.number().optional(),
  liveVersion: z.number().optional(),
  liveReleaseId: z.string().optional(),
});

/** A live site it would leave alone, with why: as a run reports it (skippedSite). */
export const plannedSkip = skippedSite;

export const redeployPlan = z.object({ items: z.array(plannedItem), skipped: z.array(plannedSkip) });
export type RedeployPlanView = z.infer<typeof redeployPlan>;

/** What the dialog showed for each site, by slug: the run starts only if the server would still do exactly that. */
export const planExpectation = z.record(z.string(), z.object({ action: z.enum(['redeploy', 'unchanged', 'pinned', 'incomplete']), version: z.number().optional() }));
export type PlanExpectationView = z.infer<typeof planExpectation>;

/**
 * The plan as a run is asked to match it: each site's action and saved version. The dialog sends
 * it with the start; the server compares it with its plan of the moment (redeploy-plan.ts samePlan).
 */
export function expectationOf(plan: { items: readonly { slug: string; configVersion?: number }[]; skipped: readonly { slug: string; reason: 'pinned' | 'unchanged' | 'incomplete' }[] }): PlanExpectationView {
  const out: PlanExpectationView = {};
  for (const i of plan.items) out[i.slug] = { action: 'redeploy', ...(i.configVersion !== undefined ? { version: i.configVersion } : {}) };
  for (const s of plan.skipped) out[s.slug] = { action: s.reason };
  return out;
}

/** What Redeploy all would do now; nothing is started. */
export const planRedeploy = apiRoute({ method: 'POST', path: '/api/cities/redeploy-all/plan', request: undefined, response: z.object({ ...ok, plan: redeployPlan }) });

/**
 * Starts redeploy-all (202). `expect`: the plan the operator confirmed; when the server's plan
 * differs now, a 409 with the new `plan` and nothing started. A 409 with the running `run` when
 * one is running.
 */
export const startRedeploy = apiRoute({
  method: 'POST',
  path: '/api/cities/redeploy-all',
  request: z.object({ expect: planExpectation.optional() }),
  response: z.object({ ...ok, run: redeployRun }),
});

/** The last runs, newest first, with who started each and each line's outcome. */
export const redeployRuns = apiRoute({ method: 'GET', path: '/api/cities/redeploy-all/runs', request: undefined, response: z.object({ ...ok, runs: z.array(redeployRun) }) });
