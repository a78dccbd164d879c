import { Hono } from 'hono';
import { generateWebsite } from '../../contract/site.js';
import { buildQueueFull, generateRejected } from '../../texts/admin.js';
import { dataImageCacheDir } from '../../site/images/cache-dir.js';
import { cityAssetSource } from '../uploads/index.js';
import type { UploadStore } from '../uploads/index.js';
import { apiError, fieldFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { readJson } from '../http/read-json.js';
import { BUILD_RETRY_AFTER_SECONDS, siteBuilds, type SiteBuildPool } from './build-pool.js';

export { generateSite, type GenerateResult } from './generate-site.js';

/** A clinic config is a few KB; local content can make it some tens. */
const MAX_CONFIG_BODY = 256 * 1024;

/**
 * POST /api/generate-clinic-website: 200 {success, files, contactEndpoint}, or 400/413 with
 * `errors` {field: message} (generate-site.ts). `publicOrigin` (PUBLIC_URL) is where patients
 * reach this server; without it, the origin the admin is using. Pictures are read as a stored
 * city's deploy reads them (cityAssetSource): uploads from `uploadsDir`, other site paths from
 * `assetFolders` (the served clinic's config folder, the sample configs'), so a sample city opened
 * in the admin generates with its pictures under configs/images. The config is checked, the site
 * built and its answer serialized off the request loop, on the build pool's worker
 * (build-pool.ts); when its queue is full, 503 with Retry-After and nothing built.
 */
export function generateRoutes(
  dataDir: string,
  uploads: UploadStore,
  assetFolders: readonly string[],
  publicOrigin?: string,
  builds: () => SiteBuildPool = siteBuilds,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const assets = cityAssetSource(uploads, assetFolders);
  // Photos encoded once stay in `<data>/cache/images`, the one thing kept on local disk with PostgreSQL.
  const imageCache = dataImageCacheDir(dataDir);
  app.post(generateWebsite.path, async (c) => {
    const body = await readJson(c.req.raw, MAX_CONFIG_BODY);
    if (!body.ok) return apiError(c, body.status, { ...fieldFailure({ config: body.error }), message: generateRejected.title });
    const generating = builds().generate(body.value, assets, publicOrigin ?? new URL(c.req.url).origin, imageCache, 'refuse');
    if (!generating) {
      const seconds = String(BUILD_RETRY_AFTER_SECONDS);
      return apiError(c, 503, { error: buildQueueFull(String(builds().waiting()), seconds), message: generateRejected.title }, { 'Retry-After': seconds });
    }
    const result = await generating;
    if (!result.ok) return apiError(c, 400, { ...fieldFailure(result.errors), message: generateRejected.title });
    // generateAnswer's JSON of answerOf(generateWebsite, ...), as c.json would send it.
    return c.body(result.body, 200, { 'Content-Type': 'application/json' });
  });
  return app;
}
