import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, axeAudit, launchBrowser } from '../helpers/browser.js';
import { buildBrandSampleAsync } from '../helpers/built-brand-site.js';
import { ROOT } from '../helpers/site.js';
import { serveStatic } from '../helpers/static-server.js';

// Issue 36 item 6, "the finder answers the question asked", on the sample brand site as
// `clinic-gen build --site` writes it, on a plain static server, in Debian's Chromium: 33544, then
// 30303 (Atlanta: no Georgia clinic), then `abcde`, then 32801. Each answer stands alone (nothing
// of an earlier one is visible), Atlanta is told how far the nearest clinic is and offered its
// contact form, the live line says what the box shows, no request leaves the site, axe finds
// nothing. The box's other cases are in locator.e2e.test.ts.

/** The brand's name as its config has it: the far answer says it, never a name written here. */
const BRAND = /^businessName: (.+)$/m.exec(readFileSync(join(ROOT, 'configs/brand/northstar.yaml'), 'utf8'))![1]!.trim();

let out: string;
let browser: Browser;
let server: Awaited<ReturnType<typeof serveStatic>>;

beforeAll(async () => {
  out = await buildBrandSampleAsync('clinic-gen-brand-finder-');
  server = await serveStatic(out);
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Opened {
  context: BrowserContext;
  page: Page;
  requests: string[];
  errors: string[];
}

async function open(): Promise<Opened> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${server.url}/`, { waitUntil: 'load' });
  return { context, page, requests, errors };
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Types a ZIP and presses the button, as a person would; waits until the box has answered (a new live line, the search done). */
async function search(page: Page, zip: string): Promise<string> {
  const before = await page.locator('#locator-status').textContent();
  await page.getByLabel('ZIP code').fill(zip);
  await page.getByRole('button', { name: 'Find your clinic' }).click();
  await page.waitForFunction(
    (prev) => document.getElementById('locator-status')!.textContent !== prev && !('busy' in document.getElementById('find-your-clinic')!.dataset),
    before,
  );
  return squash(await page.locator('#locator-status').innerText());
}

/** What the box shows now, as a sighted person reads it: its visible text, the field's value aside. */
const shown = async (page: Page) => squash(await page.locator('#find-your-clinic').innerText());

/**
 * The live line is what a screen reader announces: all of it is shown (nothing in it hidden), and
 * what it says agrees with the ranked list shown under it.
 */
async function announcementMatches(page: Page): Promise<void> {
  const live = page.locator('#locator-status');
  expect(await live.getAttribute('role')).toBe('status');
  expect(squash((await live.textContent()) ?? '')).toBe(squash(await live.innerText()));
  expect(await live.isVisible()).toBe(true);
}

/** The ranked list as shown: each card's name and distance. */
async function rankedShown(page: Page): Promise<{ name: string; away: string }[]> {
  if (await page.locator('#locator-results').isHidden()) return [];
  return page.locator('#locator-results ol > li').evaluateAll((lis) =>
    lis.map((li) => ({ name: li.querySelector('h4')!.textContent!, away: (li.querySelector('[data-miles]') as HTMLElement).innerText })),
  );
}

describe('the finder answers the question asked (issue 36 item 6)', () => {
  it('33544, then 30303, then abcde, then 32801: each answer alone, Atlanta told how far, nothing from elsewhere, axe 0', async () => {
    const { context, page, requests, errors } = await open();

    // 33544: Wesley Chapel, near.
    const first = await search(page, '33544');
    expect(first).toBe('Nearest to 33544: Wesley Chapel, 4 miles.');
    expect((await rankedShown(page))[0]).toEqual({ name: 'Wesley Chapel', away: '4 miles away' });
    await announcementMatches(page);

    // 30303: Atlanta, in a state with no clinic. The national table answers: the nearest clinic,
    // its place and distance, the brand from its config, and that clinic's contact form.
    const atlanta = await search(page, '30303');
    const far = new RegExp(`^The nearest ${BRAND.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} clinic is (\\w[\\w ]*), FL, ([\\d,]+) miles away\\. Send our (\\w[\\w ]*) clinic a message$`).exec(atlanta);
    expect(far, atlanta).not.toBeNull();
    const [, place, miles, contactCity] = far!;
    expect(Number(miles!.replace(',', ''))).toBeGreaterThan(300);
    expect(contactCity).toBe(place);
    const ranked = await rankedShown(page);
    expect(ranked[0]).toEqual({ name: place, away: `${miles} miles away` });
    expect(ranked).toHaveLength(3);
    const contact = page.locator('#locator-status').getByRole('link', { name: `Send our ${place} clinic a message` });
    expect(await contact.isVisible()).toBe(true);
    const contactUrl = new URL((await contact.getAttribute('href'))!, page.url());
    expect(contactUrl.pathname).toBe(`/locations/fl/${place!.toLowerCase().replace(/ /g, '-')}/contact/`);
    const contactPage = await fetch(contactUrl);
    expect(contactPage.status).toBe(200);
    expect(await contactPage.text()).toContain('<form');
    expect(await shown(page)).not.toContain('Nearest to 33544');
    expect(await shown(page)).not.toContain('Wesley Chapel, 4 miles');
    await announcementMatches(page);
    expect((await axeAudit(page)).violations).toEqual([]);

    // abcde: not a ZIP. Said in the live line, in red, with no result of 33544 or 30303 left.
    expect(await search(page, 'abcde')).toBe('Enter a 5-digit ZIP code, like 33607.');
    expect(await page.locator('#locator-status').getAttribute('data-tone')).toBe('error');
    expect(await page.getByLabel('ZIP code').getAttribute('aria-invalid')).toBe('true');
    expect(await rankedShown(page)).toEqual([]);
    const afterError = await shown(page);
    for (const old of ['Nearest to', 'miles away', 'The nearest', 'Send our', 'Wesley Chapel, 4 miles']) expect(afterError).not.toContain(old);
    // The list by state is back to choose from.
    expect(await page.locator('#locator-states').isVisible()).toBe(true);
    await announcementMatches(page);
    expect((await axeAudit(page)).violations).toEqual([]);

    // 32801: Orlando first, and nothing of the error or of Atlanta.
    expect(await search(page, '32801')).toBe('Nearest to 32801: Orlando, 2 miles.');
    const orlando = await rankedShown(page);
    expect(orlando.map((r) => r.name)).toEqual(['Orlando', 'Wesley Chapel', 'Tampa']);
    expect(orlando[0]!.away).toBe('2 miles away');
    expect(await page.locator('#locator-status').getAttribute('data-tone')).toBeNull();
    expect(await page.getByLabel('ZIP code').getAttribute('aria-invalid')).toBe('false');
    const last = await shown(page);
    for (const old of ['Nearest to 30303', 'Nearest to 33544', 'Enter a 5-digit', 'The nearest', 'Send our']) expect(last).not.toContain(old);
    expect(await page.getByRole('heading', { name: 'Nearest to 32801' }).isVisible()).toBe(true);
    await announcementMatches(page);
    expect((await axeAudit(page)).violations).toEqual([]);

    // Every request went to the site itself: the states' table once, the national one once (for 30303).
    expect(requests.filter((u) => !u.startsWith(`${server.url}/`))).toEqual([]);
    expect(requests.filter((u) => /\/assets\/zips\.[0-9a-f]+\.txt$/.test(u))).toHaveLength(1);
    expect(requests.filter((u) => /\/assets\/zips-us\.[0-9a-f]+\.txt$/.test(u))).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
