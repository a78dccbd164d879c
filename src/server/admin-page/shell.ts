import { Hono } from 'hono';
import manifest from '../../../build/admin.json' with { type: 'json' };
import { initialValues } from '../../admin/initial-values.js';
import type { ClinicConfig } from '../../config/schema.js';
import { FONT_FACES, type WebFontChoice } from '../../site/fonts/faces.js';
import { readPackageFile } from '../../site/fonts/font-files.js';
import type { AppEnv } from '../http/app-env.js';

/**
 * GET /admin: the page shell of the admin app (src/admin, bundled by scripts/build.mjs with its
 * own Tailwind stylesheet). Bundle names carry a content hash, so the browser may keep them for a
 * year (privately: they sit behind the admin password).
 */
export interface AdminAssets {
  js: { file: string; content: string };
  css: { file: string; content: string };
  /** The sites' brand faces, by the name the stylesheet's @font-face rules give them (`assets/inter-latin-wght.<hash>.woff2`). */
  fonts: Record<WebFontChoice, string>;
}

const ASSETS: AdminAssets = manifest;
const base = (file: string) => file.slice(file.lastIndexOf('/') + 1);
const JS = `/admin/assets/${base(ASSETS.js.file)}`;
const CSS = `/admin/assets/${base(ASSETS.css.file)}`;
/** Where the admin serves a face: beside its stylesheet, whose url()s are bare file names. */
const fontUrl = (choice: WebFontChoice) => `/admin/assets/${base(ASSETS.fonts[choice])}`;

/** JSON that is safe inside a <script type="application/json"> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * The admin page's HTML, set in the served clinic's brand face (issue 23 item 7) as its sites are:
 * `data-font` picks the face's stack, and the face is preloaded from this server (no third party).
 */
export function adminShell(config: ClinicConfig): string {
  const font = config.font === 'system' ? undefined : config.font;
  return `<!DOCTYPE html>
<html lang="en"${font ? ` data-font="${font}"` : ''}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>Clinic Website Generator</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${font ? `<link rel="preload" href="${fontUrl(font)}" as="font" type="font/woff2" crossorigin>\n` : ''}<link rel="stylesheet" href="${CSS}">
<script type="module" src="${JS}"></script>
</head>
<body>
<div id="root"><noscript><p style="padding:2rem">The clinic website generator needs JavaScript.</p></noscript></div>
<script type="application/json" id="admin-initial">${scriptJson(initialValues(config))}</script>
</body>
</html>
`;
}

/** GET /admin and its hashed assets: the app, its stylesheet and the brand faces. */
export function shellRoutes(config: ClinicConfig): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const html = adminShell(config);
  app.get('/admin', (c) => c.html(html));
  app.get('/admin/', (c) => c.redirect('/admin', 308));
  const assets = new Map<string, { body: string | Uint8Array<ArrayBuffer>; type: string }>([
    [JS, { body: ASSETS.js.content, type: 'text/javascript; charset=utf-8' }],
    [CSS, { body: ASSETS.css.content, type: 'text/css; charset=utf-8' }],
  ]);
  // The same files the sites carry (src/site/fonts/files/), read once.
  for (const choice of Object.keys(FONT_FACES) as WebFontChoice[]) {
    assets.set(fontUrl(choice), { body: new Uint8Array(readPackageFile(FONT_FACES[choice].webFont)), type: 'font/woff2' });
  }
  app.get('/admin/assets/*', (c, next) => {
    const asset = assets.get(c.get('path'));
    if (!asset) return next();
    return c.body(asset.body, 200, { 'Content-Type': asset.type, 'Cache-Control': 'private, max-age=31536000, immutable' });
  });
  return app;
}
