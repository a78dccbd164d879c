import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FindYourClinic, type LocatorLocation } from '../../src/brand-site/locator-markup.js';
import { locationPoint, nationalZipTable, zipTable } from '../../src/brand-site/zip-table.js';
import { lookupState } from '../../src/config/states.js';
import { ASSETS } from '../../src/pages/assets.js';
import { brandStyle, pageCsp } from '../../src/pages/csp.js';
import { PHONE, axeAudit, launchBrowser } from '../helpers/browser.js';
import { tempDir } from '../helpers/cli.js';
import { ROOT, SAMPLES, sampleConfig } from '../helpers/site.js';
import { serveStatic } from '../helpers/static-server.js';

/**
 * The "find your clinic" box in Chromium (issue 24, decision 020): a page holding only the box,
 * rendered by FindYourClinic for the three sample clinics, with the built island, the site's
 * stylesheet, the Florida ZIP table, the national one and the policy a generated page carries
 * (csp.ts), served from loopback. The brand home places the same markup (finder.e2e.test.ts tries
 * it on the built brand site).
 */
const VNU = join(ROOT, 'node_modules/vnu-jar/build/dist/vnu.jar');
const COLOR = '#1e40af';

const LOCATIONS: LocatorLocation[] = SAMPLES.map((name) => {
  const c = sampleConfig(name);
  const state = lookupState(c.state)!;
  const slug = name;
  return {
    id: `${state.code.toLowerCase()}/${slug}`,
    name: c.city,
    address: c.address,
    city: c.city,
    stateCode: state.code,
    stateName: state.name,
    zipCode: c.zipCode,
    phone: c.phone,
    href: `locations/${state.code.toLowerCase()}/${slug}/`,
    contactHref: `locations/${state.code.toLowerCase()}/${slug}/contact/`,
    stateHref: `locations/${state.code.toLowerCase()}/`,
    ...locationPoint(c),
  };
});

const BRAND = "Northstar Men's Health";

function page(zipFile: string, nationalZipFile: string): string {
  const style = brandStyle(COLOR);
  const box = renderToStaticMarkup(createElement(FindYourClinic, { brand: BRAND, locations: LOCATIONS, zipFile, nationalZipFile }));
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${pageCsp({ brandStyle: style, contactEndpoint: '/api/contact' })}">
<title>Northstar Men's Health: find your clinic</title>
<link rel="icon" href="favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="${ASSETS.css.file}"><style>${style}</style>
<script type="module" src="${ASSETS.locatorJs.file}" fetchpriority="low"></script>
</head><body><main class="mx-auto max-w-6xl px-4 py-10"><h1 class="sr-only">Northstar Men's Health</h1>${box}</main></body></html>
`;
}

let dir: string;
let server: Awaited<ReturnType<typeof serveStatic>>;
let browser: Browser;
let zipFile: string;
let nationalFile: string;
beforeAll(async () => {
  dir = tempDir('clinic-locator-');
  const zips = zipTable(['FL']);
  const national = nationalZipTable();
  zipFile = zips.file;
  nationalFile = national.file;
  mkdirSync(join(dir, 'assets'));
  for (const f of [ASSETS.css, ASSETS.locatorJs, zips, national]) writeFileSync(join(dir, f.file), f.content);
  writeFileSync(join(dir, 'index.html'), page(zips.file, national.file));
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
  server = await serveStatic(dir);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Opened {
  context: BrowserContext;
  page: Page;
  /** Every request the page made, in order. */
  requests: string[];
  errors: string[];
}

async function open(options: Parameters<Browser['newContext']>[0] = {}): Promise<Opened> {
  const context = await browser.newContext({ viewport: PHONE, ...options });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('response', (r) => r.status() >= 400 && errors.push(`${r.status()} ${r.url()}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.url}/`, { waitUntil: 'load' });
  return { context, page, requests, errors };
}

/** Types a ZIP and presses the button, as a person would; waits for the box's answer (a new line, the search done). */
async function search(page: Page, zip: string): Promise<string> {
  const before = await status(page);
  await page.getByLabel('ZIP code').fill(zip);
  await page.getByRole('button', { name: 'Find your clinic' }).click();
  await page.waitForFunction(
    (prev) => document.getElementById('locator-status')!.textContent !== prev && !('busy' in document.getElementById('find-your-clinic')!.dataset),
    before,
  );
  return status(page);
}

const status = (page: Page) => page.locator('#locator-status').innerText();
const UNKNOWN = (zip: string) =>
  `We cannot find ZIP code ${zip}. Check it, or enter the ZIP code of a street address (PO box ZIP codes are not on our map), or choose a clinic from the list.`;
const ranked = (page: Page) => page.locator('#locator-results ol > li h4').allInnerTexts();

async function axe(page: Page): Promise<string[]> {
  const result = await axeAudit(page);
  expect(result.passes).toBeGreaterThan(10);
  return result.violations;
}

describe('with JavaScript', () => {
  it.each([
    ['33544', 'Wesley Chapel', 'Nearest to 33544: Wesley Chapel, 4 miles.'],
    ['32801', 'Orlando', 'Nearest to 32801: Orlando, 2 miles.'],
    ['33607', 'Tampa', 'Nearest to 33607: Tampa, less than 1 mile.'],
  ])('typing %s lists %s first, with miles, and says so', async (zip, first, said) => {
    const { context, page, errors } = await open();
    expect(await search(page, zip)).toBe(said);
    const names = await ranked(page);
    expect(names[0]).toBe(first);
    expect([...names].sort()).toEqual(['Orlando', 'Tampa', 'Wesley Chapel']);
    await expect.poll(() => page.getByRole('heading', { name: `Nearest to ${zip}` }).isVisible()).toBe(true);
    expect(await page.locator('#locator-results ol > li').first().getByText(/^\d+ miles? away$|^less than 1 mile away$/).isVisible()).toBe(true);
    expect(await page.locator('#locator-states').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes a ZIP+4 and spaces, from the keyboard alone', async () => {
    const { context, page } = await open();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('locator-zip');
    await page.keyboard.type(' 33607-1234 ');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.getElementById('locator-status')!.textContent !== '');
    expect(await status(page)).toBe('Nearest to 33607: Tampa, less than 1 mile.');
    // The focus stays in the box, and the button shows it when tabbed to.
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return { text: el.textContent, style: getComputedStyle(el).outlineStyle, width: getComputedStyle(el).outlineWidth };
    });
    expect(outline).toEqual({ text: 'Find your clinic', style: 'solid', width: '3px' });
    await context.close();
  });

  it('says what went wrong for an unknown ZIP and for what is not a ZIP, beside the field', async () => {
    const { context, page } = await open();
    expect(await search(page, '99999')).toBe(UNKNOWN('99999'));
    const zip = page.getByLabel('ZIP code');
    expect(await zip.getAttribute('aria-invalid')).toBe('true');
    expect(await zip.getAttribute('aria-describedby')).toBe('locator-status');
    expect(await page.locator('#locator-status').getAttribute('data-tone')).toBe('error');
    expect(await search(page, '123')).toBe('Enter a 5-digit ZIP code, like 33607.');
    // The list by state is still there to choose from.
    expect(await page.getByRole('link', { name: 'Tampa' }).isVisible()).toBe(true);
    expect(await search(page, '33544')).toBe('Nearest to 33544: Wesley Chapel, 4 miles.');
    expect(await zip.getAttribute('aria-invalid')).toBe('false');
    expect(await page.locator('#locator-status').getAttribute('data-tone')).toBeNull();
    await context.close();
  });

  it('fetches the ZIP table from the site only when asked, and nothing from anywhere else', async () => {
    const { context, page, requests } = await open();
    const origin = server.url;
    expect(requests.some((u) => u.includes('/assets/zips.'))).toBe(false);
    await search(page, '33544');
    expect(requests.filter((u) => u.includes('/assets/zips.'))).toEqual([`${origin}/${zipFile}`]);
    await search(page, '32801');
    expect(requests.filter((u) => u.includes('/assets/zips.'))).toHaveLength(1);
    expect(requests.filter((u) => !u.startsWith(`${origin}/`))).toEqual([]);
    await context.close();
  });

  it('fetches the national table only for a ZIP of a state without a clinic, once', async () => {
    const { context, page, requests } = await open();
    const national = () => requests.filter((u) => u.includes('/assets/zips-us.'));
    // A Florida prefix's ZIP that is in no table: said at once, from the Florida table alone.
    expect(await search(page, '33999')).toBe(UNKNOWN('33999'));
    expect(national()).toEqual([]);
    expect(await search(page, '30303')).toMatch(/^The nearest Northstar Men's Health clinic is Orlando, FL, [\d,]+ miles away\.\sSend our Orlando clinic a message$/);
    expect(national()).toEqual([`${server.url}/${nationalFile}`]);
    expect(await search(page, '99999')).toBe(UNKNOWN('99999'));
    expect(await search(page, '10001')).toMatch(/^The nearest Northstar Men's Health clinic is Orlando, FL, [\d,]+ miles away\./);
    expect(national()).toHaveLength(1);
    expect(requests.filter((u) => !u.startsWith(`${server.url}/`))).toEqual([]);
    await context.close();
  });

  it('says how far the nearest clinic is when every one is far, links its contact form, and lists them all with miles', async () => {
    const { context, page, errors } = await open();
    const said = await search(page, '30303');
    const miles = /is Orlando, FL, ([\d,]+) miles away/.exec(said)?.[1];
    expect(Number(miles?.replace(',', ''))).toBeGreaterThan(350);
    const contact = page.locator('#locator-status').getByRole('link', { name: 'Send our Orlando clinic a message' });
    expect(await contact.getAttribute('href')).toBe('locations/fl/orlando/contact/');
    expect(await contact.isVisible()).toBe(true);
    expect(await page.locator('#locator-status').getAttribute('data-tone')).toBeNull();
    expect(await page.getByLabel('ZIP code').getAttribute('aria-invalid')).toBe('false');
    expect(await ranked(page)).toEqual(['Orlando', 'Wesley Chapel', 'Tampa']);
    expect(await page.locator('#locator-results ol > li').first().getByText(`${miles} miles away`).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Nearest to 30303' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes the last answer away before a new one: an error shows no earlier result', async () => {
    const { context, page } = await open();
    await search(page, '33544');
    expect(await page.locator('#locator-results').isVisible()).toBe(true);
    for (const [zip, said] of [
      ['abcde', 'Enter a 5-digit ZIP code, like 33607.'],
      ['33999', UNKNOWN('33999')],
    ] as const) {
      expect(await search(page, zip)).toBe(said);
      expect(await page.locator('#locator-results').isHidden()).toBe(true);
      expect(await page.locator('#locator-results ol > li').count()).toBe(0);
      expect(await page.getByText(/miles? away/).count()).toBe(0);
      expect(await page.getByText('33544').count()).toBe(0);
      // The list by state, the box's start, is back to choose from.
      expect(await page.locator('#locator-states').isVisible()).toBe(true);
      await search(page, '33544');
    }
    await context.close();
  });

  it('asks for the location only when "Use my location" is pressed, and ranks from it', async () => {
    const { context, page } = await open({ geolocation: { latitude: 28.5384, longitude: -81.3789 }, permissions: ['geolocation'] });
    await page.evaluate(() => {
      const geo = navigator.geolocation;
      const real = geo.getCurrentPosition.bind(geo);
      (window as unknown as { asked: number }).asked = 0;
      geo.getCurrentPosition = (...args: Parameters<Geolocation['getCurrentPosition']>) => {
        (window as unknown as { asked: number }).asked++;
        real(...args);
      };
    });
    await page.getByLabel('ZIP code').focus();
    expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(0);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.waitForFunction(() => document.getElementById('locator-status')!.textContent!.startsWith('Nearest'));
    expect(await status(page)).toBe('Nearest to your location: Orlando, 2 miles.');
    expect(await ranked(page)).toEqual(['Orlando', 'Wesley Chapel', 'Tampa']);
    expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(1);
    await context.close();
  });

  it('says so when the browser does not share the location', async () => {
    const { context, page } = await open({ geolocation: { latitude: 28.5, longitude: -81.4 }, permissions: [] });
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.waitForFunction(() => document.getElementById('locator-status')!.dataset.tone === 'error');
    expect(await status(page)).toBe('Your browser did not share your location. Enter your ZIP code instead.');
    expect(await page.locator('#locator-states').isVisible()).toBe(true);
    await context.close();
  });

  it('answers a search sent before the script ran (?zip=)', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${server.url}/?zip=32801`);
    await page.waitForFunction(() => document.getElementById('locator-status')!.textContent !== '');
    expect(await status(page)).toBe('Nearest to 32801: Orlando, 2 miles.');
    expect(await page.getByLabel('ZIP code').inputValue()).toBe('32801');
    await context.close();
  });

  it('has no axe violations, before a search, with results and with an error', async () => {
    const { context, page } = await open();
    expect(await axe(page)).toEqual([]);
    await search(page, '33544');
    expect(await axe(page)).toEqual([]);
    await search(page, '99999');
    expect(await axe(page)).toEqual([]);
    await search(page, '30303');
    expect(await axe(page)).toEqual([]);
    await context.close();
  });
});

describe('without JavaScript', () => {
  it('lists the clinics by state, each with its page, address and phone, and shows no form', async () => {
    const { context, page, requests } = await open({ javaScriptEnabled: false });
    expect(await page.getByRole('heading', { name: 'Florida', level: 3 }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Florida' }).getAttribute('href')).toBe('locations/fl/');
    const cards = page.locator('#locator-states li');
    expect(await cards.locator('h4').allInnerTexts()).toEqual(['Orlando', 'Tampa', 'Wesley Chapel']);
    expect(await page.getByRole('link', { name: 'Wesley Chapel' }).getAttribute('href')).toBe('locations/fl/wesley-chapel/');
    expect(await page.getByRole('link', { name: '(813) 555-0142' }).getAttribute('href')).toBe('tel:+18135550142');
    expect(await cards.nth(1).innerText()).toContain('2100 North Westshore Boulevard\nTampa, FL 33607');
    expect(await page.getByLabel('ZIP code').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Use my location' }).isVisible()).toBe(false);
    expect(await page.getByText('Choose the clinic nearest you.').isVisible()).toBe(true);
    expect(requests.some((u) => u.includes('/assets/zips.') || u.includes('/assets/locator.'))).toBe(false);
    await context.close();
  });

  it('has no axe violations', async () => {
    // axe runs as script in the page, which a context without JavaScript cannot, and Chromium
    // cannot emulate `scripting: none`: the page with its island blocked and the box's two
    // noscript: rules forced on (the only ones it has) is what a browser without script shows.
    const context = await browser.newContext({ viewport: PHONE, bypassCSP: true });
    const page = await context.newPage();
    await page.route('**/assets/locator.*', (route) => route.abort());
    await page.goto(`${server.url}/`);
    await page.addStyleTag({ content: '.noscript\\:hidden{display:none!important}.noscript\\:block{display:block!important}' });
    expect(await page.getByLabel('ZIP code').isVisible()).toBe(false);
    expect(await page.getByText('Choose the clinic nearest you.').isVisible()).toBe(true);
    expect(await axe(page)).toEqual([]);
    await context.close();
  });
});

describe('markup', () => {
  it('passes the Nu Html Checker, as served, after a search and after a far answer', async () => {
    const { context, page } = await open();
    await search(page, '33544');
    const after = join(dir, 'after-search.html');
    writeFileSync(after, `<!DOCTYPE html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`);
    await search(page, '30303');
    const far = join(dir, 'after-far.html');
    writeFileSync(far, `<!DOCTYPE html>\n${await page.evaluate(() => document.documentElement.outerHTML)}`);
    await context.close();
    const r = spawnSync('java', ['-jar', VNU, '--errors-only', '--format', 'text', join(dir, 'index.html'), after, far], { encoding: 'utf8', timeout: 120_000 });
    expect(r.error).toBeUndefined();
    expect(r.stderr.trim()).toBe('Document checking completed. No errors found.');
    expect(r.status).toBe(0);
  }, 120_000);
});
