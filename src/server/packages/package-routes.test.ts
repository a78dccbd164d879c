import { describe, expect, it } from 'vitest';
import { renderSite } from '../../pages/render-site.js';
import { adminFormConfig, adminTestApp, PNG, readZip, testConfig } from '../../../test/helpers/server-app.js';
import { markdownText } from './package-routes.js';

/** POST /api/package-website: the generated files and DEPLOY.md in a zip. */
const config = (over: Record<string, unknown>) => adminFormConfig(over);

/** DEPLOY.md of a package made from `body`. */
async function guideOf(app: ReturnType<typeof adminTestApp>, body: Record<string, unknown>): Promise<string> {
  const res = await app.json('POST', '/api/package-website', body);
  expect(res.status).toBe(200);
  return readZip(Buffer.from(await res.arrayBuffer())).find((e) => e.name === 'DEPLOY.md')!.data.toString();
}

describe('download package', () => {
  it('is a zip named after the city slug with every file and DEPLOY.md', async () => {
    const { json } = adminTestApp();
    const { files } = (await (await json('POST', '/api/generate-clinic-website', config({ city: 'Land O Lakes' }))).json()) as { files: Record<string, string> };
    const res = await json('POST', '/api/package-website', { city: 'Land O Lakes', businessName: 'Northstar', domainName: 'lol.example.com', files });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="land-o-lakes-trt-website.zip"');
    const entries = readZip(Buffer.from(await res.arrayBuffer()));
    expect(entries.map((e) => e.name).sort()).toEqual([...Object.keys(files), 'DEPLOY.md'].sort());
    expect(entries.map((e) => e.name)).toContain('contact/sent/index.html');
    expect(entries.find((e) => e.name === 'index.html')!.data.toString()).toBe(files['index.html']);
    const guide = entries.find((e) => e.name === 'DEPLOY.md')!.data.toString();
    for (const step of ['Extract the files', 'Upload to hosting', 'Point the domain at the hosting', '## 4. ', 'python3 -m http.server']) expect(guide).toContain(step);
    expect(guide).toContain('lol.example.com');
  });

  it('says the logo is in the zip when it is, and asks for one only when it is not (issue 23)', async () => {
    const app = adminTestApp();
    const files = renderSite(testConfig());
    const withLogo = await guideOf(app, { city: 'Tampa', files: { ...files, 'logo.png': PNG.toString('base64') } });
    expect(withLogo).toContain('## 4. The logo\n\nYour logo is already in the package as `logo.png`');
    expect(withLogo).not.toMatch(/add logo/i);
    const without = await guideOf(app, { city: 'Tampa', files });
    expect(without).toContain('## 4. Add a logo\n\nThis site was generated without a logo');
  });

  it('tells how to serve the Spanish not-found page under /es/ when the site has Spanish pages, and says nothing of it otherwise (issue 40)', async () => {
    const app = adminTestApp();
    const spanish = renderSite(testConfig({ languages: ['en', 'es'] }));
    expect(Object.keys(spanish)).toContain('es/404.html');
    const guide = await guideOf(app, { city: 'Tampa', files: spanish });
    expect(guide).toContain('## The Spanish pages');
    expect(guide).toContain('`location /es/ { error_page 404 /es/404.html; }`');
    expect(guide).toContain('`ErrorDocument 404 /es/404.html`');
    expect(guide).toContain('`/es/*  /es/404.html  404`');
    const english = await guideOf(app, { city: 'Tampa', files: renderSite(testConfig()) });
    expect(english).not.toContain('/es/');
  });

  it('says in DEPLOY.md where the form posts and that the clinic server must be reachable there', async () => {
    const app = adminTestApp({ publicUrl: 'https://clinic.example.com' });
    const { files } = (await (await app.json('POST', '/api/generate-clinic-website', config({}))).json()) as { files: Record<string, string> };
    const guide = await guideOf(app, { city: 'Tampa', domainName: 'tampa.example.com', files });
    expect(guide).toContain('\n    https://clinic.example.com/api/contact\n');
    expect(guide).toContain('The clinic server must be reachable at https://clinic.example.com whenever the site is online');
    expect(guide).toContain('Messages are filed under this city whatever address the site is hosted at (https://tampa.example.com or any other)');
    expect(guide).not.toContain('CORS_ORIGINS');
    expect(guide).not.toContain('Warning');
  });

  it('warns on its first line, and the Generate answer warns, when the form posts to a loopback address', async () => {
    const app = adminTestApp();
    const res = await app.json('POST', '/api/generate-clinic-website', config({}));
    const body = (await res.json()) as { files: Record<string, string>; contactEndpoint: string; warnings: string[] };
    expect(body.contactEndpoint).toMatch(/^http:\/\/localhost\/api\/contact$|^http:\/\/127\.0\.0\.1/);
    expect(body.warnings).toEqual([expect.stringMatching(/^contactEndpoint: .* posts to a loopback or private address .*PUBLIC_URL/)]);
    const guide = await guideOf(app, { city: 'Tampa', files: body.files });
    expect(guide.split('\n')[0]).toMatch(/^\*\*Warning: this site's contact form posts to .*a loopback or private address .*Hosted anywhere, it loses every message\.\*\* Set PUBLIC_URL/);
  });

  it('says so when the files can only post on the clinic server itself', async () => {
    const files = renderSite(testConfig());
    const guide = await guideOf(adminTestApp(), { city: 'Wesley Chapel', files });
    expect(guide).toContain('sends messages to /api/contact on the host that serves the site. That only works when the clinic server itself serves these files');
    expect(guide).toContain('clinic-gen build --contact-endpoint');
  });

  it('shows the business name and city as text, never as Markdown or HTML', async () => {
    const hostile = { businessName: '<img src=x onerror=alert(1)> [Win](javascript:alert(1)) **Big**\n# Owned', city: 'Tampa_<b>x</b>' };
    const guide = await guideOf(adminTestApp(), { ...hostile, files: { 'index.html': '<!doctype html>' } });
    const title = guide.split('\n')[0]!;
    expect(title).toBe('# Deploying &lt;img src=x onerror=alert\\(1\\)\\> \\[Win\\]\\(javascript:alert\\(1\\)\\) \\*\\*Big\\*\\* \\# Owned: Tampa\\_&lt;b\\>x&lt;/b\\>');
    expect(guide).not.toMatch(/<img|<b>|\]\(javascript|^# Owned/m);
    expect(markdownText('Men’s Health & Wellness')).toBe('Men’s Health \\& Wellness');
  });

  it('tells the same of a deployed site: the deployments list and its download name the endpoint', async () => {
    const app = adminTestApp({ publicUrl: 'https://clinic.example.com' });
    const { files } = (await (await app.json('POST', '/api/generate-clinic-website', config({}))).json()) as { files: Record<string, string> };
    expect((await app.json('POST', '/api/deploy-website', { city: 'Tampa', businessName: 'Northstar', files })).status).toBe(200);
    const list = (await (await app.request('/api/deployments')).json()) as { deployments: { siteName: string; contactEndpoint?: string }[] };
    expect(list.deployments.map((d) => [d.siteName, d.contactEndpoint])).toEqual([['tampa', 'https://clinic.example.com/api/contact']]);
    const res = await app.request('/api/deployments/tampa/package');
    expect(res.status).toBe(200);
    const entries = readZip(Buffer.from(await res.arrayBuffer()));
    expect(entries.map((e) => e.name).sort()).toEqual([...Object.keys(files), 'DEPLOY.md'].sort());
    const guide = entries.find((e) => e.name === 'DEPLOY.md')!.data.toString();
    expect(guide.split('\n')[0]).toBe('# Deploying Northstar: Tampa');
    expect(guide).toContain('\n    https://clinic.example.com/api/contact\n');
  });

  it('refuses hostile file names', async () => {
    const { json } = adminTestApp();
    const res = await json('POST', '/api/package-website', { city: 'Tampa', files: { 'index.html': 'x', '../evil.html': 'x' } });
    expect(res.status).toBe(400);
  });
});
