import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, collectErrors, DESKTOP, PHONE } from '../helpers/browser.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { serveStatic } from '../helpers/static-server.js';

/** A built site, served by a plain static server, opened in Chromium. */
describe('a built site in Chromium', () => {
  const out = join(tempDir(), 'tampa');
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    const r = runCli(['build', '--config', 'configs/tampa.yaml', '--out', out, '--contact-endpoint', 'same-origin']);
    expect(r.code).toBe(0);
    server = await serveStatic(out);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const pages: [string, string][] = [
    ['/', 'Revitalize Your Health in Tampa'],
    ['/trt-therapy/', 'Ongoing Monitoring'],
    ['/semaglutide/', 'Not Suitable For'],
    ['/nad-therapy/', 'Ongoing Optimization'],
    ['/hormone-optimization/', 'Safety First'],
    ['/vitamin-injections/', 'Safety First'],
    ['/about/', 'Why Tampa'],
    ['/contact/', 'Send Us a Message'],
    ['/privacy/', 'Your HIPAA Rights'],
    ['/terms/', 'Governing Law'],
    ['/contact/sent/', 'We will contact you within 24 hours.'],
  ];

  it.each(pages)('%s shows its content, styled, with no console errors', async (path, expected) => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = collectErrors(page);
    const res = await page.goto(server.url + path, { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(200);
    await expect(page.getByText(expected, { exact: false }).first().isVisible()).resolves.toBe(true);
    // The year of the build (decision 14): buildSample builds as of now.
    await expect(page.locator('footer').getByText(`© ${new Date().getUTCFullYear()} `).isVisible()).resolves.toBe(true);
    // The shared stylesheet applied: the header is fixed to the top.
    expect(await page.locator('header').evaluate((e) => getComputedStyle(e).position)).toBe('fixed');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('every internal link on every page resolves to a file of the site', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const broken: string[] = [];
    const checked = new Set<string>();
    for (const [path] of pages) {
      await page.goto(server.url + path);
      const urls = await page.$$eval('a[href], link[href], script[src], img[src]', (els) =>
        els.map((e) => (e as HTMLAnchorElement).href || (e as HTMLScriptElement).src),
      );
      for (const u of urls) {
        const url = new URL(u);
        if (url.origin !== server.url || checked.has(url.pathname)) continue;
        checked.add(url.pathname);
        const file = join(out, decodeURIComponent(url.pathname), url.pathname.endsWith('/') ? 'index.html' : '');
        if (!existsSync(file)) broken.push(`${path} -> ${url.pathname}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked.size).toBeGreaterThan(12);
    await page.close();
  });

  it('fits a 320 px wide screen on every page: nothing scrolls sideways', async () => {
    const page = await browser.newPage({ viewport: { width: 320, height: 640 } });
    const wide: string[] = [];
    for (const [path] of pages) {
      await page.goto(server.url + path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 320) wide.push(`${path}: ${width}px`);
    }
    expect(wide).toEqual([]);
    await page.close();
  });

  it('shows the confirmation at the top of a phone screen, under the fixed header, without scrolling', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = collectErrors(page);
    await page.goto(`${server.url}/contact/sent/`, { waitUntil: 'networkidle' });
    const header = (await page.locator('header').boundingBox())!;
    const box = async (locator: Locator) => (await locator.boundingBox())!;
    const title = await box(page.getByRole('heading', { level: 1, name: 'Message sent successfully!' }));
    const text = await box(page.getByText('We will contact you within 24 hours.'));
    expect(title.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(title.y).toBeLessThan(200);
    for (const link of [page.getByRole('link', { name: 'Back to the home page' }), page.getByRole('main').getByRole('link', { name: /^Call / })]) {
      const b = await box(link);
      expect(b.y + b.height).toBeLessThanOrEqual(PHONE.height);
    }
    expect(text.y + text.height).toBeLessThanOrEqual(PHONE.height);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    // waitFor, not isVisible(): the home page must have loaded, not merely be asked for.
    await page.getByText('Revitalize Your Health in Tampa').first().waitFor({ state: 'visible' });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lets a page reach only its own site and its contact endpoint (CSP)', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${server.url}/contact/`, { waitUntil: 'networkidle' });
    // The island took the form over under the page's policy: its script and styles were allowed.
    await expect(page.getByRole('region', { name: /^Notifications/ }).count()).resolves.toBe(1);
    await page.getByLabel('First Name').fill('Ann');
    const violations = await page.evaluate(async () => {
      const seen: string[] = [];
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
      await fetch('http://127.0.0.1:9/steal', { method: 'POST', body: 'x' }).catch(() => undefined);
      await fetch('/robots.txt');
      await new Promise((r) => setTimeout(r, 100));
      return seen;
    });
    expect(violations).toEqual(['connect-src http://127.0.0.1:9/steal']);
    await page.close();
  });

  it('answers an unknown path with the not-found page, styled', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = collectErrors(page);
    const res = await page.goto(`${server.url}/no/such/page`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('The link may be old, or the address may be mistyped.').isVisible()).resolves.toBe(true);
    expect(await page.locator('header').evaluate((e) => getComputedStyle(e).position)).toBe('fixed');
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await page.close();
  });
});
