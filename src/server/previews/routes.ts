import type { Context } from 'hono';
import { Hono } from 'hono';
import { answerOf } from '../../contract/route.js';
import { createPreview } from '../../contract/site.js';
import { decodeSiteFiles, type SiteBytes } from '../bundle/files.js';
import { SITE_BODY_MAX_BYTES } from '../bundle/names.js';
import { contentType } from '../../site/site-paths.js';
import { previewExpired } from '../../texts/server.js';
import { apiError, textOf } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { readJson } from '../http/read-json.js';
import { PREVIEW_LIMITS, type PreviewStore } from './store.js';
import { serveFromMap } from '../bundle/serve.js';

/** POST /api/previews {files} -> {id, url}, `url` made by `urlFor` on the sites listener. */
export function previewApiRoutes(previews: PreviewStore, urlFor: (c: Context<AppEnv>, path: string) => string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post(createPreview.path, async (c) => {
    const body = await readJson(c.req.raw, PREVIEW_LIMITS.maxBodyBytes);
    if (!body.ok) return apiError(c, body.status, { error: body.error });
    const decoded = decodeSiteFiles((body.value as { files?: unknown } | null)?.files);
    if (!decoded.ok) return apiError(c, 400, { error: decoded.error });
    const id = await previews.add(decoded.files);
    return c.json(answerOf(createPreview, { success: true, id, url: urlFor(c, `/preview/${id}/`) }), 201);
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
