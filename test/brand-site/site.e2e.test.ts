import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, axeAudit, launchBrowser } from '../helpers/browser.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';
import { serveStatic } from '../helpers/static-server.js';

// The sample brand site as `clinic-gen build --site` writes it (issue 24), on a plain static
// server, in Debian's Chromium: the find-your-clinic box ranks the three samples by ZIP, the
// directory is navigable with JavaScript off, and axe and the Nu Html Checker find nothing on the
// brand's home, the directory, a state page and a location's home.

const PAGES = ['/', '/locations/', '/locations/fl/', '/locations/fl/tampa/', '/locations/fl/tampa/contact/', '/trt-therapy/'];
let out: string;
let browser: Browser;
let server: Awaited<ReturnType<typeof serveStatic>>;

beforeAll(async () => {
  out = join(tempDir('clinic-gen-brand-e2e-'), 'site');
  const r = runCli(['build', '--site', 'configs/brand/northstar.yaml', '--config', 'configs', '--out', out, '--contact-endpoint', 'https://clinic.example.com/api/contact', '-q']);
  if (r.code !== 0) throw new Error(r.stderr);
  server = await serveStatic(out);
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string, options: { javaScriptEnabled?: boolean } = {}): Promise<{ context: BrowserContext; page: Page; requests: string[] }> {
  const context = await browser.newContext({ viewport: PHONE, ...options });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
  return { context, page, requests };
}

describe('find your clinic, on the built brand home', () => {
  it.each([
    ['33544', 'Wesley Chapel'],
    ['32801', 'Orlando'],
    ['33607', 'Tampa'],
  ])('typing %s lists %s first, from the site itself', async (zip, first) => {
    const { context, page, requests } = await open('/');
    const before = await page.locator('#locator-status').innerText();
    await page.getByLabel('ZIP code').fill(zip);
    await page.getByRole('button', { name: 'Find your clinic' }).click();
    await page.waitForFunction((prev) => document.getElementById('locator-status')!.textContent !== prev, before);
    expect(await page.locator('#locator-status').innerText()).toContain(`Nearest to ${zip}: ${first}`);
    const names = await page.locator('#locator-results ol > li h4').allInnerTexts();
    expect(names[0]).toBe(first);
    expect([...names].sort()).toEqual(['Orlando', 'Tampa', 'Wesley Chapel']);
    // Its link leads to the location's page on this site.
    const href = await page.locator('#locator-results ol > li').first().locator('a').first().getAttribute('href');
    expect(new URL(href!, `${server.url}/`).pathname).toMatch(/^\/locations\/fl\/[a-z-]+\/$/);
    expect(requests.filter((u) => !u.startsWith(server.url))).toEqual([]);
    await context.close();
  });
});

describe('with JavaScript off', () => {
  it('the directory is still navigable: home -> all locations -> Florida -> Tampa, and back up the breadcrumbs', async () => {
    const { context, page, requests } = await open('/', { javaScriptEnabled: false });
    const main = page.locator('main');
    // Without script the box is the list by state: every location is a link.
    expect(await main.getByRole('link', { name: 'Tampa', exact: true }).count()).toBe(1);
    await main.getByRole('link', { name: 'All locations' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/locations/');
    await main.getByRole('link', { name: 'Florida', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/locations/fl/');
    await main.getByRole('link', { name: 'Tampa, FL' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/locations/fl/tampa/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toContain('Tampa');
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await trail.getByRole('link', { name: 'Locations' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/locations/');
    expect(requests.filter((u) => !u.startsWith(server.url))).toEqual([]);
    await context.close();
  });
});

describe('accessibility and markup', () => {
  it.each(PAGES)('axe-core finds no violations on %s', async (path) => {
    const { context, page } = await open(path);
    const result = await axeAudit(page);
    expect(result.violations).toEqual([]);
    expect(result.passes).toBeGreaterThan(10);
    await context.close();
  });

  it('the Nu Html Checker finds no errors on the same pages as built', () => {
    const files = PAGES.map((p) => join(out, p, 'index.html'));
    const r = spawnSync('java', ['-jar', join(ROOT, 'node_modules/vnu-jar/build/dist/vnu.jar'), '--errors-only', '--format', 'text', ...files], { encoding: 'utf8', timeout: 120_000 });
    expect(r.error).toBeUndefined();
    expect(r.stderr.trim()).toBe('Document checking completed. No errors found.');
    expect(r.status).toBe(0);
  }, 120_000);
});
