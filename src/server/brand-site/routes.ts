import { Hono } from 'hono';
import * as B from '../../contract/brand.js';
import { answerOf } from '../../contract/route.js';
import type { Context } from 'hono';
import { citySlug } from '../../config/slug.js';
import { deployFailed } from '../../texts/admin.js';
import { brandSiteDeployDetail, brandSiteReleaseUnknown, doorwayConfirmInvalid, releaseIdBad } from '../../texts/cities.js';
import { siteLive, siteRolledBack } from '../../texts/server.js';
import { attachment, zipStream } from '../bundle/zip.js';
import { apiError, apiFailure, textOf } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { readJson } from '../http/read-json.js';
import { BUILD_RETRY_AFTER_SECONDS, releasePackageEntries } from '../packages/index.js';
import type { PreviewStore } from '../previews/index.js';
import { RELEASE_ID, type ReleaseStore } from '../releases/index.js';
import type { RedeployStore } from '../cities/index.js';
import { BRAND_SITE, failureBody, type BrandSiteService, type Failure } from './service.js';

export interface BrandSiteRouteDeps {
  site: BrandSiteService;
  releases: ReleaseStore;
  previews: PreviewStore;
  /** PUBLIC_URL's origin: where the brand site's forms post; else the origin the admin was reached at. */
  publicOrigin?: string;
  /** A path on the sites listener as links name it (the preview), for a request to the admin. */
  sitesUrl: (requestUrl: string, path: string) => string;
  /** Called after a rollback changed what is live. */
  changed: () => void;
  /** Where who made which release live again, and when, is kept (the cities' runs store, site_rollbacks, keyed by site). */
  rollbacks: Pick<RedeployStore, 'recordRollback' | 'rollbacks'>;
  now?: () => Date;
}

const placeOf = (c: Context<AppEnv>, publicOrigin: string | undefined) => ({ serverOrigin: publicOrigin ?? new URL(c.req.url).origin, requestUrl: c.req.url });

/**
 * The brand site in the admin API (issue 24 item 3; docs/serving.md#the-brand-site), for those who
 * deploy cities (owner, editor; auth/permissions.ts, each call audited):
 * - `GET /api/brand-site`: its domain, listed locations, releases, whether a rollback pins it,
 *   and what changed since its live release;
 * - `POST /api/brand-site/preview` -> `{id, url}` on the sites listener (the previews of Generate);
 * - `POST /api/brand-site/package` -> the zip (with DEPLOY.md), as Download Package;
 * - `POST /api/brand-site/deploy {confirmDoorway?}` -> the spec's deploy answer, 409 with
 *   `doorway.failing` when listed cities fail the doorway check and it was not confirmed, 409 for a
 *   domain of this server or of another live site;
 * - `POST /api/brand-site/releases/:id/live`: makes a release live (rollback, roll forward, or Make
 *   live when none is), kept with who and when in site_rollbacks (issue 39 item 5).
 * Each release records who deployed it; `GET` lists that and who made it live again. Every audit
 * record of these calls names the brand site as its city.
 */
export function brandSiteRoutes(d: BrandSiteRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const now = d.now ?? (() => new Date());
  // Every audit record of the brand site names it, as a city's names its city.
  app.use('/api/brand-site/*', async (c, next) => {
    c.set('auditCity', BRAND_SITE);
    await next();
  });
  const refuse = (c: Context<AppEnv>, f: Failure, message?: typeof deployFailed) => {
    // A full build queue (packages/build-pool.ts): when to ask again.
    if (f.status === 503) c.header('Retry-After', String(BUILD_RETRY_AFTER_SECONDS));
    return c.json({ ...apiFailure({ error: f.error, message: message ?? f.error }), ...failureBody(f) }, f.status);
  };

  app.get(B.getBrandSite.path, async (c) => {
    const r = await d.site.read();
    const [status, history, rollbacks] = await Promise.all([d.site.status(r), d.releases.history(BRAND_SITE), d.rollbacks.rollbacks(BRAND_SITE)]);
    const live = status.live ? await d.releases.meta(BRAND_SITE, status.live) : undefined;
    const who = new Map(history.map((h) => [h.id, h.deployedBy]));
    return c.json(answerOf(B.getBrandSite, {
      success: true,
      siteName: BRAND_SITE,
      domainName: r.ok ? r.brand.domainName : (live?.domainName ?? null),
      businessName: r.ok ? r.brand.businessName : (live?.businessName ?? null),
      ready: r.ok,
      noDomain: !r.ok && r.noDomain === true,
      errors: r.ok ? [] : r.errors,
      locations: r.ok ? r.listed.map((l) => ({ slug: l.slug, city: l.config.city, state: l.state, path: l.path, version: l.version.version })) : [],
      url: live?.domainName ? `https://${live.domainName}/` : null,
      ...status,
      // Who deployed each, and who made it live again and when (issue 39 item 5): never a guess, absent when not recorded.
      releases: status.releases.map((rel) => {
        const by = who.get(rel.id);
        const again = rollbacks.filter((b) => b.releaseId === rel.id).map((b) => ({ at: b.at, by: b.by }));
        return { ...rel, ...(by ? { deployedBy: by } : {}), ...(again.length ? { rolledBack: again } : {}) };
      }),
      changed: status.live !== null && status.changes.length > 0,
    }));
  });

  app.post(B.previewBrandSite.path, async (c) => {
    const made = await d.site.make(placeOf(c, d.publicOrigin), undefined, 'refuse');
    if (!made.ok) return refuse(c, made);
    const id = await d.previews.add(made.files);
    return c.json(answerOf(B.previewBrandSite, { success: true, id, url: d.sitesUrl(c.req.url, `/preview/${id}/`), warnings: made.warnings }), 201);
  });

  app.post(B.packageBrandSite.path, async (c) => {
    const made = await d.site.make(placeOf(c, d.publicOrigin), undefined, 'refuse');
    if (!made.ok) return refuse(c, made);
    const { brand } = made.read;
    const entries = releasePackageEntries(made.files, { siteName: BRAND_SITE, city: 'every location', businessName: brand.businessName, domainName: brand.domainName });
    return c.body(zipStream(entries), 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': attachment(`${citySlug(brand.businessName) || 'brand'}-brand-website.zip`),
    });
  });

  app.post(B.deployBrandSite.path, async (c) => {
    const body = await readJson(c.req.raw, 4096, { emptyAs: {} });
    if (!body.ok) return apiError(c, body.status, { error: body.error, message: deployFailed });
    const confirmed = (body.value as { confirmDoorway?: unknown } | null)?.confirmDoorway;
    if (confirmed !== undefined && typeof confirmed !== 'boolean') return apiError(c, 400, { error: doorwayConfirmInvalid, message: deployFailed });
    const by = c.get('actor')?.label;
    const out = await d.site.deploy(placeOf(c, d.publicOrigin), { confirmDoorway: confirmed === true, whenBusy: 'refuse', ...(by ? { deployedBy: by } : {}) });
    if (!out.ok) return refuse(c, out, deployFailed);
    if (out.doorwayConfirmed) c.set('auditObject', out.doorwayConfirmed);
    return c.json(
      answerOf(B.deployBrandSite, {
        success: true,
        message: siteLive(out.release.businessName ?? BRAND_SITE, brandSiteDeployDetail(String(out.locations)).title).title,
        deploymentUrl: `https://${out.release.domainName}/`,
        deploymentPath: `deployments/${BRAND_SITE}/releases/${out.release.id}`,
        siteName: BRAND_SITE,
        releaseId: out.release.id,
        brandPages: out.brandPages,
      }),
    );
  });

  app.post(B.makeBrandReleaseLive.path, async (c) => {
    const id = c.req.param('id') ?? '';
    if (!RELEASE_ID.test(id)) return apiError(c, 400, { error: releaseIdBad });
    const ids = await d.releases.releaseIds(BRAND_SITE);
    if (!ids.includes(id)) return apiError(c, 404, { error: brandSiteReleaseUnknown(id) });
    const result = await d.releases.rollback(BRAND_SITE, id);
    if (!result.ok) return apiError(c, result.status, { error: result.error });
    d.changed();
    // Who made it live, and when: kept after a later deploy ends the pin (issue 39 item 5).
    await d.rollbacks.recordRollback({ site: BRAND_SITE, releaseId: id, at: now().toISOString(), by: c.get('actor')?.label ?? '' });
    // An older release live holds the brand site there (redeploy-all skips it); the newest live again, or a deploy, ends it.
    return c.json(answerOf(B.makeBrandReleaseLive, { success: true, message: textOf(siteRolledBack('The brand site', id)), release: id, pinned: id !== ids.at(-1) }));
  });

  return app;
}
