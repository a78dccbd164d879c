import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/server/log/logger.js';
import { startServer } from '../../src/server/start.js';
import { DESKTOP, PHONE, axeAudit, collectErrors, launchBrowser } from '../helpers/browser.js';
import { buildBrandSample } from '../helpers/built-brand-site.js';
import { buildSample } from '../helpers/built-site.js';
import { tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';
import { serveStatic } from '../helpers/static-server.js';

/**
 * The not-found page speaks to patients (NOTES.md decision 15, issue 35): on each sample city site,
 * on the brand site and from the clinic server, an unknown address answers 404 with "Page Not
 * Found", why it may be so, and the way back: the home page, the services, the contact page and
 * the phone (the brand site, with no phone or contact page of its own, its locations). No page of
 * any of them says "router", the specification's placeholder.
 */
const CITIES = ['tampa', 'wesley-chapel', 'orlando'] as const;
const MESSAGE = 'The page you were looking for is not here. The link may be old, or the address may be mistyped.';

let browser: Browser;
const dirs = new Map<string, string>();
const servers = new Map<string, { url: string; close: () => Promise<void> }>();
beforeAll(async () => {
  browser = await launchBrowser();
  for (const site of [...CITIES, 'brand'] as const) {
    const dir = site === 'brand' ? buildBrandSample() : buildSample(site);
    dirs.set(site, dir);
    servers.set(site, await serveStatic(dir));
  }
  const key = randomBytes(32).toString('base64');
  servers.set('server', await startServer({ configPath: join(ROOT, 'configs/tampa.yaml'), port: 0, dataDir: tempDir('clinic-404-'), env: { DATA_KEY: key }, logger: silentLogger }));
}, 120_000);
afterAll(async () => {
  await browser?.close();
  for (const s of servers.values()) await s.close();
});

/** Opens an unknown address of a site: its status, and the page. */
async function missing(site: string, viewport = PHONE): Promise<{ status: number | undefined; page: Page; errors: string[] }> {
  // A context of its own: axe-core analyses a page only there.
  const page = await (await browser.newContext({ viewport })).newPage();
  const errors = collectErrors(page);
  const res = await page.goto(`${servers.get(site)!.url}/no/such-page/`, { waitUntil: 'networkidle' });
  return { status: res?.status(), page, errors };
}

/** The links of the page's own part to pages, in order: their text and path (the phone's tel: link aside). */
const mainLinks = (page: Page) =>
  page.locator('main a[href]').evaluateAll((as) =>
    (as as HTMLAnchorElement[]).filter((a) => a.protocol.startsWith('http')).map((a): [string, string] => [a.textContent!.replace(/\s+/g, ' ').trim(), a.pathname + a.hash]),
  );

const PLACES: [string, string][] = [...CITIES.map((c): [string, string] => [c, c]), ['the clinic server (tampa)', 'server']];

describe.each(PLACES)('the not-found page of %s', (_, site) => {
  it('answers 404 saying the page was not found and why, with a way to the home page, every service, the contact page and the phone', async () => {
    const { status, page, errors } = await missing(site);
    expect(status).toBe(404);
    expect(await page.title()).toMatch(/^404 Page Not Found \| /);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Page Not Found');
    expect(await page.getByText(MESSAGE).isVisible()).toBe(true);
    // Every page of the menu, the services among them, in the menu's order; About and Contact too.
    const menu = await page.locator('#menu-drawer nav a').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(menu.length).toBeGreaterThan(4);
    const links = await mainLinks(page);
    expect(links.map(([, path]) => path).filter((p) => menu.includes(p))).toEqual(menu);
    expect(links.map(([name]) => name)).toEqual(expect.arrayContaining(['Home', 'About', 'Contact']));
    // The phone, as the header's Call button dials it.
    const tel = await page.locator('header a[href^="tel:"]').first().getAttribute('href');
    const call = page.locator(`main a[href="${tel}"]`);
    expect(await call.isVisible()).toBe(true);
    expect(await call.textContent()).toMatch(/^Call \(\d{3}\) \d{3}-\d{4}$/);
    for (const [name, path] of links) {
      const r = await page.request.get(new URL(path, page.url()).href);
      expect(r.status(), `${name}: ${path}`).toBe(200);
    }
    // Its script and stylesheet are there, wherever it is served from (the menu's script among them).
    const files = await page.locator('script[src], link[rel=stylesheet]').evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).src || (e as HTMLLinkElement).href));
    expect(files.some((f) => /\/assets\/menu\.[0-9a-f]{10}\.js$/.test(f))).toBe(true);
    for (const f of files) expect((await page.request.get(f)).status(), f).toBe(200);
    expect(await page.content()).not.toMatch(/router/i);
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('has no axe-core violations on a %s', async (_, viewport) => {
    const { page } = await missing(site, viewport);
    expect((await axeAudit(page)).violations).toEqual([]);
    await page.context().close();
  });
});

describe('the brand site\'s not-found page', () => {
  it('answers 404 saying the page was not found and why, with a way to the home page, the treatments, every location and each state', async () => {
    const { status, page } = await missing('brand');
    expect(status).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Page Not Found');
    expect(await page.getByText(MESSAGE).isVisible()).toBe(true);
    expect(await mainLinks(page)).toEqual([
      ['Home', '/'],
      ['Treatments', '/#services'],
      ['All locations', '/locations/'],
      ['Florida locations', '/locations/fl/'],
      // In place of a city's contact page and phone, each clinic with its own (issue 36 item 4), and Find a clinic.
      ...['Tampa', 'Wesley Chapel', 'Orlando'].flatMap((city) => {
        const path = `/locations/fl/${city.toLowerCase().replace(' ', '-')}/`;
        return [[`${city}, FL`, path], [`Contact ${city}`, `${path}contact/`]];
      }),
      ['Find a clinic', '/locations/'],
    ]);
    await page.getByRole('link', { name: 'Treatments' }).click();
    await page.waitForURL(/\/#services$/);
    expect(await page.locator('#services h2').isVisible()).toBe(true);
    await page.context().close();
  });

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ])('has no axe-core violations on a %s', async (_, viewport) => {
    const { page } = await missing('brand', viewport);
    expect((await axeAudit(page)).violations).toEqual([]);
    await page.context().close();
  });
});

describe('no page says "router"', () => {
  it.each([...CITIES, 'brand'])('%s: not one of its HTML files', (site) => {
    const dir = dirs.get(site)!;
    const pages = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
    expect(pages).toContain('404.html');
    expect(pages.filter((f) => /router/i.test(readFileSync(join(dir, f), 'utf8')))).toEqual([]);
  });
});
