import { Hono } from 'hono';
import { answerOf } from '../../contract/route.js';
import { generateWebsite } from '../../contract/site.js';
import { issueMessages } from '../../config/load.js';
import { clinicConfigSchema } from '../../config/schema.js';
import { generateRejected } from '../../texts/admin.js';
import type { AssetSource } from '../../site/asset-source.js';
import { dataImageCacheDir } from '../../site/images/cache-dir.js';
import { buildSiteFiles, problemFields } from '../../site/pipeline.js';
import { cityAssetSource } from '../uploads/index.js';
import type { UploadStore } from '../uploads/index.js';
import { encodeSiteFiles, type FilesPayload } from '../bundle/files.js';
import { apiError, fieldFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { readJson } from '../http/read-json.js';
import { contactEndpointFor } from '../leads/index.js';

/**
 * Generate Website on the server: the admin form's config, validated by the one clinic schema
 * (errors name fields with the YAML loader's dotted paths: `socialMedia.instagram`,
 * `businessProfiles[2]`), made into a site by the same pipeline as `clinic-gen build`
 * (docs/decisions/005). An uploaded logo (`/uploads/logo-<id>.png`) is read from this server's
 * uploads and becomes the site's `logo.png` (uploaded photos are encoded into `images/`), and the
 * contact form posts to this server by its absolute URL (contactEndpointFor), so a downloaded or
 * deployed site works without this server serving it. Preview, download and deploy take these
 * files as they are.
 */
export type GenerateResult =
  | { ok: true; files: FilesPayload; contactEndpoint: string; warnings: string[] }
  | { ok: false; errors: Record<string, string> };

/** Validates a clinic config from the admin and makes its site, with the uploaded logo, posting to this server. */
export async function generateSite(input: unknown, assets: AssetSource, serverOrigin: string, imageCacheDir?: string): Promise<GenerateResult> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, errors: { config: 'expected the clinic configuration as a JSON object' } };
  }
  const parsed = clinicConfigSchema.safeParse(input);
  if (!parsed.success) return { ok: false, errors: issueMessages(parsed.error.issues) };
  const contactEndpoint = contactEndpointFor(parsed.data.contactEndpoint, serverOrigin);
  const site = await buildSiteFiles(parsed.data, assets, { contactEndpoint, imageCacheDir });
  if (!site.ok) return { ok: false, errors: problemFields(site.errors) };
  // What the operator must see before sending the package anywhere (a form posting to a loopback address).
  const warnings = site.warnings.map((w) => `${w.field}: ${w.message}`);
  return { ok: true, files: encodeSiteFiles(site.files), contactEndpoint, warnings };
}

/** A clinic config is a few KB; local content can make it some tens. */
const MAX_CONFIG_BODY = 256 * 1024;

/**
 * POST /api/generate-clinic-website: 200 {success, files, contactEndpoint}, or 400/413 with
 * `errors` {field: message}. `publicOrigin` (PUBLIC_URL) is where patients reach this server;
 * without it, the origin the admin is using. Pictures are read as a stored city's deploy reads
 * them (cityAssetSource): uploads from `uploadsDir`, other site paths from `assetFolders` (the
 * served clinic's config folder, the sample configs'), so a sample city opened in the admin
 * generates with its pictures under configs/images.
 */
export function generateRoutes(dataDir: string, uploads: UploadStore, assetFolders: readonly string[], publicOrigin?: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const assets = cityAssetSource(uploads, assetFolders);
  // Photos encoded once stay in `<data>/cache/images`, the one thing kept on local disk with PostgreSQL.
  const imageCache = dataImageCacheDir(dataDir);
  app.post(generateWebsite.path, async (c) => {
    const body = await readJson(c.req.raw, MAX_CONFIG_BODY);
    if (!body.ok) return apiError(c, body.status, { ...fieldFailure({ config: body.error }), message: generateRejected.title });
    const result = await generateSite(body.value, assets, publicOrigin ?? new URL(c.req.url).origin, imageCache);
    if (!result.ok) return apiError(c, 400, { ...fieldFailure(result.errors), message: generateRejected.title });
    return c.json(answerOf(generateWebsite, { success: true, files: result.files, contactEndpoint: result.contactEndpoint, warnings: result.warnings }));
  });
  return app;
}
