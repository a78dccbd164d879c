import { Hono } from 'hono';
import { sitePicture } from '../../contract/site.js';
import { pictureNotFound } from '../../texts/server.js';
import type { AssetSource } from '../../site/asset-source.js';
import { IMAGE_TYPES, looksLikeSvg, rasterKind } from '../../site/image-type.js';
import { apiError } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { UPLOAD_CSP } from './routes.js';

/** A site path a config may name for a picture: `/images/tampa/logo.svg`, nothing that climbs. */
const SITE_PATH = /^\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*\.(?:svg|png|jpe?g|gif)$/;

/**
 * A picture a city config names by its site path (`logoUrl: /images/wesley-chapel/logo.svg`, read
 * from the sample or served clinic's folder when the server builds the city), for the admin to
 * show it as the picture it is rather than as its path (issue 39 item 3). Read through the same
 * source Generate reads (cityAssetSource: each folder refuses a path that leaves it), only image
 * names, and only bytes that are an image by their first bytes; served as the uploads are, with a
 * policy that lets an SVG run nothing even when opened on its own.
 */
export function pictureRoute(source: AssetSource): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(sitePicture.path, async (c) => {
    const path = c.req.query('path') ?? '';
    const bytes = SITE_PATH.test(path) && !path.split('/').includes('..') ? await source.read(path) : undefined;
    const kind = bytes && (rasterKind(bytes) ?? (looksLikeSvg(bytes) ? 'svg' : undefined));
    if (!bytes || !kind) return apiError(c, 404, { error: pictureNotFound });
    c.set('csp', UPLOAD_CSP);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': IMAGE_TYPES[kind], 'Cache-Control': 'private, no-cache' });
  });
  return app;
}
