import { Hono } from 'hono';
import { citySlug } from '../../config/slug.js';
import { decodeSiteFiles } from '../deploy/files.js';
import { isSiteName } from '../deploy/names.js';
import { attachment, zipStream, type ZipEntry } from '../deploy/zip.js';
import { cityRequired } from '../../messages/server.js';
import { apiError } from '../http/api-error.js';
import type { AppEnv } from '../types.js';
import { readJson } from './read-bytes.js';

/**
 * Download Package (docs/decisions/003-admin-deploys.md): a real zip, `{city-slug}-trt-website.zip`, holding every
 * generated file and a DEPLOY.md with the deployment steps of the specification.
 */
const MAX_PACKAGE_BODY = 20 * 1024 * 1024;

export interface PackageInfo {
  city: string;
  businessName?: string;
  domainName?: string;
  files: string[];
}

/** DEPLOY.md: extract, upload to hosting, point the domain at it, the logo (spec section 2, /admin). */
export function deployInstructions(p: PackageInfo): string {
  const logo = p.files.find((f) => /^logo\.(png|jpg|gif|svg)$/.test(f));
  const domain = p.domainName ?? 'your domain (for example tampa.example.com)';
  const logoStep = logo
    ? `Your logo is already in the package as \`${logo}\` and every page shows it. To change it later, replace that file with another image of the same name and type.`
    : 'This site was generated without a logo, so the pages show the clinic name in text. Upload the logo (logo.png) in the admin and generate again: the pages then show it and the package includes it.';
  return [
    `# Deploying ${p.businessName ?? 'the clinic website'}: ${p.city}`,
    '',
    `This package holds the ${p.files.length} files of a static website: plain HTML pages, one stylesheet, a small script for the contact form. No server code is needed to host it.`,
    '',
    '## 1. Extract the files',
    '',
    'Unzip the package. Keep the folder structure as it is: `index.html` at the top and one folder per page (`about/index.html`, `contact/index.html`, ...).',
    '',
    '## 2. Upload to hosting',
    '',
    'Upload everything you extracted (not the zip itself) to the web root of any static host: Netlify, Cloudflare Pages, GitHub Pages, an S3 bucket, or an Apache or nginx server. Configure `404.html` as the not-found page if the host asks.',
    '',
    '## 3. Point the domain at the hosting',
    '',
    `In your domain's DNS settings, point ${domain} at the host (the CNAME or A record your host gives you) and turn on HTTPS. Search engines are told the site lives there (canonical links, sitemap.xml).`,
    '',
    '## 4. Add logo.png',
    '',
    logoStep,
    '',
    '## The contact form',
    '',
    'The form on the contact page sends messages to the clinic server (`/api/contact`). Serve the site from the same domain as the clinic server, or list the site in the server\'s CORS_ORIGINS.',
    '',
  ].join('\n');
}

/** POST /api/package-website {city, businessName, domainName, files} -> the zip. */
export function packageRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/api/package-website', async (c) => {
    const body = await readJson(c.req.raw, MAX_PACKAGE_BODY);
    if (!body.ok) return apiError(c, body.status, { error: body.error });
    const v = (body.value ?? {}) as Record<string, unknown>;
    const str = (x: unknown) => (typeof x === 'string' && x.trim() ? x.trim().slice(0, 120) : undefined);
    const city = str(v.city);
    const slug = city ? citySlug(city) : '';
    if (!city || !isSiteName(slug)) return apiError(c, 400, { error: cityRequired });
    const decoded = decodeSiteFiles(v.files);
    if (!decoded.ok) return apiError(c, 400, { error: `files: ${decoded.error}` });
    // The guide's name is reserved for the guide.
    const names = [...decoded.files.keys()].filter((n) => n !== 'DEPLOY.md').sort();
    const guide = deployInstructions({ city, businessName: str(v.businessName), domainName: str(v.domainName), files: names });
    const entries: ZipEntry[] = [...names.map((name) => ({ name, data: decoded.files.get(name)! })), { name: 'DEPLOY.md', data: guide }];
    return c.body(zipStream(entries), 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': attachment(`${slug}-trt-website.zip`),
    });
  });
  return app;
}
