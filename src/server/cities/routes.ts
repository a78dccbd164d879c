import { readFast } from '../../config/yaml-fast.js';
import { Hono } from 'hono';
import type { ClinicConfigInput } from '../../config/schema.js';
import * as C from '../../contract/cities.js';
import { answerOf } from '../../contract/route.js';
import {
  cityAlreadyStored,
  cityBaseVersionInvalid,
  cityOfConfigDiffers,
  citySaveFailed,
  cityVersionStale,
} from '../../texts/cities.js';
import { readJson } from '../http/read-json.js';
import { releaseTime } from '../releases/index.js';
import { apiError, fieldFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { noCity, slugParam, versionNumber, type CityRouteDeps } from './context.js';
import { INCOMPLETE, prepareConfig } from './save.js';
import { missingFacts } from '../../config/required-facts.js';
import type { RequiredFact } from '../../config/required-facts.js';
import { storedInput } from './yaml.js';
import { purgeOldTrash, trashEnd } from './trash-routes.js';

/** A clinic config is a few KB; local content can make it some tens (as generate takes). */
export const MAX_CONFIG_BODY = 256 * 1024;

/** The body's field `key`, whatever the body is. */
const field = (value: unknown, key: string): unknown => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined);

/**
 * The saved cities: the list the admin opens on, a new city, one city's latest version, a save
 * (a new version unless nothing changed), and delete (docs/decisions/012-stored-cities.md).
 */
export function cityRoutes(d: CityRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get(C.listCities.path, async (c) => {
    const [stored, live, counts, pins] = await Promise.all([d.cities.list(), d.releases.list(), d.messages.countBySite(d.now()), d.cities.pins()]);
    const liveBy = new Map(live.map((l) => [l.siteName, l.release]));
    const pinBy = new Map(pins.map((p) => [p.slug, p]));
    const messages = new Map(counts.map((s) => [s.site, s.last30Days]));
    const cities = await Promise.all(
      stored.map(async (v) => {
        const release = liveBy.get(v.slug);
        // The newest release, not the live one: a rollback is not a deploy.
        const newest = release ? (await d.releases.releaseIds(v.slug)).pop() : undefined;
        return {
          slug: v.slug,
          businessName: v.businessName,
          city: v.city,
          state: v.state,
          version: v.version,
          savedAt: v.savedAt,
          live: release !== undefined,
          liveReleaseId: release?.id,
          liveConfigVersion: release?.citySlug === v.slug ? release.configVersion : undefined,
          lastDeployAt: newest ? releaseTime(newest) : undefined,
          messages30d: messages.get(v.slug) ?? 0,
          ...searchFields(v.yaml),
          // Saved without some of its facts: which, read only for such a version (its digest says so).
          ...(v.digest.startsWith(INCOMPLETE) ? { missing: missingFacts(readFast(v.yaml)?.data) } : {}),
          // The clinic this server serves as its own site is live there, deployed or not.
          servedHere: v.slug === d.home,
          pinned: pinBy.has(v.slug) ? { releaseId: pinBy.get(v.slug)!.releaseId, at: pinBy.get(v.slug)!.at } : undefined,
        };
      }),
    );
    return c.json(answerOf(C.listCities, { success: true, cities }));
  });

  app.post(C.createCity.path, async (c) => {
    const body = await readJson(c.req.raw, MAX_CONFIG_BODY);
    if (!body.ok) return apiError(c, body.status, { error: body.error, message: citySaveFailed });
    const prepared = prepareConfig(field(body.value, 'config'), { incomplete: true });
    if (!prepared.ok) return apiError(c, 400, { ...fieldFailure(prepared.errors), message: citySaveFailed });
    const { slug } = prepared.version;
    c.set('auditCity', slug);
    const saved = await d.cities.save({ ...prepared.version, savedBy: c.get('actor')?.label }, { mode: 'create' });
    if (!('version' in saved)) return apiError(c, 409, { error: cityAlreadyStored(slug), message: citySaveFailed });
    return c.json(answerOf(C.createCity, { success: true, city: { slug, version: saved.version, savedAt: saved.savedAt }, ...missingOf(prepared) }), 201);
  });

  app.get(C.getCity.path, async (c) => {
    const s = slugParam(c);
    if (!s.ok) return s.response;
    const v = await d.cities.latest(s.slug);
    if (!v) return noCity(c, s.slug);
    return c.json(answerOf(C.getCity, { success: true, slug: v.slug, version: v.version, savedAt: v.savedAt, config: storedInput(v) as ClinicConfigInput, yaml: v.yaml }));
  });

  app.put(C.saveCity.path, async (c) => {
    const s = slugParam(c);
    if (!s.ok) return s.response;
    if (!(await d.cities.latest(s.slug))) return noCity(c, s.slug);
    const body = await readJson(c.req.raw, MAX_CONFIG_BODY);
    if (!body.ok) return apiError(c, body.status, { error: body.error, message: citySaveFailed });
    const base = field(body.value, 'baseVersion');
    const baseVersion = base === undefined ? undefined : versionNumber(base);
    if (base !== undefined && baseVersion === undefined) return apiError(c, 400, { error: cityBaseVersionInvalid, message: citySaveFailed });
    const prepared = prepareConfig(field(body.value, 'config'), { incomplete: true });
    if (!prepared.ok) return apiError(c, 400, { ...fieldFailure(prepared.errors), message: citySaveFailed });
    const v = prepared.version;
    // A city is its slug: another city name would be another city (and another site).
    if (v.slug !== s.slug) return apiError(c, 400, { ...fieldFailure({ city: cityOfConfigDiffers(v.city, v.slug, s.slug).title }), message: citySaveFailed });
    const saved = await d.cities.save({ ...v, savedBy: c.get('actor')?.label }, { mode: 'update', baseVersion });
    if (saved.status === 'missing') return noCity(c, s.slug);
    if (saved.status === 'stale') return apiError(c, 409, { error: cityVersionStale(s.slug, String(baseVersion), String(saved.latest)), message: citySaveFailed });
    if (!('version' in saved)) return apiError(c, 409, { error: cityAlreadyStored(s.slug), message: citySaveFailed });
    return c.json(answerOf(C.saveCity, { success: true, slug: s.slug, version: saved.version, savedAt: saved.savedAt, changed: saved.status !== 'unchanged', ...missingOf(prepared) }));
  });

  app.delete(C.deleteCity.path, async (c) => {
    const s = slugParam(c);
    if (!s.ok) return s.response;
    const forget = c.req.query('history') === 'delete';
    if (!(await d.cities.latest(s.slug))) return noCity(c, s.slug);
    // The live site goes offline only when the editor said so (or the city is forgotten now:
    // no site outlives its city's record), and first: a city gone must never be half live.
    const offline = forget || c.req.query('site') === 'offline' ? await d.releases.remove(s.slug) : false;
    if (offline) d.changed();
    await d.cities.remove(s.slug, !forget);
    // What the delete did, in the trail: to the trash or forgotten, and whether the site went with it.
    c.set('auditObject', `${forget ? 'history=deleted' : 'trash'} site=${offline ? 'offline' : 'kept'}`);
    // The trash keeps TRASH_DAYS days: older deletions are forgotten at each delete and each look at it.
    await purgeOldTrash(d);
    // Until when, from the deletion's time as the store recorded it (the trash lists the same).
    const deletedAt = forget ? undefined : (await d.cities.trash()).find((t) => t.slug === s.slug)?.deletedAt;
    const keptUntil = deletedAt && trashEnd(deletedAt);
    return c.json(answerOf(C.deleteCity, { success: true, slug: s.slug, offline, ...(keptUntil ? { keptUntil } : {}) }));
  });

  return app;
}

/** The facts a save kept the city without, for its answer (absent when none). */
const missingOf = (p: { missing?: RequiredFact[] }) => (p.missing?.length ? { missing: p.missing } : {});

/** A saved version's ZIP code and phone, read quickly from its text (the list reads every city's), for the cities search. */
function searchFields(yaml: string): { zipCode?: string; phone?: string } {
  const data = readFast(yaml)?.data as Record<string, unknown> | undefined;
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
  const zipCode = text(data?.zipCode);
  const phone = text(data?.phone);
  return { ...(zipCode ? { zipCode } : {}), ...(phone ? { phone } : {}) };
}
