import { Hono } from 'hono';
import * as C from '../../contract/cities.js';
import { exportCity, type HistoryLine } from '../../contract/cities.js';
import { answerOf } from '../../contract/route.js';
import { configChanges } from '../../config/config-diff.js';
import type { Context } from 'hono';
import { cityAlreadyStored, cityBaseVersionInvalid, citySaveFailed, cityVersionMissing, cityVersionStale } from '../../texts/cities.js';
import { readJson } from '../http/read-json.js';
import { fieldFailure } from '../http/api-error.js';
import { prepareConfig } from './save.js';
import { attachment } from '../bundle/zip.js';
import { apiError } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { badVersion, noCity, slugParam, versionNumber, type CityRouteDeps } from './context.js';
import type { CityVersion } from './types.js';
import { storedInput } from './yaml.js';
import { readYaml } from '../../config/yaml.js';
import type { ClinicConfigInput } from '../../config/schema.js';

/**
 * A city's history: its versions with the releases built from each (read from the releases'
 * metadata, so a pruned release drops out of the list as it drops out of rollback), one version,
 * and the export of a version as the YAML file `clinic-gen build` reads.
 */
export function versionRoutes(d: CityRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  /** The version the path or query names (`undefined`: the latest), or the failure to answer with. */
  async function pick(c: Context<AppEnv>, slug: string, asked: string | undefined): Promise<CityVersion | Response> {
    if (asked === undefined) return (await d.cities.latest(slug)) ?? noCity(c, slug);
    const n = versionNumber(asked);
    if (n === undefined) return badVersion(c);
    const v = await d.cities.version(slug, n);
    if (v) return v;
    return (await d.cities.latest(slug)) ? apiError(c, 404, { error: cityVersionMissing(slug, String(n)) }) : noCity(c, slug);
  }

  app.get(C.cityHistory.path, async (c) => {
    const s = slugParam(c);
    if (!s.ok) return s.response;
    const listed = await d.cities.versions(s.slug);
    if (!listed) return noCity(c, s.slug);
    const releases = new Map<number, string[]>();
    for (const r of await d.releases.history(s.slug)) {
      if (r.citySlug !== s.slug || r.configVersion === undefined) continue;
      releases.set(r.configVersion, [...(releases.get(r.configVersion) ?? []), r.id]);
    }
    // Oldest first, so each version is compared with the one before it; answered newest first.
    const full = (await Promise.all([...listed].reverse().map((v) => d.cities.version(s.slug, v.version)))).filter((v): v is CityVersion => v !== undefined);
    const lines: HistoryLine[] = full.map((v, i) => ({
      version: v.version,
      savedAt: v.savedAt,
      ...(v.savedBy ? { savedBy: v.savedBy } : {}),
      changes: i === 0 ? [] : configChanges(storedInput(full[i - 1]!), storedInput(v)),
      ...(v.restoredFrom !== undefined ? { restoredFrom: v.restoredFrom } : {}),
      releases: releases.get(v.version) ?? [],
    }));
    return c.json(answerOf(C.cityHistory, { success: true, slug: s.slug, versions: lines.reverse() }));
  });

  app.get(C.compareVersions.path, async (c) => {
    const s = slugParam(c);
    if (!s.ok) return s.response;
    const from = await pick(c, s.slug, c.req.query('from') ?? '');
    if (from instanceof Response) return from;
    const to = await pick(c, s.slug, c.req.query('to'));
    if (to instanceof Response) return to;
    return c.json(answerOf(C.compareVersions, { success: true, slug: s.slug, from: from.version, to: to.version, changes: configChanges(storedInput(from), storedInput(to)) }));
  });

  app.post(C.restoreVersion.path, async (c) => {
    const s = slugParam(c);
    if (!s.ok) return s.response;
    const chosen = await pick(c, s.slug, c.req.param('version'));
    if (chosen instanceof Response) return chosen;
    const body = await readJson(c.req.raw, 1024);
    if (!body.ok) return apiError(c, body.status, { error: body.error, message: citySaveFailed });
    const parsed = C.restoreVersion.request.safeParse(body.value);
    if (!parsed.success) return apiError(c, 400, { error: cityBaseVersionInvalid, message: citySaveFailed });
    // Checked as a save is, as its text was written: a version saved before a fact was required
    // (NOTES.md decision 14) names that field (400), and the admin opens it as unsaved edits, so
    // the facts another city published then (Pasco County's courts) are never saved again by a restore.
    const prepared = prepareConfig(readYaml(chosen.yaml));
    if (!prepared.ok) return apiError(c, 400, { ...fieldFailure(prepared.errors), message: citySaveFailed });
    const saved = await d.cities.save({ ...prepared.version, savedBy: c.get('actor')?.label, restoredFrom: chosen.version }, { mode: 'update', baseVersion: parsed.data.baseVersion });
    if (saved.status === 'missing') return noCity(c, s.slug);
    if (saved.status === 'stale') return apiError(c, 409, { error: cityVersionStale(s.slug, String(parsed.data.baseVersion), String(saved.latest)), message: citySaveFailed });
    if (!('version' in saved)) return apiError(c, 409, { error: cityAlreadyStored(s.slug), message: citySaveFailed });
    c.set('auditObject', `version=${saved.version} restored=${chosen.version}`);
    return c.json(answerOf(C.restoreVersion, { success: true, slug: s.slug, version: saved.version, savedAt: saved.savedAt, changed: saved.status !== 'unchanged', restoredFrom: chosen.version }));
  });

  app.get(C.cityVersion.path, async (c) => {
    const s = slugParam(c);
    if (!s.ok) return s.response;
    const v = await pick(c, s.slug, c.req.param('version'));
    if (v instanceof Response) return v;
    return c.json(answerOf(C.cityVersion, { success: true, slug: v.slug, version: v.version, savedAt: v.savedAt, config: storedInput(v) as ClinicConfigInput, written: readYaml(v.yaml) as ClinicConfigInput, yaml: v.yaml }));
  });

  app.get(exportCity.path, async (c) => {
    const s = slugParam(c);
    if (!s.ok) return s.response;
    const v = await pick(c, s.slug, c.req.query('version'));
    if (v instanceof Response) return v;
    // The stored bytes as they are: what `clinic-gen build --config <slug>.yaml` reads.
    return c.body(v.yaml, 200, { 'Content-Type': 'text/yaml; charset=utf-8', 'Content-Disposition': attachment(`${s.slug}.yaml`) });
  });

  return app;
}
