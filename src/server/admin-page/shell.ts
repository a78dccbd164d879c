import { Hono } from 'hono';
import manifest from '../../../build/admin.json' with { type: 'json' };
import { initialValues } from '../../admin/initial-values.js';
import type { ClinicConfig } from '../../config/schema.js';
import type { AppEnv } from '../http/app-env.js';

/**
 * GET /admin: the page shell of the admin app (src/admin, bundled by scripts/build.mjs with its
 * own Tailwind stylesheet). Bundle names carry a content hash, so the browser may keep them for a
 * year (privately: they sit behind the admin password).
 */
export interface AdminAssets {
  js: { file: string; content: string };
  css: { file: string; content: string };
}

const ASSETS: AdminAssets = manifest;
const base = (file: string) => file.slice(file.lastIndexOf('/') + 1);
const JS = `/admin/assets/${base(ASSETS.js.file)}`;
const CSS = `/admin/assets/${base(ASSETS.css.file)}`;

/** JSON that is safe inside a <script type="application/json"> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** The admin page's HTML. */
export function adminShell(config: ClinicConfig): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Clinic Website Generator</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${CSS}">
<script type="module" src="${JS}"></script>
</head>
<body>
<div id="root"><noscript><p style="padding:2rem">The clinic website generator needs JavaScript.</p></noscript></div>
<script type="application/json" id="admin-initial">${scriptJson(initialValues(config))}</script>
</body>
</html>
`;
}

/** GET /admin and its two hashed assets. */
export function shellRoutes(config: ClinicConfig): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const html = adminShell(config);
  app.get('/admin', (c) => c.html(html));
  app.get('/admin/', (c) => c.redirect('/admin', 308));
  const assets = new Map([
    [JS, { body: ASSETS.js.content, type: 'text/javascript; charset=utf-8' }],
    [CSS, { body: ASSETS.css.content, type: 'text/css; charset=utf-8' }],
  ]);
  app.get('/admin/assets/*', (c, next) => {
    const asset = assets.get(c.get('path'));
    if (!asset) return next();
    return c.body(asset.body, 200, { 'Content-Type': asset.type, 'Cache-Control': 'private, max-age=31536000, immutable' });
  });
  return app;
}
