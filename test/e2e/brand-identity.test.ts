import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, axeAudit, launchBrowser } from '../helpers/browser.js';
import { pagePaths } from '../helpers/built-brand-site.js';
import { tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';
import { serveStatic } from '../helpers/static-server.js';

// Issue 36 items 4 and 5, in Chromium, on the sample brand site as `clinic-gen build --site`
// writes it, served by a static server that lets the browser cache what it serves (as a CDN or any
// host with cache headers does: the shared files' names carry their content's hash):
// - one identity: every page shows the brand's name (the sample brand has no logo) and colour,
//   never a location's logo or colour (Orlando's own are a teal wordmark); the logo and Home lead
//   to `/` from every page and the breadcrumb agrees; a location's pages name it with Change clinic;
//   the brand's pages offer Find a clinic where a city's offer its phone; the 404 lists the clinics.
// - shared files once: moving from Tampa's page to Orlando's downloads no stylesheet, font, script
//   or icon again.

const BRAND_COLOR = '#1d4ed8';
const ORLANDO_OWN = { color: '#0f766e', logo: /orlando\/(logo|logo-light)\.png/ };

let out: string;
let browser: Browser;
let server: Awaited<ReturnType<typeof serveStatic>>;
/** Every request the server answered, by path, in order. */
const served: string[] = [];
/** The paths whose answer has been sent whole. */
const sent: string[] = [];

/** The sample brand site as the CLI writes it (built-brand-site.ts buildBrandSample), given the time a busy two-core machine needs for its photos. */
function buildSample(): string {
  const dir = join(tempDir('brand-identity-'), 'site');
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/clinic-gen.js'), 'build', '--site', 'configs/brand/northstar.yaml', '--config', 'configs', '--out', dir, '--contact-endpoint', 'https://clinic.example.com/api/contact', '-q'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, CI: '1' },
    timeout: 170_000,
  });
  if (r.status !== 0) throw new Error(`build failed (${r.signal ?? r.status}): ${r.stderr}`);
  return dir;
}

beforeAll(async () => {
  out = buildSample();
  server = await serveStatic(out, (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    served.push(path);
    res.on('finish', () => sent.push(path));
    // Each served file may be kept: the shared files for a year (their names change with their
    // content), the pages revalidated on every visit. Then let the folder server answer.
    res.setHeader('Cache-Control', /\.[0-9a-f]{10}\.(css|js|woff2)$/.test(path) ? 'public, max-age=31536000, immutable' : 'public, max-age=600');
    return false;
  });
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
  return { context, page };
}

/** The pages of the built site a visitor reads (not the moved addresses' redirect pages), and its 404. */
function readablePages(): string[] {
  return [...pagePaths(out).filter((p) => !readFileSync(join(out, p, 'index.html'), 'utf8').includes('http-equiv="refresh"')), '/no-such-page/'];
}

describe('shared files once', () => {
  it("moving from Tampa's page to Orlando's downloads no stylesheet, font, script or icon again", async () => {
    const { context, page } = await open('/locations/fl/tampa/');
    // The typeface is in use (so fetched) before the move.
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px Inter'))).toBe(true);
    // The browser asks for the icon after the page has loaded: once it has been sent (and kept), the
    // move to Orlando's page may be measured; before, its first fetch would count against the second
    // page (CI saw '/favicon.svg' there once).
    await expect.poll(() => sent.includes('/favicon.svg')).toBe(true);
    const first = served.splice(0);
    expect(first.filter((p) => /\.(css|woff2)$/.test(p))).toHaveLength(2);

    // What the second page fetches, as the browser sees it (bytes off the wire) and as the server does.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const bytes = new Map<string, number>();
    const urls = new Map<string, string>();
    cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
    cdp.on('Network.loadingFinished', (e) => bytes.set(e.requestId, e.encodedDataLength));
    await page.goto(`${server.url}/locations/fl/orlando/`, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    const second = served.splice(0);

    // Orlando's page is set in the same face, from the same stylesheet, and neither came again.
    expect(await page.evaluate(() => document.fonts.check('16px Inter'))).toBe(true);
    const sheets = await page.evaluate(() => [...document.styleSheets].map((s) => s.href).filter(Boolean));
    expect(sheets.map((h) => new URL(h!).pathname)).toEqual([expect.stringMatching(/^\/assets\/site\.[0-9a-f]{10}\.css$/)]);
    expect(second).toContain('/locations/fl/orlando/');
    expect(second.filter((p) => /\.(css|woff2|js)$|favicon/.test(p))).toEqual([]);
    const wire = [...bytes].filter(([id]) => /\.(css|woff2|js)$/.test(new URL(urls.get(id) ?? 'http://x/').pathname)).reduce((n, [, b]) => n + b, 0);
    expect(wire).toBe(0);
    await context.close();
  });

  it("a location's folder holds no copy of the shared files: they are once, at the brand's root", () => {
    for (const location of ['tampa', 'orlando', 'wesley-chapel']) {
      const html = readFileSync(join(out, 'locations/fl', location, 'index.html'), 'utf8');
      const linked = [...html.matchAll(/(?:href|src)="([^"]+\.(?:css|js|woff2)|[^"]*favicon\.svg)"/g)].map((m) => new URL(m[1]!, `https://b.example/locations/fl/${location}/`).pathname);
      expect(linked.length).toBeGreaterThanOrEqual(4);
      for (const path of linked) expect(path).toMatch(/^\/(assets\/[^/]+|favicon\.svg)$/);
      for (const path of linked) expect(() => readFileSync(join(out, path.slice(1))), path).not.toThrow();
    }
  });
});

describe('one identity', () => {
  it('the logo and Home lead to / from every page, and the breadcrumb agrees', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    const pages = readablePages();
    expect(pages.length).toBeGreaterThan(20);
    for (const path of pages) {
      await page.goto(`${server.url}${path}`, { waitUntil: 'domcontentloaded' });
      // A Spanish page (issue 40 item 5) leads to the brand's Spanish home and directory, in Spanish words.
      const es = path.startsWith('/es/');
      const words = es ? { home: 'Inicio', locations: 'Ubicaciones', main: 'Principal', crumb: 'Ruta de navegación' } : { home: 'Home', locations: 'Locations', main: 'Main', crumb: 'Breadcrumb' };
      const links = await page.evaluate((w) => {
        const header = document.querySelector('header')!;
        const path = (a: Element | null | undefined) => (a ? new URL((a as HTMLAnchorElement).href).pathname : null);
        return {
          logo: path(header.querySelector('a[aria-label]:not([href="#main"])')),
          home: [...header.querySelectorAll('nav a')].filter((a) => a.textContent === w.home).map(path),
          locations: [...header.querySelectorAll(`nav[aria-label="${w.main}"] a`)].filter((a) => a.textContent === w.locations).map(path),
          crumb: path(document.querySelector(`nav[aria-label="${w.crumb}"] a`)),
          footerLogo: path(document.querySelector('footer a[aria-label]')),
        };
      }, words);
      const home = es ? '/es/' : '/';
      expect(links, path).toMatchObject({ logo: home, home: [home, home], locations: [es ? '/es/ubicaciones/' : '/locations/'], footerLogo: home });
      if (links.crumb !== null) expect(links.crumb, path).toBe(home);
    }
    await context.close();
  }, 120_000);

  it("every page shows the brand's name and colour, never a location's logo or colour", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of ['/', '/locations/', '/locations/fl/orlando/', '/locations/fl/orlando/contact/', '/locations/fl/wesley-chapel/', '/trt-therapy/', '/no-such-page/']) {
      await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
      const seen = await page.evaluate(() => ({
        brand: getComputedStyle(document.documentElement).getPropertyValue('--brand').trim(),
        theme: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
        name: document.querySelector('header a[aria-label$=" home"]')!.textContent,
        images: [...document.querySelectorAll('header img, footer img')].map((i) => (i as HTMLImageElement).src),
      }));
      expect(seen, path).toEqual({ brand: BRAND_COLOR, theme: BRAND_COLOR, name: "Northstar Men's Health", images: [] });
    }
    // Orlando's own teal and wordmark are nowhere on the brand's domain.
    const html = pagePaths(out).map((p) => readFileSync(join(out, p, 'index.html'), 'utf8'));
    expect(html.filter((h) => h.includes(ORLANDO_OWN.color) || ORLANDO_OWN.logo.test(h.replace(/<script type="application\/ld\+json">.*?<\/script>/gs, '')))).toEqual([]);
    await context.close();
  });

  it("a location's pages name it with Change clinic, which leads to /locations/; its logo and Home lead to /", async () => {
    const { context, page } = await open('/locations/fl/tampa/contact/', PHONE);
    const header = page.locator('header');
    await expect.poll(() => header.getByRole('link', { name: 'Tampa, FL' }).getAttribute('href')).toBe('../');
    await header.getByRole('link', { name: 'Change clinic' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/locations/');
    await page.goto(`${server.url}/locations/fl/orlando/contact/`);
    await page.getByRole('link', { name: "Northstar Men's Health home" }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    // Home, in the phone's menu.
    await page.goto(`${server.url}/locations/fl/wesley-chapel/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it("the brand's own pages offer Find a clinic where a city's offer its phone; its 404 lists the clinics", async () => {
    const { context, page } = await open('/trt-therapy/', PHONE);
    const bar = page.getByRole('navigation', { name: 'Find a clinic near you' });
    await expect.poll(() => bar.isVisible()).toBe(true);
    // Neither the bar nor the header offers a phone: the page is of no clinic (the clinics it lists each have theirs).
    expect(await bar.locator('a[href^="tel:"]').count()).toBe(0);
    expect(await page.locator('header a[href^="tel:"]').count()).toBe(0);
    await bar.getByRole('link', { name: 'Find a clinic' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/locations/');

    await page.goto(`${server.url}/no-such-page/`);
    const main = page.locator('main');
    for (const [city, path] of [['Tampa, FL', '/locations/fl/tampa/'], ['Orlando, FL', '/locations/fl/orlando/'], ['Wesley Chapel, FL', '/locations/fl/wesley-chapel/']] as const) {
      expect(new URL((await main.getByRole('link', { name: city }).getAttribute('href'))!, page.url()).pathname).toBe(path);
    }
    expect(await main.locator('a[href^="tel:"]').count()).toBe(3);
    expect(await main.locator('a[href$="/contact/"]').count()).toBe(3);
    await context.close();
  });
});

describe('accessibility', () => {
  it.each([
    ['/', PHONE],
    ['/trt-therapy/', DESKTOP],
    ['/locations/fl/tampa/', PHONE],
    ['/locations/fl/orlando/contact/', DESKTOP],
    ['/no-such-page/', PHONE],
  ] as const)('axe-core finds no violations on %s', async (path, viewport) => {
    const { context, page } = await open(path, viewport);
    const result = await axeAudit(page);
    expect(result.violations).toEqual([]);
    expect(result.passes).toBeGreaterThan(10);
    await context.close();
  }, 90_000);
});
