import { Hono } from 'hono';
import { exportCity } from '../../contract/cities.js';
import type { Context } from 'hono';
import { cityVersionMissing } from '../../texts/cities.js';
import { attachment } from '../bundle/zip.js';
import { apiError } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { badVersion, noCity, slugParam, versionNumber, type CityRouteDeps } from './context.js';
import type { CityVersion } from './types.js';
import { storedInput } from './yaml.js';

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

  app.get('/api/cities/:slug/versions', async (c) => {
    const s = slugParam(c);
    if (!s.ok) return s.response;
    const versions = await d.cities.versions(s.slug);
    if (!versions) return noCity(c, s.slug);
    const releases = new Map<number, string[]>();
    for (const r of await d.releases.history(s.slug)) {
      if (r.citySlug !== s.slug || r.configVersion === undefined) continue;
      releases.set(r.configVersion, [...(releases.get(r.configVersion) ?? []), r.id]);
    }
    return c.json({ success: true, versions: versions.map((v) => ({ ...v, releases: releases.get(v.version) ?? [] })) });
  });

  app.get('/api/cities/:slug/versions/:version', async (c) => {
    const s = slugParam(c);
    if (!s.ok) return s.response;
    const v = await pick(c, s.slug, c.req.param('version'));
    if (v instanceof Response) return v;
    return c.json({ success: true, slug: v.slug, version: v.version, savedAt: v.savedAt, config: storedInput(v.yaml), yaml: v.yaml });
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
