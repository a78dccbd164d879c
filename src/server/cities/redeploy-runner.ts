import { randomUUID } from 'node:crypto';
import type { ClinicConfig } from '../../config/schema.js';
import { redeployCityGone, redeployCityOffline, redeployCityPinned } from '../../texts/cities.js';
import type { Message } from '../../texts/message.js';
import { textOf } from '../http/api-error.js';
import type { ReleaseStore } from '../releases/index.js';
import { errorFields, silentLogger, type Logger } from '../log/logger.js';
import type { DeployPlace, VersionDeployer } from './deploy-version.js';
import { RUN_STOPPED, type CityStore, type RunItem, type RunRecord, type RunStarter, type SkippedCity } from './types.js';
import { planRedeploy, samePlan, type PlanExpectation, type RedeployPlan } from './redeploy-plan.js';

/**
 * Redeploy-all, run by the server whatever the browser does (docs/decisions/012-stored-cities.md):
 * every live city (deployed, not deleted, not pinned by a rollback) rebuilt from its latest stored
 * version and deployed again, one failure not stopping the others; the pinned ones are listed as
 * skipped. What it does is worked out by planRedeploy (redeploy-plan.ts), which the admin's dialog
 * shows first; a start that names the plan it showed runs only while the plan is still that one,
 * each city from the saved version the plan named, and the run keeps who started it (issue 39
 * item 5). Each item's progress is written as it happens, so
 * after a crash the start-up marks the run interrupted (sqlite-server-store.ts) and `reconcile` tells which
 * cities did switch. Cities are worked on `concurrency` at a time: one builds its pages (CPU)
 * while others write their files (the disk), and the release store lets different sites deploy
 * side by side.
 */
export interface RunView {
  id: string;
  state: RunRecord['state'];
  startedAt: string;
  finishedAt?: string;
  items: Omit<RunItem, 'finishedAt'>[];
  /** Live cities it left alone, and why: pinned to the release a rollback made live. */
  skipped: SkippedCity[];
  summary: { ok: number; failed: number; pending: number };
  /** Who started it (absent for runs from before it was recorded). */
  startedBy?: RunStarter;
}

/** Started; or refused: one is running (`run`), or the plan is no longer the one expected (`plan`: what it would do now). */
export type StartResult = { ok: true; run: RunView; done: Promise<RunView> } | { ok: false; run: RunView } | { ok: false; run?: undefined; plan: RedeployPlan };

export interface StartOptions {
  /** The plan the operator confirmed: the run starts only if it is still what it would do. */
  expect?: PlanExpectation;
  startedBy?: RunStarter;
}

export interface RedeployRunner {
  /** Starts a run, unless one is running (that one comes back). `done` settles when it has finished. */
  start(place: DeployPlace, options?: StartOptions): Promise<StartResult>;
  /** What a run started now would do (redeploy-plan.ts). */
  plan(place: DeployPlace): Promise<RedeployPlan>;
  get(id: string): Promise<RunView | undefined>;
  latest(): Promise<RunView | undefined>;
  /** The newest runs, newest first. */
  list(limit: number): Promise<RunView[]>;
  /** Lets the cities in flight finish, then ends the run as interrupted (shutdown). */
  stop(): Promise<void>;
  /**
   * After a restart: items of the interrupted runs that were deploying when the process died, and
   * whose city is live with exactly that version since the run began, did switch: marked ok.
   */
  reconcile(runIds: readonly string[]): Promise<void>;
}

export interface RunnerDeps {
  cities: CityStore;
  releases: ReleaseStore;
  deployer: VersionDeployer;
  logger?: Logger;
  now?: () => Date;
  /** Cities worked on at once (default 8). */
  concurrency?: number;
  /** Told when a run has finished (the server's metrics): its state and how long it took. */
  onFinished?: (state: string, seconds: number) => void;
  /**
   * The brand site (brand-site/service.ts, by its shape: the cities do not depend on it): redeployed
   * with the cities when it is live and no rollback holds it, from the latest saved cities.
   */
  brandSite?: { name: string; label?: string; service: BrandSiteHook };
  /** A city's canonical address on the brand site (the deployer's canonicalFor): part of what its release was built from. */
  canonicalFor?: (slug: string, config: ClinicConfig) => Promise<string | undefined>;
}

/** What redeploy-all uses of the brand site. */
export interface BrandSiteHook {
  status(): Promise<{ live: string | null; pinned: boolean }>;
  unchanged(buildTime: Date, place: DeployPlace): Promise<boolean>;
  deploy(place: DeployPlace, options: { confirmDoorway: boolean; deployedBy?: string }): Promise<{ ok: true; release: { id: string } } | { ok: false; error: Message | string }>;
}

/** A run as the API answers it. */
export function runView(r: RunRecord): RunView {
  const items = r.items.map(({ finishedAt: _f, ...item }) => item);
  const count = (pred: (i: RunItem) => boolean) => r.items.filter(pred).length;
  return {
    id: r.id,
    state: r.state,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
    items,
    skipped: r.skipped,
    summary: { ok: count((i) => i.state === 'ok'), failed: count((i) => i.state === 'failed'), pending: count((i) => i.state === 'pending' || i.state === 'deploying') },
    ...(r.startedBy ? { startedBy: r.startedBy } : {}),
  };
}

export function createRedeployRunner(d: RunnerDeps): RedeployRunner {
  const logger = d.logger ?? silentLogger;
  const now = d.now ?? (() => new Date());
  const runs = d.cities.redeploys;
  let active: { id: string; done: Promise<RunView> } | undefined;
  let starting: Promise<unknown> = Promise.resolve();
  let stopping = false;

  const view = async (id: string) => {
    const r = await runs.get(id);
    if (!r) throw new Error(`redeploy run ${id} vanished`);
    return runView(r);
  };

  /** One city: its latest version built and deployed; every outcome recorded, none thrown. */
  async function one(runId: string, item: RunItem, place: DeployPlace, by: string | undefined): Promise<void> {
    const finished = (patch: Partial<RunItem>) => runs.update(runId, item.slug, { state: 'failed', finishedAt: now().toISOString(), ...patch });
    try {
      if (d.brandSite && item.slug === d.brandSite.name) {
        const brand = d.brandSite.service;
        const status = await brand.status();
        if (!status.live) return await finished({ error: redeployCityOffline.title });
        if (status.pinned) return await finished({ error: redeployCityPinned.title });
        await runs.update(runId, item.slug, { state: 'deploying' });
        // As the cities are redeployed: the doorway check is the operator's deploy's, not a bulk rebuild's.
        // Deployed by whoever started the run, as each city is.
        const out = await brand.deploy(place, { confirmDoorway: true, ...(by ? { deployedBy: by } : {}) });
        return await finished(out.ok ? { state: 'ok', releaseId: out.release.id } : { error: textOf(out.error) });
      }
      const latest = await d.cities.latest(item.slug);
      if (!latest) return await finished({ error: redeployCityGone.title });
      // Taken offline since the run began: redeploying would bring back what the operator removed.
      if (!(await d.releases.currentId(item.slug))) return await finished({ error: redeployCityOffline.title });
      // Rolled back since the run began: the operator's choice stands.
      if ((await d.cities.pins()).some((p) => p.slug === item.slug)) return await finished({ error: redeployCityPinned.title });
      // The version the plan named, which the operator confirmed: not one saved since.
      const planned = item.configVersion === undefined ? latest : ((await d.cities.version(item.slug, item.configVersion)) ?? latest);
      await runs.update(runId, item.slug, { state: 'deploying', configVersion: planned.version });
      // Deployed by whoever started the run.
      const out = await d.deployer.deploy(planned, place, by ? { deployedBy: by } : {});
      if (!out.ok) return await finished({ error: out.error });
      // Deleted while it deployed: the delete took the site offline first, so this deploy put it back.
      if (!(await d.cities.latest(item.slug))) {
        await d.releases.remove(item.slug);
        return await finished({ error: redeployCityGone.title });
      }
      await finished({ state: 'ok', releaseId: out.release.id });
    } catch (err) {
      logger.error('redeploy.city_failed', { slug: item.slug, ...errorFields(err) });
      await finished({ error: err instanceof Error ? err.message : String(err) }).catch(() => undefined);
    }
  }

  async function work(run: RunRecord, place: DeployPlace): Promise<RunView> {
    const queue = [...run.items];
    const workers = Math.max(1, Math.min(d.concurrency ?? 8, queue.length));
    await Promise.all(
      Array.from({ length: workers }, async () => {
        for (let item = queue.shift(); item && !stopping; item = queue.shift()) await one(run.id, item, place, run.startedBy?.label);
      }),
    );
    await runs.finish(run.id, stopping ? 'interrupted' : 'done', now().toISOString());
    const done = await view(run.id);
    logger.info('redeploy.finished', { run: run.id, state: done.state, ...done.summary });
    d.onFinished?.(done.state, Math.max(0, (Date.parse(done.finishedAt ?? run.startedAt) - Date.parse(run.startedAt)) / 1000));
    return done;
  }

  async function begin(place: DeployPlace, options: StartOptions): Promise<StartResult> {
    if (active) return { ok: false, run: await view(active.id) };
    const { items, skipped } = await planRedeploy(d, place, now);
    // Something changed since the operator read the plan: they confirm the new one, never a surprise.
    if (options.expect && !samePlan({ items, skipped }, options.expect)) return { ok: false, plan: { items, skipped } };
    const created = await runs.create({
      id: randomUUID(),
      startedAt: now().toISOString(),
      items: items.map((i) => ({ slug: i.slug, city: i.city, ...(i.configVersion !== undefined ? { configVersion: i.configVersion } : {}) })),
      skipped,
      ...(options.startedBy ? { startedBy: options.startedBy } : {}),
    });
    if (!created.ok) return { ok: false, run: runView(created.running) };
    logger.info('redeploy.started', { run: created.run.id, cities: items.length });
    const done = work(created.run, place).catch(async (err: unknown) => {
      logger.error('redeploy.failed', { run: created.run.id, ...errorFields(err) });
      await runs.finish(created.run.id, 'interrupted', now().toISOString()).catch(() => undefined);
      return view(created.run.id);
    });
    active = { id: created.run.id, done };
    void done.finally(() => {
      if (active?.id === created.run.id) active = undefined;
    });
    return { ok: true, run: runView(created.run), done };
  }

  return {
    start(place, options = {}) {
      // Two clicks at once: the second waits for the first to have made its run, then is told of it.
      const next = starting.then(() => begin(place, options));
      starting = next.catch(() => undefined);
      return next;
    },
    get: async (id) => {
      const r = await runs.get(id);
      return r && runView(r);
    },
    latest: async () => {
      const r = await runs.latest();
      return r && runView(r);
    },
    plan: (place) => planRedeploy(d, place, now),
    list: async (limit) => (await runs.list(limit)).map(runView),
    async stop() {
      stopping = true;
      await active?.done;
    },
    async reconcile(runIds) {
      for (const id of runIds) {
        const run = await runs.get(id);
        for (const item of run?.items ?? []) {
          if (item.state !== 'failed' || item.error !== RUN_STOPPED || item.configVersion === undefined) continue;
          const liveId = await d.releases.currentId(item.slug);
          const meta = liveId ? await d.releases.meta(item.slug, liveId) : undefined;
          if (meta && meta.citySlug === item.slug && meta.configVersion === item.configVersion && meta.createdAt >= run!.startedAt) {
            await runs.update(id, item.slug, { state: 'ok', releaseId: meta.id, finishedAt: item.finishedAt });
          }
        }
      }
    },
  };
}
