import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFileName, isSiteName } from '../bundle/names.js';
import { adminTestApp, isContainedName, readZip } from '../../../test/helpers/server-app.js';

/**
 * Hostile names in every place a name reaches the deploy code: nothing outside the deployments
 * folder may be read, written or deleted. The data folder sits in a sandbox folder holding a
 * canary file next to it, and a canary site lives in the deployments folder.
 */
function sandbox() {
  const root = mkdtempSync(join(tmpdir(), 'clinic-hostile-'));
  const dataDir = join(root, 'data');
  mkdirSync(dataDir);
  writeFileSync(join(root, 'canary.html'), 'CANARY');
  writeFileSync(join(dataDir, 'clinic.db'), 'SQLite format 3 CANARY');
  const t = adminTestApp({ dataDir });
  const tree = () => readdirSync(root, { recursive: true }).map(String).filter((p) => !p.includes('releases/')).sort();
  return { ...t, root, tree };
}
const files = (extra: Record<string, string> = {}) => ({ 'index.html': '<title>ok</title>', ...extra });

const BAD_SITE_NAMES = ['..', '.', '../etc', '%2e%2e', '/etc', 'a/b', 'a\\b', 'a\0b', 'Tampa', '-tampa', 'tampa-', 'ta--mpa', 'tam pa', 'x'.repeat(64), '', 'C:', 'tampa%00'];
const BAD_FILE_NAMES = [
  '../evil.html',
  'a/../../evil.html',
  '..\\evil.html',
  '/etc/passwd.html',
  '/abs.html',
  'C:\\evil.html',
  'C:/evil.html',
  'a\\b.html',
  'a\0.html',
  'index.html\0.png',
  '%2e%2e/evil.html',
  '.htaccess',
  '.release.json',
  'x/.git/config.txt',
  'evil.php',
  'evil',
  'about/',
  'a//b.html',
  './index.html',
  // Deeper than any site writes (a brand site's Spanish location pages are 7 deep).
  `${'a/'.repeat(8)}x.html`,
  `${'x'.repeat(250)}.html`,
];

describe('names', () => {
  it.each(BAD_SITE_NAMES)('site name %j is refused', (name) => expect(isSiteName(name)).toBe(false));
  it.each(BAD_FILE_NAMES)('file name %j is refused', (name) => expect(checkFileName(name).ok).toBe(false));
  it.each(['index.html', 'trt-therapy/index.html', 'assets/site.3f9a1c2b.css', 'logo.png', 'sitemap.xml', '404.html', 'es/ubicaciones/fl/tampa/contacto/enviado/index.html'])('file name %j is fine', (name) => {
    expect(checkFileName(name).ok).toBe(true);
  });
});

describe('hostile requests', () => {
  it('deploys with hostile file names are refused and write nothing anywhere', async () => {
    const t = sandbox();
    const before = t.tree();
    for (const name of BAD_FILE_NAMES) {
      const res = await t.json('POST', '/api/deploy-website', { city: 'Tampa', files: files({ [name]: 'EVIL' }) });
      expect(res.status, name).toBe(400);
      expect(((await res.json()) as { success: boolean }).success).toBe(false);
    }
    expect(t.tree()).toEqual(before);
  });

  it('hostile cities become plain slugs inside the deployments folder, or are refused', async () => {
    const t = sandbox();
    for (const city of ['..', '/', '\0', '../..', ' ']) {
      expect((await t.json('POST', '/api/deploy-website', { city, files: files() })).status, city).toBe(400);
    }
    const res = await t.json('POST', '/api/deploy-website', { city: '../../canary', files: files() });
    expect(((await res.json()) as { deploymentPath: string }).deploymentPath).toMatch(/^deployments\/canary\/releases\//);
    expect(readdirSync(join(t.root, 'data', 'deployments'))).toContain('canary');
    expect(readdirSync(t.root).sort()).toEqual(['canary.html', 'data']);
  });

  it('hostile site names in delete, rollback, package and /sites/ reach nothing', async () => {
    const t = sandbox();
    await t.json('POST', '/api/deploy-website', { city: 'Tampa', files: files() });
    const before = t.tree();
    const encoded = ['..', '%2e%2e', '%2E%2E', '..%2f..%2fdata', '%2fetc', 'a%00b', 'a%5cb', 'Tampa', '-tampa', '%2e%2e%2f%2e%2e', 'tampa%2f..%2f..'];
    for (const name of encoded) {
      for (const [method, path] of [
        ['DELETE', `/api/deployments/${name}`],
        ['POST', `/api/deployments/${name}/rollback`],
        ['GET', `/api/deployments/${name}/package`],
        ['GET', `/sites/${name}/`],
        ['GET', `/sites/${name}/clinic.db`],
        ['GET', `/sites/tampa/${name}/clinic.db`],
      ] as const) {
        const res = await (path.startsWith('/sites/') ? t.site : t.request)(path, { method });
        // A GET of /sites/../ is / once the URL parser resolved it: the server's own home page.
        if (method !== 'GET') expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(await res.text()).not.toMatch(/CANARY|SQLite/);
      }
    }
    for (const p of ['/sites/tampa/.release.json', '/sites/tampa/../data/clinic.db', '/sites/tampa/%2e%2e/%2e%2e/clinic.db']) {
      expect(await (await t.site(p)).text()).not.toMatch(/CANARY|SQLite|createdAt/);
    }
    expect(t.tree()).toEqual(before);
    expect((await t.site('/sites/tampa/')).status).toBe(200);
  });

  it('a files map holding x.html and x.html/index.html is a 400 naming the file, and writes nothing', async () => {
    const t = sandbox();
    const before = t.tree();
    const res = await t.json('POST', '/api/deploy-website', { city: 'Tampa', files: files({ 'about.html': 'a', 'about.html/index.html': 'b' }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(
      'files: about.html is a file, and about.html/index.html needs a folder of that name; rename one of them',
    );
    expect(t.tree()).toEqual(before);
  });

  it('every entry of both zips is relative and stays inside its folder', async () => {
    const t = sandbox();
    await t.json('POST', '/api/deploy-website', { city: 'Tampa', files: files({ 'about/index.html': 'a', 'assets/x.css': 'b' }) });
    const deployed = readZip(Buffer.from(await (await t.request('/api/deployments/tampa/package')).arrayBuffer()));
    const pkg = readZip(Buffer.from(await (await t.json('POST', '/api/package-website', { city: 'Tampa', files: files({ 'about/index.html': 'a' }) })).arrayBuffer()));
    for (const entry of [...deployed, ...pkg]) expect(isContainedName(entry.name), entry.name).toBe(true);
    expect(deployed.map((e) => e.name)).not.toContain('.release.json');
    expect(pkg.map((e) => e.name).sort()).toEqual(['DEPLOY.md', 'about/index.html', 'index.html']);
  });
});
