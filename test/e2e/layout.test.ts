import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSite } from '../../src/pages/render-site.js';
import { launchBrowser } from '../helpers/browser.js';
import { buildSample } from '../helpers/built-site.js';
import { configWith } from '../helpers/site.js';
import { serveFiles, serveStatic } from '../helpers/static-server.js';

/**
 * Layout as a patient sees it, in a real browser at phone, laptop and desktop widths: the logo and
 * name fit, the nav and the phone number never wrap, opening hours stay whole, grids fit their
 * count, credentials do not look like links, and the closing call to action stands apart from the
 * footer.
 */
type Served = Awaited<ReturnType<typeof serveStatic>>;
let browser: Browser;
const sites: Record<'wesley' | 'orlando' | 'longName', Served> = {} as never;

/** A config rendered in this process (no photos), served. */
const serveRendered = (patch: Parameters<typeof configWith>[0]) => serveFiles(renderSite(configWith(patch)));

beforeAll(async () => {
  [sites.wesley, sites.orlando, sites.longName, browser] = await Promise.all([
    serveStatic(buildSample('wesley-chapel')),
    serveStatic(buildSample('orlando')),
    serveRendered({ businessName: 'Northstar Men\'s Health and Wellness Center', logoUrl: undefined }),
    launchBrowser(),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all(Object.values(sites).map((s) => s?.close()));
});

async function open(site: Served, path: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  await page.goto(site.url + path, { waitUntil: 'load' });
  return page;
}

type Box = { left: number; right: number; top: number; bottom: number; width: number; height: number };
const box = (page: Page, selector: string): Promise<Box> =>
  page.locator(selector).first().evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height };
  });
/** The header bar (the drawer is the header's other div) and its tap-to-call button. */
const BAR = 'header > div:first-of-type';
const PHONE = `${BAR} a[href^="tel:"]`;
/** True when an element's text sits on one line: no taller than one and a half of its line height. */
const oneLine = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((e) => e.getBoundingClientRect().height < 1.5 * parseFloat(getComputedStyle(e).lineHeight));

describe.each([320, 375, 1024, 1440])('header at %i px', (width) => {
  it.each(['wesley', 'orlando', 'longName'] as const)('%s: the logo and the whole clinic name fit, nothing overflows', async (name) => {
    const page = await open(sites[name], '/', width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
    const link = 'header a[aria-label$=" home"]';
    const logo = await box(page, link);
    expect(logo.left).toBeGreaterThanOrEqual(0);
    expect(logo.right).toBeLessThanOrEqual(width);
    const header = await box(page, BAR);
    expect(logo.top).toBeGreaterThanOrEqual(header.top);
    expect(logo.bottom).toBeLessThanOrEqual(header.bottom);
    const phone = await box(page, PHONE);
    const nameShown = await page.locator(`${link} span.font-bold`).count();
    if (nameShown) {
      const text = await box(page, `${link} span.font-bold`);
      expect(text.left).toBeGreaterThanOrEqual(0);
      expect(text.right).toBeLessThanOrEqual(phone.left);
      // Not cut: the text is as wide and tall as its box.
      expect(await page.locator(`${link} span.font-bold`).evaluate((e) => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight)).toBe(true);
    } else {
      expect(name).toBe('orlando'); // the sample whose logo includes the name
    }
    const img = page.locator(`${link} img`);
    if (await img.count()) {
      expect(await img.evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth > 0)).toBe(true);
      expect((await box(page, `${link} img`)).right).toBeLessThanOrEqual(phone.left);
    }
    expect(await page.locator(PHONE).isVisible()).toBe(true);
    // On a phone the button reads "Call" (under 360 px only to screen readers): still its name.
    if (width < 640) expect(await page.getByRole('link', { name: 'Call', exact: true }).isVisible()).toBe(true);
    await page.close();
  });
});

describe.each([1024, 1280, 1440])('nav and phone button at %i px', (width) => {
  it('the nav never wraps a link ("TRT / Therapy") and the phone number stays on one line', async () => {
    const page = await open(sites.wesley, '/', width);
    const nav = page.locator('nav[aria-label="Main"]');
    const menu = page.getByRole('button', { name: 'Open menu' });
    expect((await nav.isVisible()) !== (await menu.isVisible())).toBe(true);
    if (await nav.isVisible()) {
      for (const a of await nav.locator('a').all()) expect(await a.evaluate((e) => e.getClientRects().length === 1 && e.getBoundingClientRect().height < 1.5 * parseFloat(getComputedStyle(e).lineHeight))).toBe(true);
      const last = await box(page, 'nav[aria-label="Main"] li:last-child');
      expect(last.right).toBeLessThanOrEqual((await box(page, PHONE)).left);
    }
    expect(await oneLine(page, `${PHONE} span.sm\\:inline`)).toBe(true);
    expect(await page.locator(PHONE).evaluate((e) => e.getBoundingClientRect().height)).toBeLessThanOrEqual(48);
    if (width >= 1280) expect(await nav.isVisible()).toBe(true);
    await page.close();
  });
});

describe.each([320, 375])('contact page at %i px', (width) => {
  it('opening hours never wrap inside a time ("9:00 AM-6:00 / PM") or a day range', async () => {
    const page = await open(sites.wesley, '/contact/', width);
    const card = await box(page, '#contact dl');
    const rows = page.locator('#contact dl > div');
    expect(await rows.count()).toBe(3);
    for (const cell of await page.locator('#contact dl dt, #contact dl dd').all()) {
      expect(await cell.evaluate((e) => e.getBoundingClientRect().height < 1.5 * parseFloat(getComputedStyle(e).lineHeight))).toBe(true);
      expect(await cell.evaluate((e, right) => e.getBoundingClientRect().right <= right + 0.5, card.right)).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(0);
    await page.close();
  });
});

/** Column tracks of a grid, and how far its middle is from the middle of its section. */
const gridOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((ul) => {
    const r = ul.getBoundingClientRect();
    const items = [...ul.children].map((li) => li.getBoundingClientRect());
    const left = Math.min(...items.map((i) => i.left));
    const right = Math.max(...items.map((i) => i.right));
    const section = ul.closest('section')!.getBoundingClientRect();
    return {
      tracks: getComputedStyle(ul).gridTemplateColumns.split(' ').length,
      offCentre: Math.abs((left + right) / 2 - (section.left + section.right) / 2),
      rows: new Set(items.map((i) => Math.round(i.top))).size,
      width: r.width,
    };
  });

describe.each([1024, 1440])('grids fit their count at %i px', (width) => {
  it('one "More Treatments" card gets a centred column of its own, not a third of an empty row', async () => {
    const page = await open(sites.wesley, '/', width);
    expect(await page.locator('#more-treatments > div > ul > li').count()).toBe(1);
    const g = await gridOf(page, '#more-treatments > div > ul');
    expect(g.tracks).toBe(1);
    expect(g.offCentre).toBeLessThan(2);
    await page.close();
  });

  it('two team cards sit side by side in two columns, centred', async () => {
    const page = await open(sites.wesley, '/about/', width);
    expect(await page.locator('#team > div > ul > li').count()).toBe(2);
    const g = await gridOf(page, '#team > div > ul');
    expect(g).toMatchObject({ tracks: 2, rows: 1 });
    expect(g.offCentre).toBeLessThan(2);
    await page.close();
  });
});

describe('colours and separation', () => {
  it('team credentials are not coloured like links', async () => {
    const page = await open(sites.wesley, '/about/', 1440);
    const credentials = await page.locator('#team li p.font-medium').first().evaluate((e) => getComputedStyle(e).color);
    const link = await page.locator('#why-city a[href^="tel:"]').evaluate((e) => getComputedStyle(e).color);
    expect(credentials).not.toBe(link);
    expect(credentials).not.toBe('rgb(29, 78, 216)'); // the sample's brand blue
    await page.close();
  });

  it.each([375, 1440])('at %i px the dark call-to-action panel stands apart from the dark footer', async (width) => {
    const page = await open(sites.wesley, '/', width);
    const panel = await box(page, 'section[aria-labelledby="cta-title"] > div');
    const footer = await box(page, 'footer');
    expect(footer.top - panel.bottom).toBeGreaterThanOrEqual(24);
    const [gap, foot] = await Promise.all([
      page.locator('section[aria-labelledby="cta-title"]').evaluate((e) => getComputedStyle(e).backgroundColor),
      page.locator('footer').evaluate((e) => getComputedStyle(e).backgroundColor),
    ]);
    expect(gap).toBe('rgb(255, 255, 255)');
    expect(foot).not.toBe(gap);
    await page.close();
  });
});
