import { join } from 'node:path';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { z } from 'zod';
import { domainName } from '../../config/fields.js';
import { citySlug } from '../../config/slug.js';
import { decodeSiteFiles } from '../deploy/files.js';
import { isSiteName } from '../deploy/names.js';
import type { ReleaseStore } from '../deploy/release-store.js';
import { deploymentUrl } from '../deploy/url-template.js';
import { attachment, folderEntries, zipStream } from '../deploy/zip.js';
import type { AppEnv } from '../types.js';
import { readJson } from './read-bytes.js';

export interface DeployRouteDeps {
  store: ReleaseStore;
  /** DEPLOY_URL_TEMPLATE, already checked. */
  urlTemplate: string;
  /** PUBLIC_URL's origin; otherwise the origin the request came to. */
  publicOrigin?: string;
  /** Host name -> site name of live deployments with a domain. */
  domains: () => Promise<ReadonlyMap<string, string>>;
  /** Called after a deploy, rollback or delete changed what is live. */
  changed: () => void;
}

/** Deploy bodies carry every file (a 5 MB logo is 6.7 MB in base64). */
const MAX_DEPLOY_BODY = 20 * 1024 * 1024;

/** Spec section 7: domainName, businessName, city, files, deploymentType. */
const deployBody = z.object({
  city: z.string({ error: 'missing; expected the city of the site' }).trim().min(1, { error: 'expected the city of the site' }).max(60),
  businessName: z.string().trim().max(80).optional(),
  domainName: z.union([z.literal(''), domainName()]).optional(),
  deploymentType: z.enum(['static'], { error: 'expected static' }).default('static'),
  files: z.unknown().optional(),
});

/** POST /api/deploy-website, the deployments list, delete, rollback and the package download. */
export function deployRoutes(d: DeployRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const origin = (c: Context<AppEnv>) => d.publicOrigin ?? new URL(c.req.url).origin;
  const urlOf = (c: Context<AppEnv>, siteName: string) => deploymentUrl(d.urlTemplate, { origin: origin(c), siteName });

  app.post('/api/deploy-website', async (c) => {
    const fail = (status: 400 | 409 | 413, error: string) => c.json({ success: false, message: 'Deployment failed', error }, status);
    const body = await readJson(c.req.raw, MAX_DEPLOY_BODY);
    if (!body.ok) return fail(body.status, body.error);
    const parsed = deployBody.safeParse(body.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return fail(400, `${issue.path.join('.') || 'body'}: ${issue.message}`);
    }
    const { city, businessName, deploymentType } = parsed.data;
    const domain = parsed.data.domainName || undefined;
    const siteName = citySlug(city);
    if (!isSiteName(siteName)) return fail(400, `city: "${city}" does not give a site name of letters, digits and hyphens`);
    const files = decodeSiteFiles(parsed.data.files);
    if (!files.ok) return fail(400, `files: ${files.error}`);
    const owner = domain ? (await d.domains()).get(domain) : undefined;
    if (owner && owner !== siteName) {
      return fail(409, `${domain} is already the domain of the live site ${owner}; delete that deployment or give this site its own website address`);
    }
    const result = await d.store.deploy(siteName, { files: files.files, domainName: domain, businessName, city });
    if (!result.ok) return fail(400, result.error);
    d.changed();
    return c.json({
      success: true,
      message: `${businessName || city} is live (${deploymentType} site, release ${result.release.id})`,
      deploymentUrl: urlOf(c, siteName),
      deploymentPath: `deployments/${siteName}/releases/${result.release.id}`,
      siteName,
    });
  });

  app.get('/api/deployments', async (c) => {
    const live = await d.store.list();
    const deployments = live.map(({ siteName, release }) => ({
      siteName,
      lastModified: release.createdAt,
      url: urlOf(c, siteName),
      domainName: release.domainName,
      release: release.id,
    }));
    return c.json({ success: true, deployments });
  });

  app.delete('/api/deployments/:siteName', async (c) => {
    const siteName = c.req.param('siteName');
    if (!isSiteName(siteName)) return c.json({ success: false, error: 'not a valid site name' }, 400);
    if (!(await d.store.remove(siteName))) return c.json({ success: false, error: `no deployment named ${siteName}` }, 404);
    d.changed();
    return c.json({ success: true });
  });

  app.post('/api/deployments/:siteName/rollback', async (c) => {
    const siteName = c.req.param('siteName');
    if (!isSiteName(siteName)) return c.json({ success: false, error: 'not a valid site name' }, 400);
    // An empty body means "the previous release"; {"release": id} names one.
    const body = await readJson(c.req.raw, 4096, { emptyAs: {} });
    if (!body.ok) return c.json({ success: false, error: body.error }, body.status);
    const to = (body.value as { release?: unknown } | null)?.release;
    if (to !== undefined && typeof to !== 'string') return c.json({ success: false, error: 'release: expected a release id' }, 400);
    const result = await d.store.rollback(siteName, to);
    if (!result.ok) return c.json({ success: false, error: result.error }, result.status);
    d.changed();
    return c.json({ success: true, message: `${siteName} is back on release ${result.release.id}`, release: result.release.id, deploymentUrl: urlOf(c, siteName) });
  });

  app.get('/api/deployments/:siteName/package', async (c) => {
    const siteName = c.req.param('siteName');
    if (!isSiteName(siteName)) return c.json({ success: false, error: 'not a valid site name' }, 400);
    const id = await d.store.currentId(siteName);
    if (!id) return c.json({ success: false, error: `no deployment named ${siteName}` }, 404);
    const entries = await folderEntries(join(d.store.root, siteName, 'releases', id));
    return c.body(zipStream(entries), 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': attachment(`${siteName}-replit-deployment.zip`),
    });
  });

  return app;
}
