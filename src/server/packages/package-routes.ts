import { Hono } from 'hono';
import { packageWebsite } from '../../contract/site.js';
import { buildQueueFull } from '../../texts/admin.js';
import { bodyNotJsonType, requestMalformed, requestTooLarge } from '../../texts/server.js';
import { SITE_BODY_MAX_BYTES } from '../bundle/names.js';
import { attachment, zipStream } from '../bundle/zip.js';
import { apiError } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { readBytes } from '../http/read-body.js';
import { sizeLabel } from '../http/read-json.js';
import { BUILD_RETRY_AFTER_SECONDS, siteBuilds, type SiteBuildPool } from './build-pool.js';

export { deployInstructions, markdownText, pageContactEndpoint, releasePackageEntries, type PackageInfo } from './deploy-guide.js';

/**
 * Download Package (docs/decisions/003-admin-deploys.md): a real zip, `{city-slug}-trt-website.zip`, holding every
 * generated file and a DEPLOY.md with the deployment steps of the specification and where the
 * contact form posts.
 */
const MAX_PACKAGE_BODY = SITE_BODY_MAX_BYTES;
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * POST /api/package-website {city, businessName, domainName, files} -> the zip. The body (up to
 * some tens of MB) is read here into memory the build worker shares, and parsed, checked and
 * decoded there (package-body.ts); the zip is compressed on libuv's threads as it is sent. When the
 * build queue is full, 503 with Retry-After. The answers are readJson's and the route's as before.
 */
export function packageRoutes(builds: () => SiteBuildPool = siteBuilds): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post(packageWebsite.path, async (c) => {
    // A JSON label only (readJson): the preflight a browser asks for it is what keeps cross-site pages out.
    const type = c.req.header('content-type');
    if (!JSON_TYPE.test(type ?? '')) return apiError(c, 415, { error: bodyNotJsonType(type).title });
    const body = await readBytes(c.req.raw, MAX_PACKAGE_BODY, c.env?.incoming, { shared: true });
    if (!body.ok) return apiError(c, body.status, { error: body.status === 413 ? requestTooLarge(sizeLabel(MAX_PACKAGE_BODY)).title : requestMalformed(body.reason).title });
    const reading = builds().package(body.bytes, 'refuse');
    if (!reading) {
      const seconds = String(BUILD_RETRY_AFTER_SECONDS);
      return apiError(c, 503, { error: buildQueueFull(String(builds().waiting()), seconds) }, { 'Retry-After': seconds });
    }
    const read = await reading;
    if (!read.ok) return apiError(c, read.status, { error: read.error });
    return c.body(zipStream(read.entries), 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': attachment(`${read.slug}-trt-website.zip`),
    });
  });
  return app;
}
