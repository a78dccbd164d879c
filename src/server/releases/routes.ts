import { BRAND_SITE_NAME } from '../../config/brand.js';
import { Hono } from 'hono';
import { answerOf } from '../../contract/route.js';
import * as S from '../../contract/site.js';
import type { Context } from 'hono';
import { clinicConfigSchema, type ClinicConfig } from '../../config/schema.js';
import { citySlug } from '../../config/slug.js';
import { configDigest } from '../../config/digest.js';
import { decodeSiteFiles } from '../bundle/files.js';
import { isSiteName, SITE_BODY_MAX_BYTES } from '../bundle/names.js';
import type { ReleaseStore } from './store.js';
import { deploymentUrl } from '../settings/url-template.js';
import { attachment, zipStream } from '../bundle/zip.js';
import { deployFailed } from '../../texts/admin.js';
import * as M from '../../texts/server.js';
import { apiError, apiFailure, type FailureText } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { pageContactEndpoint, releasePackageEntries } from '../packages/index.js';
import { readJson } from '../http/read-json.js';

export interface DeployRouteDeps {
  store: ReleaseStore;
  /** DEPLOY_URL_TEMPLATE, already checked; its `{origin}` is the sites listener's. */
  urlTemplate: string;
  /** The origin of the sites listener as links name it, for a request to the admin. */
  sitesOrigin: (requestUrl: string) => string;
  /** Host names that are this server's own (admin, sites listener): no deployment may claim them. */
  reservedHosts: (requestUrl: string) => ReadonlySet<string>;
  /** Called after a deploy, rollback or delete changed what is live. */
  changed: () => void;
  /**
   * The stored cities (cities/): a deploy whose config is a saved version of its city records that
   * version. Only the lookup, so deployments do not depend on the cities feature.
   */
  cities?: {
    findByDigest(slug: string, digest: string): Promise<number | undefined>;
    /**
     * Pins a stored city to the release a rollback made live, or ends its pin (`null`: a deploy,
     * a delete, a rollforward to its newest release). Redeploy-all skips a pinned city (issue 23).
     */
    setPin(slug: string, pin: { releaseId: string; at: string } | null): Promise<boolean>;
    /** Who made which release of a site live again, and when, newest first (issue 39 item 5): the list shows them. */
    redeploys?: {
      rollbacks(site: string): Promise<{ releaseId: string; at: string; by: string }[]>;
      recordRollback(r: { site: string; releaseId: string; at: string; by: string }): Promise<void>;
    };
  };
  /**
   * The doorway check (cities/doorway-check.ts), by its shape: a deploy of `siteName` built from
   * `config` that the check fails, or undefined. A failing city is deployed only when the request
   * says the operator confirmed (`confirmDoorway: true`), and the trail records it (issue 23 item 6).
   */
  doorway?: (siteName: string, config: ClinicConfig) => Promise<{ error: FailureText; doorway: unknown; auditObject: string } | undefined>;
}

/** Deploy bodies carry every file, binary ones in base64 (names.ts). */
const MAX_DEPLOY_BODY = SITE_BODY_MAX_BYTES;

/** POST /api/deploy-website, the deployments list, delete, rollback and the package download. */
export function deployRoutes(d: DeployRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const urlOf = (c: Context<AppEnv>, siteName: string) => deploymentUrl(d.urlTemplate, { origin: d.sitesOrigin(c.req.url), siteName });

  app.post(S.deployWebsite.path, async (c) => {
    // The admin shows `message` above `error` (spec section 7: success, message, error).
    const fail = (status: 400 | 409 | 413 | 415, error: FailureText) => apiError(c, status, { message: deployFailed, error });
    const body = await readJson(c.req.raw, MAX_DEPLOY_BODY);
    if (!body.ok) return fail(body.status, body.error);
    const parsed = S.deployWebsite.request.safeParse(body.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return fail(400, `${issue.path.join('.') || 'body'}: ${issue.message}`);
    }
    const { city, businessName, deploymentType } = parsed.data;
    const domain = parsed.data.domainName || undefined;
    const siteName = citySlug(city);
    if (!isSiteName(siteName)) return fail(400, M.cityNotSlug(city));
    c.set('auditCity', siteName);
    // The brand site's own name in the release store: only the brand site's deploy writes there.
    if (siteName === BRAND_SITE_NAME) return fail(400, `city: ${city} makes ${siteName}, the name the brand site is kept under; a city's name has no digits`);
    const files = decodeSiteFiles(parsed.data.files);
    if (!files.ok) return fail(400, `files: ${files.error}`);
    // A site on the admin's or the sites listener's own name would take over that origin.
    if (domain && d.reservedHosts(c.req.url).has(domain.toLowerCase())) return fail(409, M.domainReserved(domain));
    // The store checks the domain under its lock, so two deploys cannot both claim it.
    const config = parsed.data.config === undefined ? undefined : clinicConfigSchema.safeParse(parsed.data.config);
    if (config && !config.success) return fail(400, `config: ${config.error.issues[0]?.message ?? 'not a clinic config'}`);
    if (config && citySlug(config.data.city) !== siteName) return fail(400, `config: its city ${config.data.city} is not the city of the deployment (${city})`);
    // A city that reads as a doorway page goes live only when the operator confirmed it.
    const failing = config && d.doorway ? await d.doorway(siteName, config.data) : undefined;
    if (failing && parsed.data.confirmDoorway !== true) return c.json({ ...apiFailure({ error: failing.error, message: deployFailed }), doorway: failing.doorway }, 409);
    if (failing) c.set('auditObject', failing.auditObject);
    // The admin's Generate then Deploy of an opened city: the release records the saved version it
    // was made from, as a deploy from the stored city would (docs/decisions/012-stored-cities.md).
    const configVersion = config && d.cities ? await d.cities.findByDigest(siteName, configDigest(config.data)) : undefined;
    const stored = configVersion === undefined ? {} : { citySlug: siteName, configVersion };
    const result = await d.store.deploy(siteName, { files: files.files, domainName: domain, businessName, city, config: parsed.data.config, ...stored, ...whoDeploys(c) });
    if (!result.ok) return result.domainOwner ? fail(409, M.domainTaken(domain!, result.domainOwner)) : fail(400, result.error);
    d.changed();
    await d.cities?.setPin(siteName, null);
    return c.json(
      answerOf(S.deployWebsite, {
        success: true,
        message: M.siteLive(businessName || city, `${deploymentType} site, release ${result.release.id}`).title,
        deploymentUrl: urlOf(c, siteName),
        deploymentPath: `deployments/${siteName}/releases/${result.release.id}`,
        siteName,
      }),
    );
  });

  app.get(S.listDeployments.path, async (c) => {
    const live = await d.store.list();
    const deployments = await Promise.all(
      live.map(async ({ siteName, release }) => {
        const [history, rollbacks] = await Promise.all([d.store.history(siteName), d.cities?.redeploys?.rollbacks(siteName) ?? []]);
        return {
          siteName,
          // The city's name as its live release was deployed (the admin lists cities by name).
          city: release.city,
          lastModified: release.createdAt,
          url: urlOf(c, siteName),
          domainName: release.domainName,
          release: release.id,
          // Where the live site's form posts, read from its files (the admin shows it).
          contactEndpoint: pageContactEndpoint(await d.store.readLive(siteName, 'contact/index.html')),
          // Newest first, each with the stored config version it was built from: rollback targets;
          // who deployed each, and who made it live again and when (issue 39 item 5).
          releases: history.map((r) => {
            const again = rollbacks.filter((b) => b.releaseId === r.id).map((b) => ({ at: b.at, by: b.by }));
            return {
              id: r.id,
              createdAt: r.createdAt,
              live: r.live,
              configVersion: r.citySlug === siteName ? r.configVersion : undefined,
              ...(r.deployedBy ? { deployedBy: r.deployedBy } : {}),
              ...(again.length ? { rolledBack: again } : {}),
            };
          }),
        };
      }),
    );
    return c.json(answerOf(S.listDeployments, { success: true, deployments }));
  });

  app.delete('/api/deployments/:siteName', async (c) => {
    const siteName = c.req.param('siteName');
    if (!isSiteName(siteName)) return apiError(c, 400, { error: M.siteNameInvalid });
    if (!(await d.store.remove(siteName))) return apiError(c, 404, { error: M.siteNotDeployed(siteName) });
    d.changed();
    await d.cities?.setPin(siteName, null);
    return c.json({ success: true });
  });

  app.post('/api/deployments/:siteName/rollback', async (c) => {
    const siteName = c.req.param('siteName');
    if (!isSiteName(siteName)) return apiError(c, 400, { error: M.siteNameInvalid });
    // An empty body means "the previous release"; {"release": id} names one.
    const body = await readJson(c.req.raw, 4096, { emptyAs: {} });
    if (!body.ok) return apiError(c, body.status, { error: body.error });
    const to = (body.value as { release?: unknown } | null)?.release;
    if (to !== undefined && typeof to !== 'string') return apiError(c, 400, { error: M.releaseIdInvalid });
    const result = await d.store.rollback(siteName, to);
    if (!result.ok) return apiError(c, result.status, { error: result.error });
    d.changed();
    // An older release live pins the city; its newest one live again ends the pin.
    const newest = (await d.store.releaseIds(siteName)).at(-1);
    const at = new Date().toISOString();
    await d.cities?.setPin(siteName, result.release.id === newest ? null : { releaseId: result.release.id, at });
    // Who made it live again, and when, as the admin's own rollback keeps it (issue 39 item 5).
    await d.cities?.redeploys?.recordRollback({ site: siteName, releaseId: result.release.id, at, by: c.get('actor')?.label ?? '' });
    return c.json({ success: true, message: M.siteRolledBack(siteName, result.release.id).title, release: result.release.id, deploymentUrl: urlOf(c, siteName) });
  });

  app.get(S.deploymentPackage.path, async (c) => {
    const siteName = c.req.param('siteName') ?? '';
    if (!isSiteName(siteName)) return apiError(c, 400, { error: M.siteNameInvalid });
    const id = await d.store.currentId(siteName);
    if (!id) return apiError(c, 404, { error: M.siteNotDeployed(siteName) });
    const { city, businessName, domainName } = await d.store.meta(siteName, id);
    const files = await d.store.releaseFiles(siteName, id);
    if (!files) return apiError(c, 404, { error: M.siteNotDeployed(siteName) });
    const entries = releasePackageEntries(files, { siteName, city, businessName, domainName });
    return c.body(zipStream(entries), 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': attachment(`${siteName}-replit-deployment.zip`),
    });
  });

  return app;
}

/** Who deploys, kept with the release (issue 39 item 5); nothing when the caller is not known. */
function whoDeploys(c: Context<AppEnv>): { deployedBy?: string } {
  const label = c.get('actor')?.label;
  return label ? { deployedBy: label } : {};
}
