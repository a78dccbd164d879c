import { Hono } from 'hono';
import * as C from '../../contract/cities.js';
import { answerOf } from '../../contract/route.js';
import type { Context } from 'hono';
import { cityNotPinned, releaseIdBad, releaseNotLive, releaseNotOfCity } from '../../texts/cities.js';
import { siteNotDeployed, siteRolledBack } from '../../texts/server.js';
import { apiError } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { pageContactEndpoint } from '../packages/index.js';
import { RELEASE_ID } from '../releases/index.js';
import { noCity, slugParam, type CityRouteDeps } from './context.js';
import type { RollbackRecord } from './types.js';

/**
 * One city's releases, every call scoped to the city in its path (issue 23): its editor lists
 * them, makes one live (back or forward) and takes its site offline, and a release id of another
 * city is refused (404) before anything is touched, whatever the page sent. Making an older
 * release live pins the city to it (redeploy-all then skips it, redeploy-runner.ts); making the
 * newest live again, deploying the city, taking it offline or Unpin ends the pin.
 */
export function cityReleaseRoutes(d: CityRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  /** The city's slug and the `:id` of the path, checked to be one of the city's releases. */
  const target = async (c: Context<AppEnv>) => {
    const s = slugParam(c);
    if (!s.ok) return s;
    const id = c.req.param('id') ?? '';
    if (!RELEASE_ID.test(id)) return { ok: false as const, response: apiError(c, 400, { error: releaseIdBad }) };
    const ids = await d.releases.releaseIds(s.slug);
    if (!ids.includes(id)) return { ok: false as const, response: apiError(c, 404, { error: releaseNotOfCity(id, s.slug) }) };
    return { ok: true as const, slug: s.slug, id, newest: ids.at(-1)! };
  };

  app.get(C.cityReleases.path, async (c) => {
    const s = slugParam(c);
    if (!s.ok) return s.response;
    const [stored, history, pins, rollbacks] = await Promise.all([d.cities.latest(s.slug), d.releases.history(s.slug), d.cities.pins(), d.cities.redeploys.rollbacks(s.slug)]);
    if (!stored && history.length === 0) return noCity(c, s.slug);
    const live = history.find((r) => r.live);
    const pin = pins.find((p) => p.slug === s.slug);
    return c.json(answerOf(C.cityReleases, {
      success: true,
      slug: s.slug,
      city: stored?.city ?? (live ? (await d.releases.meta(s.slug, live.id)).city : undefined) ?? s.slug,
      url: d.deploymentUrl(c.req.url, s.slug),
      live: live?.id ?? null,
      contactEndpoint: live ? pageContactEndpoint(await d.releases.readLive(s.slug, 'contact/index.html')) : undefined,
      // Newest first, each with the saved version of this city it was built from.
      // Who deployed each (never a guess: absent when not recorded), and each time a rollback made it live again.
      releases: history.map((r) => ({
        id: r.id,
        createdAt: r.createdAt,
        live: r.live,
        configVersion: r.citySlug === s.slug ? r.configVersion : undefined,
        ...(r.deployedBy ? { deployedBy: r.deployedBy } : {}),
        ...rolledBack(rollbacks, r.id),
      })),
      pinned: pin ? { releaseId: pin.releaseId, at: pin.at } : null,
    }));
  });

  app.post(C.makeCityReleaseLive.path, async (c) => {
    const t = await target(c);
    if (!t.ok) return t.response;
    const result = await d.releases.rollback(t.slug, t.id);
    if (!result.ok) return apiError(c, result.status, { error: result.error });
    d.changed();
    await d.cities.redeploys.recordRollback({ site: t.slug, releaseId: t.id, at: d.now().toISOString(), by: c.get('actor')?.label ?? '' });
    // Only a stored city is pinned (a site deployed from an unsaved form has nothing to redeploy).
    const pinned = t.id !== t.newest ? await d.cities.setPin(t.slug, { releaseId: t.id, at: d.now().toISOString() }) : (await d.cities.setPin(t.slug, null)) && false;
    return c.json(answerOf(C.makeCityReleaseLive, { success: true, message: siteRolledBack(t.slug, t.id).title, release: t.id, pinned, deploymentUrl: d.deploymentUrl(c.req.url, t.slug) }));
  });

  // Takes the city's site offline. The path names the live release the operator saw, so neither a
  // release of another city nor a site changed since the page was read can be deleted by it.
  app.delete(C.takeCityOffline.path, async (c) => {
    const t = await target(c);
    if (!t.ok) return t.response;
    if ((await d.releases.currentId(t.slug)) !== t.id) return apiError(c, 409, { error: releaseNotLive(t.id, t.slug) });
    if (!(await d.releases.remove(t.slug))) return apiError(c, 404, { error: siteNotDeployed(t.slug) });
    d.changed();
    await d.cities.setPin(t.slug, null);
    return c.json(answerOf(C.takeCityOffline, { success: true, slug: t.slug, offline: true }));
  });

  app.delete(C.unpinCity.path, async (c) => {
    const s = slugParam(c);
    if (!s.ok) return s.response;
    if (!(await d.cities.latest(s.slug))) return noCity(c, s.slug);
    if (!(await d.cities.pins()).some((p) => p.slug === s.slug)) return apiError(c, 409, { error: cityNotPinned(s.slug) });
    await d.cities.setPin(s.slug, null);
    return c.json(answerOf(C.unpinCity, { success: true, slug: s.slug, pinned: false }));
  });

  return app;
}

/** The rollbacks that made release `id` live again, newest first; nothing for a release never rolled back to. */
function rolledBack(all: RollbackRecord[], id: string): { rolledBack?: { at: string; by: string }[] } {
  const mine = all.filter((r) => r.releaseId === id).map((r) => ({ at: r.at, by: r.by }));
  return mine.length ? { rolledBack: mine } : {};
}
