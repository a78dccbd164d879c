import { Hono, type Context } from 'hono';
import type * as z from 'zod';
import * as S from '../../contract/special-hours.js';
import type { BulkHoursSaveLine } from '../../contract/special-hours.js';
import { answerOf } from '../../contract/route.js';
import { bulkHoursGone, bulkHoursPinned, cityVersionStale } from '../../texts/cities.js';
import { apiError, fieldFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { readJson } from '../http/read-json.js';
import { placeOf, type CityRouteDeps } from './context.js';
import { changeOf, eachBounded, entryShown, sitesNow, yieldToEventLoop } from './special-hours-bulk.js';

/** 500 slugs and an entry stay well under this. */
const MAX_BODY = 64 * 1024;
/**
 * Deploys at once: each builds a whole site (CPU) and writes a release (disk); a few at a time keep
 * the server answering pages and the admin meanwhile, as redeploy-all's workers do.
 */
export const BULK_HOURS_DEPLOYS_AT_ONCE = 3;

/** The body parsed by `schema`, or the 400 naming each field at fault by its whole path (`entry.date`). */
async function parsed<T>(c: Context<AppEnv>, schema: z.ZodType<T>): Promise<{ ok: true; value: T } | { ok: false; response: Response }> {
  const json = await readJson(c.req.raw, MAX_BODY);
  if (!json.ok) return { ok: false, response: apiError(c, json.status, { error: json.error }) };
  const r = schema.safeParse(json.value);
  if (r.success) return { ok: true, value: r.data };
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) errors[issue.path.map(String).join('.') || '_form'] ??= issue.message;
  return { ok: false, response: apiError(c, 400, fieldFailure(errors)) };
}

/**
 * Special hours for several cities in one step (issue 39 item 9): "Thanksgiving closures for 20
 * clinics are 20 edits". The plan says, city by city, what its pages will say and what happens to
 * its site; the save adds the entry as a new version of each city that takes it (a city saved
 * since the plan is refused, the others go on), one audit record per city, then redeploys the
 * live cities through the deployer every deploy uses. A city a rollback pinned is saved and not
 * redeployed (its pin is the operator's choice, as redeploy-all and the special-hours redeploys
 * respect it); the doorway check is left to the operator's own deploy, as redeploy-all leaves it.
 */
export function specialHoursBulkRoutes(d: CityRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post(S.planBulkHours.path, async (c) => {
    const body = await parsed(c, S.bulkHoursAsk);
    if (!body.ok) return body.response;
    const { slugs, entry } = body.value;
    const sites = await sitesNow(d);
    const now = d.now();
    const cities = [];
    for (const slug of slugs) {
      cities.push((await changeOf(d.cities, slug, entry, sites, now)).line);
      await yieldToEventLoop();
    }
    return c.json(answerOf(S.planBulkHours, { success: true, entry: entryShown(entry), cities }));
  });

  app.post(S.saveBulkHours.path, async (c) => {
    const body = await parsed(c, S.bulkHoursSave);
    if (!body.ok) return body.response;
    const { slugs, entry, expect } = body.value;
    const sites = await sitesNow(d);
    const now = d.now();
    const savedBy = c.get('actor')?.label;
    const lines: BulkHoursSaveLine[] = [];
    const toDeploy: { line: BulkHoursSaveLine; slug: string; version: number }[] = [];
    for (const slug of slugs) {
      // Each city is read, checked and saved in a few milliseconds: the pages are answered between two.
      await yieldToEventLoop();
      const change = await changeOf(d.cities, slug, entry, sites, now);
      const { line } = change;
      const refused = (status: number, reason: string) => lines.push({ slug, city: line.city, status, saved: false, reason, deploy: 'none' });
      const base = expect[slug]!;
      if (change.latest && change.latest.version !== base) {
        refused(409, cityVersionStale(slug, String(base), String(change.latest.version)).title);
        continue;
      }
      if (!change.next) {
        refused(change.refusal ?? 400, line.problem ?? '');
        continue;
      }
      const saved = await d.cities.save({ ...change.next, savedBy }, { mode: 'update', baseVersion: base });
      if (!('version' in saved)) {
        refused(409, cityVersionStale(slug, String(base), saved.status === 'stale' ? String(saved.latest) : '?').title);
        continue;
      }
      const out: BulkHoursSaveLine = { slug, city: line.city, status: 200, saved: true, version: saved.version, deploy: line.site === 'redeploy' ? 'redeployed' : 'skipped' };
      if (line.siteNote) out.deployNote = line.siteNote;
      lines.push(out);
      if (line.site === 'redeploy') toDeploy.push({ line: out, slug, version: saved.version });
    }

    const place = placeOf(c, d.publicOrigin);
    await eachBounded(toDeploy, BULK_HOURS_DEPLOYS_AT_ONCE, async ({ line, slug, version }) => {
      try {
        // Read again: a rollback or a delete since the plan is the operator's later word.
        const [v, pins] = await Promise.all([d.cities.version(slug, version), d.cities.pins()]);
        const pin = pins.find((p) => p.slug === slug);
        if (!v || pin) {
          Object.assign(line, { deploy: 'skipped', deployNote: pin ? bulkHoursPinned(pin.releaseId).title : bulkHoursGone.title });
          return;
        }
        const out = await d.deployer.deploy(v, place);
        if (out.ok) Object.assign(line, { deploy: 'redeployed', releaseId: out.release.id });
        else Object.assign(line, { deploy: 'failed', deployNote: out.error });
      } catch (err) {
        Object.assign(line, { deploy: 'failed', deployNote: err instanceof Error ? err.message : String(err) });
      }
    });

    // One record a city, naming it: saved as which version and what became of its site, or refused and why (its status).
    c.set(
      'auditEach',
      lines.map((l) => ({
        city: l.slug,
        object: l.saved ? `version=${l.version} site=${l.deploy}${l.releaseId ? ` release=${l.releaseId}` : ''} special-hours=${entry.date}` : `refused special-hours=${entry.date}`,
        outcome: l.status,
      })),
    );
    const saved = lines.filter((l) => l.saved).length;
    const redeployed = lines.filter((l) => l.deploy === 'redeployed').length;
    return c.json(answerOf(S.saveBulkHours, { success: true, entry: entryShown(entry), saved, redeployed, cities: lines }));
  });
  return app;
}
