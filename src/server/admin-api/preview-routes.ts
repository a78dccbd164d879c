import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { decodeSiteFiles, type SiteBytes } from '../deploy/files.js';
import { SITE_BODY_MAX_BYTES } from '../deploy/names.js';
import { contentType } from '../../site/site-paths.js';
import { previewExpired } from '../../messages/server.js';
import { apiError, textOf } from '../http/api-error.js';
import type { AppEnv } from '../types.js';
import { readJson } from '../http/read-json.js';
import { serveFromMap } from './site-serving.js';

/**
 * Preview (spec: "opens a new window with index.html"). The admin posts the generated files to
 * its API and opens the URL it gets back: /preview/<id>/ on the sites listener, which serves them
 * like a site folder, so navigation, the stylesheet and the logo all work in the preview window.
 * A preview is generated HTML and JavaScript, so it never runs on the admin's origin
 * (docs/decisions/009-hosted-sites-origin.md). Its id (128 random bits) is the only key: previews
 * live in memory, a few at a time (and a bounded number of bytes) and for half an hour.
 */
export const PREVIEW_LIMITS = {
  ttlMs: 30 * 60_000,
  maxPreviews: 8,
  maxBodyBytes: SITE_BODY_MAX_BYTES,
  /** Bytes all previews hold together: a few sites with photos (up to 32 MB each), not 8 of the largest. */
  maxTotalBytes: 96 * 1024 * 1024,
} as const;
/** A preview's id: 128 random bits in hex; both stores answer nothing for anything else. */
export const PREVIEW_ID = /^[0-9a-f]{32}$/;

/**
 * The previews, shared by the admin (which adds) and the sites listener (which serves): in this
 * process (one server), or in the database every server shares (admin-api/pg-preview-store.ts), so a
 * preview made through one server opens through another behind the same balancer.
 */
export interface PreviewStore {
  add(files: SiteBytes): Promise<string>;
  get(id: string): Promise<SiteBytes | undefined>;
}

/** An in-memory preview store with a time limit and a cap. */
export function createPreviewStore(now: () => number = Date.now): PreviewStore {
  const previews = new Map<string, { files: SiteBytes; bytes: number; expires: number }>();
  let total = 0;
  const drop = (id: string) => {
    total -= previews.get(id)!.bytes;
    previews.delete(id);
  };
  const sweep = () => {
    for (const [id, p] of previews) if (p.expires <= now()) drop(id);
    // Oldest first in a Map: drop from the front beyond the caps, never the newest.
    while (previews.size > PREVIEW_LIMITS.maxPreviews || (previews.size > 1 && total > PREVIEW_LIMITS.maxTotalBytes)) drop(previews.keys().next().value!);
  };
  return {
    async add(files) {
      const id = randomBytes(16).toString('hex');
      let bytes = 0;
      for (const b of files.values()) bytes += b.byteLength;
      previews.set(id, { files, bytes, expires: now() + PREVIEW_LIMITS.ttlMs });
      total += bytes;
      sweep();
      return id;
    },
    async get(id) {
      sweep();
      return PREVIEW_ID.test(id) ? previews.get(id)?.files : undefined;
    },
  };
}

/** POST /api/previews {files} -> {id, url}, `url` made by `urlFor` on the sites listener. */
export function previewApiRoutes(previews: PreviewStore, urlFor: (c: Context<AppEnv>, path: string) => string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/api/previews', async (c) => {
    const body = await readJson(c.req.raw, PREVIEW_LIMITS.maxBodyBytes);
    if (!body.ok) return apiError(c, body.status, { error: body.error });
    const decoded = decodeSiteFiles((body.value as { files?: unknown } | null)?.files);
    if (!decoded.ok) return apiError(c, 400, { error: decoded.error });
    const id = await previews.add(decoded.files);
    return c.json({ success: true, id, url: urlFor(c, `/preview/${id}/`) }, 201);
  });
  return app;
}

/** GET /preview/<id>/... on the sites listener. */
export function previewSiteRoutes(previews: PreviewStore): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.on(['GET', 'HEAD'], '/preview/*', async (c) => {
    const rest = c.get('path').slice('/preview/'.length);
    const slash = rest.indexOf('/');
    const id = slash === -1 ? rest : rest.slice(0, slash);
    const files = await previews.get(id);
    if (!files) return c.text(textOf(previewExpired), 404);
    if (slash === -1) return c.redirect(`/preview/${id}/`, 308);
    return serveFromMap(c, `/preview/${id}/`, rest.slice(slash + 1), (name) => {
      const bytes = files.get(name);
      return bytes ? { body: bytes, type: contentType(name) } : undefined;
    });
  });
  return app;
}
