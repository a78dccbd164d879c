import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { decodeSiteFiles, type SiteBytes } from '../deploy/files.js';
import { contentType } from '../../site/site-paths.js';
import type { AppEnv } from '../types.js';
import { readJson } from './read-bytes.js';
import { serveFromMap } from './site-serving.js';

/**
 * Preview (spec: "opens a new window with index.html"). The admin posts the generated files here
 * and opens /admin/preview/<id>/, which serves them like a site folder: pages link to each other
 * relatively (`../about/`), so navigation, the stylesheet and the logo all work in the preview
 * window, which a blob: or data: URL of one page could not do. Previews live in memory, a few at
 * a time and for half an hour, behind the admin password like the rest of /admin.
 */
export const PREVIEW_LIMITS = { ttlMs: 30 * 60_000, maxPreviews: 8, maxBodyBytes: 20 * 1024 * 1024 } as const;
const PREVIEW_ID = /^[0-9a-f]{32}$/;

interface Preview {
  files: SiteBytes;
  expires: number;
}

/** POST /api/previews {files} -> {id, url}; GET /admin/preview/<id>/... serves them. */
export function previewRoutes(now: () => number = Date.now): Hono<AppEnv> {
  const previews = new Map<string, Preview>();
  const sweep = () => {
    for (const [id, p] of previews) if (p.expires <= now()) previews.delete(id);
    // Oldest first in a Map: drop from the front beyond the cap.
    while (previews.size > PREVIEW_LIMITS.maxPreviews) previews.delete(previews.keys().next().value!);
  };
  const app = new Hono<AppEnv>();

  app.post('/api/previews', async (c) => {
    const body = await readJson(c.req.raw, PREVIEW_LIMITS.maxBodyBytes);
    if (!body.ok) return c.json({ success: false, error: body.error }, body.status);
    const decoded = decodeSiteFiles((body.value as { files?: unknown } | null)?.files);
    if (!decoded.ok) return c.json({ success: false, error: decoded.error }, 400);
    const id = randomBytes(16).toString('hex');
    previews.set(id, { files: decoded.files, expires: now() + PREVIEW_LIMITS.ttlMs });
    sweep();
    return c.json({ success: true, id, url: `/admin/preview/${id}/` }, 201);
  });

  app.on(['GET', 'HEAD'], '/admin/preview/*', (c) => {
    const path = c.get('path');
    const rest = path.slice('/admin/preview/'.length);
    const slash = rest.indexOf('/');
    const id = slash === -1 ? rest : rest.slice(0, slash);
    sweep();
    const preview = PREVIEW_ID.test(id) ? previews.get(id) : undefined;
    if (!preview) return c.text('This preview has expired. Generate the website again and press Preview.', 404);
    if (slash === -1) return c.redirect(`/admin/preview/${id}/`, 308);
    return serveFromMap(c, `/admin/preview/${id}/`, rest.slice(slash + 1), (name) => {
      const bytes = preview.files.get(name);
      return bytes ? { body: bytes, type: contentType(name) } : undefined;
    });
  });

  return app;
}
