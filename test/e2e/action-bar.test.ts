import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACTION_BAR_LABEL as ES_BAR_LABEL } from '../../src/pages/content/es/action-bar.js';
import { renderSite } from '../../src/pages/render-site.js';
import { silentLogger } from '../../src/server/log/logger.js';
import { startServer } from '../../src/server/start.js';
import { DESKTOP, PHONE, axeAudit, collectErrors, launchBrowser } from '../helpers/browser.js';
import { buildSample } from '../helpers/built-site.js';
import { tempDir } from '../helpers/cli.js';
import { ROOT, configWith } from '../helpers/site.js';
import { serveFiles, serveStatic } from '../helpers/static-server.js';

/**
 * Issue 35, item 4, as a patient on a 375x667 phone: one tap to call, book or find the clinic. The
 * bar fixed to the bottom of the screen (Call, Book, Directions) on the three sample sites and on
 * a city with a booking page; nothing it covers is out of reach (the footer's last link on every
 * page, the form's Send button); the TRT page's Schedule Consultation opens the form with TRT
 * chosen, with JavaScript and without, a message sent without it landing on contact/sent/.
 */
// Each test drives a real browser through a few pages: on a loaded machine that takes a while.
vi.setConfig({ testTimeout: 60_000 });

type Served = Awaited<ReturnType<typeof serveStatic>>;
const SAMPLES = ['tampa', 'orlando', 'wesley-chapel'] as const;
const BOOKING = 'https://booking.example.com/northstar-wesley-chapel';
// The bar in either language: the samples Tampa and Orlando publish Spanish pages too (issue 40).
const BAR = `nav[aria-label="Call, book or get directions"], nav[aria-label="${ES_BAR_LABEL}"]`;

/** What the sites' form endpoint received (the island posts JSON to the same origin). */
const received: Record<string, unknown>[] = [];
async function contactEndpoint(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (req.url !== '/api/contact' || req.method !== 'POST') return false;
  let body = '';
  for await (const chunk of req) body += chunk;
  received.push(JSON.parse(body) as Record<string, unknown>);
  res.writeHead(201, { 'Content-Type': 'application/json' }).end('{"success":true,"id":"1"}');
  return true;
}

let browser: Browser;
const sites = {} as Record<(typeof SAMPLES)[number] | 'booking', Served>;
/** Each sample's pages, as the paths a visitor opens (`/`, `/contact/trt-therapy/`), and one that is not there. */
const paths = {} as Record<(typeof SAMPLES)[number], string[]>;

/** A config rendered in this process (no photos), served. */
const serveRendered = (patch: Parameters<typeof configWith>[0]) => serveFiles(renderSite(configWith(patch)));

function pagesOf(dir: string): string[] {
  const found = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f === 'index.html' || f.endsWith('/index.html'));
  return [...found.map((f) => (f === 'index.html' ? '/' : `/${dirname(f)}/`)).sort(), '/missing-page'];
}

beforeAll(async () => {
  const built = SAMPLES.map((s) => [s, buildSample(s)] as const);
  for (const [s, dir] of built) paths[s] = pagesOf(dir);
  const served = await Promise.all(built.map(([, dir]) => serveStatic(dir, contactEndpoint)));
  built.forEach(([s], i) => (sites[s] = served[i]!));
  sites.booking = await serveRendered({ bookingUrl: BOOKING });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all(Object.values(sites).map((s) => s?.close()));
});

const bar = (page: Page) => page.locator(BAR);
const action = (page: Page, word: 'Call' | 'Book' | 'Directions') => bar(page).getByRole('link', { name: new RegExp(`^${word}\\b`) });

/** Whether the point at the centre of `target` is `target` itself (or inside it): nothing fixed lies over it. */
async function onTop(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

/** Scrolls to the very end of the page and waits until it is there. */
async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForFunction(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1);
}

/** The part of `target` inside the viewport, below the fixed header (64 px). */
async function inView(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 64 && r.bottom <= window.innerHeight;
  });
}

describe('the bar at 375 px', () => {
  it.each(SAMPLES)('%s: Call is a tel: link, Book opens the contact form at its card, Directions the maps link; each a labelled 44 px target', async (name) => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = collectErrors(page);
    await page.goto(`${sites[name].url}/`, { waitUntil: 'load' });
    await bar(page).waitFor();
    const box = (await bar(page).boundingBox())!;
    expect(box.y + box.height).toBe(PHONE.height);
    expect(box.width).toBe(PHONE.width);
    expect(await action(page, 'Call').getAttribute('href')).toMatch(/^tel:\+1\d{10}$/);
    expect(await action(page, 'Directions').getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    for (const word of ['Call', 'Book', 'Directions'] as const) {
      const link = action(page, word);
      expect(await link.isVisible(), word).toBe(true);
      expect((await link.boundingBox())!.height, word).toBeGreaterThanOrEqual(44);
      expect(await link.locator('svg').count(), word).toBe(1);
      expect(await onTop(link), word).toBe(true);
    }
    // The header's own Call button stays.
    expect(await page.locator('header a[href^="tel:"]').first().isVisible()).toBe(true);
    // Book, for a city without a booking page: the contact page, scrolled to the form.
    await action(page, 'Book').click();
    await page.waitForURL(`${sites[name].url}/contact/#send-message`);
    const heading = page.getByRole('heading', { name: 'Send Us a Message' });
    await expect.poll(() => inView(heading)).toBe(true);
    expect(await page.getByLabel('First Name').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("opens the city's booking page from Book when it has one", async () => {
    const ctx = await browser.newContext({ viewport: PHONE });
    // The booking page is another site: answered here, so nothing leaves the machine.
    await ctx.route(`${BOOKING}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Book online</title><h1>Booking</h1>' }));
    const page = await ctx.newPage();
    await page.goto(`${sites.booking.url}/trt-therapy/`);
    expect(await action(page, 'Book').getAttribute('href')).toBe(BOOKING);
    await action(page, 'Book').click();
    await page.waitForURL(BOOKING);
    expect(await page.title()).toBe('Book online');
    await ctx.close();
  });

  it('is not shown on a desktop, nor printed', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${sites.tampa.url}/`);
    expect(await bar(page).isVisible()).toBe(false);
    await page.setViewportSize(PHONE);
    expect(await bar(page).isVisible()).toBe(true);
    await page.emulateMedia({ media: 'print' });
    expect(await bar(page).isVisible()).toBe(false);
    await page.close();
  });
});

describe('nothing the bar covers is out of reach', () => {
  it.each(SAMPLES)("%s: at the end of every page the footer's last link is clickable, not the bar", async (name) => {
    const page = await browser.newPage({ viewport: PHONE });
    expect(paths[name]).toContain('/contact/trt-therapy/');
    for (const path of paths[name]) {
      await page.goto(sites[name].url + path, { waitUntil: 'load' });
      await scrollToEnd(page);
      const last = page.locator('footer a').last();
      expect(await bar(page).isVisible(), path).toBe(true);
      expect(await onTop(last), `${path}: ${await last.textContent()}`).toBe(true);
      // Its whole box sits above the bar.
      const [link, barBox] = [(await last.boundingBox())!, (await bar(page).boundingBox())!];
      expect(link.y + link.height, path).toBeLessThanOrEqual(barBox.y);
    }
    await page.close();
  }, 120_000);

  it('steps aside while the form is on screen, so Send is never under it, and comes back past the form', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    await page.goto(`${sites.tampa.url}/contact/`, { waitUntil: 'load' });
    expect(await bar(page).isVisible()).toBe(true);
    const send = page.getByRole('button', { name: 'Send Message' });
    // Send at the very bottom of the screen, where the bar is.
    await send.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    // The form near brings the island, which replaces the static form (and its Send) in place; a
    // button looked up just before that is detached by the time it is measured, so measure after.
    await page.getByRole('region', { name: /Notifications/ }).waitFor({ state: 'attached' });
    await expect.poll(() => bar(page).isVisible()).toBe(false);
    expect(await onTop(send)).toBe(true);
    await scrollToEnd(page);
    await expect.poll(() => bar(page).isVisible()).toBe(true);
    await page.close();
  });

  it('without JavaScript, Send reached by the keyboard stops above the bar', async () => {
    const ctx = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${sites.tampa.url}/contact/`);
    const send = page.getByRole('button', { name: 'Send Message' });
    // In the Message field, Send just below the screen: Tab brings it up from under the bar's edge.
    await page.getByLabel('Message').evaluate((el) => (el as HTMLElement).focus({ preventScroll: true }));
    await send.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight));
    expect(await send.evaluate((el) => el.getBoundingClientRect().top >= window.innerHeight)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await send.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await bar(page).isVisible()).toBe(true);
    expect(await onTop(send)).toBe(true);
    // Brought into view the least distance (as a browser shows a field it points at), it stops above the bar too.
    await send.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight));
    await send.evaluate((el) => el.scrollIntoView({ block: 'nearest' }));
    expect(await onTop(send)).toBe(true);
    await ctx.close();
  });
});

describe("the TRT page's Schedule Consultation (a city without a booking page)", () => {
  it('opens the form with TRT Therapy chosen, kept when the form comes to life, and sends it', async () => {
    received.length = 0;
    const page = await browser.newPage({ viewport: PHONE });
    const errors = collectErrors(page);
    await page.goto(`${sites.tampa.url}/trt-therapy/`, { waitUntil: 'load' });
    await page.getByRole('link', { name: 'Schedule Consultation' }).first().click();
    await page.waitForURL(`${sites.tampa.url}/contact/trt-therapy/#send-message`);
    await expect.poll(() => inView(page.getByRole('heading', { name: 'Send Us a Message' }))).toBe(true);
    // The island has taken the form over (its notifications region is there) and kept the choice.
    await page.getByRole('region', { name: /Notifications/ }).waitFor({ state: 'attached' });
    expect(await page.getByLabel('Service Interest').inputValue()).toBe('TRT Therapy');
    await page.getByLabel('First Name').fill('Marcus');
    await page.getByLabel('Last Name').fill('Hale');
    await page.getByLabel('Email').fill('marcus@example.com');
    await page.getByLabel('Message').fill('I would like to ask about testosterone therapy.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toMatchObject({ service: 'TRT Therapy', site: 'tampa', page: 'contact/trt-therapy/' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each(SAMPLES)('%s: without JavaScript the form opens with TRT Therapy chosen', async (name) => {
    const ctx = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${sites[name].url}/trt-therapy/`);
    await page.getByRole('link', { name: 'Schedule Consultation' }).last().click();
    await page.waitForURL(`${sites[name].url}/contact/trt-therapy/#send-message`);
    expect(await inView(page.getByRole('heading', { name: 'Send Us a Message' }))).toBe(true);
    expect(await page.getByLabel('Service Interest').inputValue()).toBe('TRT Therapy');
    await ctx.close();
  });
});

describe('on the clinic server, without JavaScript', () => {
  let server: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    server = await startServer({
      configPath: join(ROOT, 'configs/wesley-chapel.yaml'),
      port: 0,
      dataDir: tempDir('clinic-action-bar-'),
      env: { DATA_KEY: randomBytes(32).toString('base64') },
      logger: silentLogger,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("a message sent from the TRT page's form lands on the site's confirmation page", async () => {
    const ctx: BrowserContext = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/trt-therapy/`);
    await page.getByRole('link', { name: 'Schedule Consultation' }).first().click();
    await page.waitForURL(`${server.url}/contact/trt-therapy/#send-message`);
    expect(await page.getByLabel('Service Interest').inputValue()).toBe('TRT Therapy');
    await page.getByLabel('First Name').fill('Nojs');
    await page.getByLabel('Last Name').fill('Okafor');
    await page.getByLabel('Email').fill('n.okafor@example.com');
    await page.getByLabel('Message').fill('Could I come in about TRT next week?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL(`${server.url}/contact/sent/`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Message sent successfully!');
    await ctx.close();
  });
});

describe('axe-core at 375 px, with the bar', () => {
  it.each(SAMPLES.flatMap((s) => ['/', '/trt-therapy/', '/contact/', '/contact/trt-therapy/'].map((p) => [s, p] as const)))('%s %s has no violations', async (name, path) => {
    // axe-core's Playwright runner wants a page of a context of its own.
    const ctx = await browser.newContext({ viewport: PHONE });
    const page = await ctx.newPage();
    await page.goto(sites[name].url + path, { waitUntil: 'networkidle' });
    expect(await bar(page).isVisible()).toBe(true);
    const result = await axeAudit(page);
    expect(result.violations).toEqual([]);
    expect(result.passes).toBeGreaterThan(10);
    await ctx.close();
  }, 60_000);
});
