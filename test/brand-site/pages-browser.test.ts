import { AxeBuilder } from '@axe-core/playwright';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, axeAudit, collectErrors, launchBrowser } from '../helpers/browser.js';
import { tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';
import { serveStatic } from '../helpers/static-server.js';
import { buildBrand } from './pages-fixture.js';

/** The brand's pages and a placed location's, in Chromium and the Nu Html Checker. */
// A treatment's and the policies' pages are the brand's, once, at the root (issue 36).
const PATHS = ['/', '/trt-therapy/', '/terms/', '/locations/', '/locations/fl/', '/locations/fl/tampa/', '/locations/fl/wesley-chapel/contact/', '/missing-page'];

let dir: string;
let browser: Browser;
let server: Awaited<ReturnType<typeof serveStatic>>;
beforeAll(async () => {
  dir = tempDir('brand-pages-');
  for (const [file, content] of Object.entries(buildBrand({ own: ['Orlando'] }).files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  server = await serveStatic(dir);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('axe-core on a %s', (_, viewport) => {
  it.each(PATHS)('%s has no violations', async (path) => {
    const ctx = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    const errors = collectErrors(page);
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400 && r.url() !== server.url + path) failed.push(r.url());
    });
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    expect((await axeAudit(page)).violations).toEqual([]);
    // Nothing the page asks for is missing (the location's logo and photos aside: this render has none) or refused by its policy.
    expect(failed.filter((u) => !u.includes('/images/'))).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy|Refused/i.test(e))).toEqual([]);
    await ctx.close();
  });
});

describe('the trail on the page', () => {
  it.each([
    ['/trt-therapy/', PHONE],
    ['/locations/fl/tampa/', PHONE],
    ['/locations/fl/tampa/contact/', DESKTOP],
    ['/locations/', PHONE],
  ] as const)('%s shows it whole under the header and above the heading', async (path, viewport) => {
    const page = await browser.newPage({ viewport });
    await page.goto(server.url + path);
    const header = (await page.locator('header').first().boundingBox())!;
    const trail = (await page.locator('nav[aria-label="Breadcrumb"]').boundingBox())!;
    const h1 = (await page.locator('h1').boundingBox())!;
    expect(trail.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(trail.y + trail.height).toBeLessThanOrEqual(h1.y);
    await page.close();
  });
});

describe('the brand header', () => {
  it('opens its drawer from the keyboard and closes it with Escape, focus back on the menu button', async () => {
    const ctx = await browser.newContext({ viewport: PHONE });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/locations/`);
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#menu-drawer').evaluate((d) => d.matches(':popover-open'))).toBe(true);
    expect(await page.getByRole('button', { name: 'Close menu' }).evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await page.locator('#menu-drawer a[aria-current="page"]').textContent()).toBe('Locations');
    const axe = await new AxeBuilder({ page }).include('#menu-drawer').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#menu-drawer').evaluate((d) => d.matches(':popover-open'))).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('popovertarget'))).toBe('menu-drawer');
    await ctx.close();
  });

  it('keeps Tab and Shift+Tab inside its open drawer (the city pages\' menu script): 20 of each never leave it', async () => {
    const ctx = await browser.newContext({ viewport: PHONE });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/locations/fl/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let i = 1; i <= 20; i++) {
        await page.keyboard.press(key);
        expect(await page.evaluate(() => document.getElementById('menu-drawer')!.contains(document.activeElement)), `${key} ${i} left the menu`).toBe(true);
      }
    }
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('popovertarget'))).toBe('menu-drawer');
    await ctx.close();
  });
});

describe('Nu Html Checker', () => {
  it('finds no errors in the brand pages and a placed location', () => {
    const files = ['index.html', 'locations/index.html', 'locations/fl/index.html', 'locations/id/index.html', '404.html', 'locations/fl/tampa/index.html', 'trt-therapy/index.html', 'privacy/index.html', 'terms/index.html', 'locations/id/coeur-dalene/contact/index.html', 'locations/fl/tampa/contact/index.html', 'locations/fl/orlando/privacy/index.html' /* a redirect page */].map((f) => join(dir, f));
    const r = spawnSync('java', ['-jar', join(ROOT, 'node_modules/vnu-jar/build/dist/vnu.jar'), '--errors-only', '--format', 'text', ...files], { encoding: 'utf8', timeout: 120_000 });
    expect(r.error).toBeUndefined();
    expect(r.stderr.trim()).toBe('Document checking completed. No errors found.');
    expect(r.status).toBe(0);
  }, 120_000);
});
