import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSite } from '../../src/pages/render-site.js';
import { launchBrowser } from '../helpers/browser.js';
import { buildSample } from '../helpers/built-site.js';
import { configWith, SAMPLES } from '../helpers/site.js';
import { serveFiles, serveStatic } from '../helpers/static-server.js';

/**
 * Issue 35: on a phone the home page's opening hours, and any special hours ahead, are within its
 * first two screens (they started six screens down).
 */
type Served = Awaited<ReturnType<typeof serveStatic>>;
let browser: Browser;
const served: Served[] = [];
const sites = new Map<string, Served>();

beforeAll(async () => {
  browser = await launchBrowser();
  for (const name of SAMPLES) sites.set(name, await serveStatic(buildSample(name)));
  // A city with special hours ahead on the build day: they show on the home page too.
  const config = configWith({ specialHours: [{ label: 'Thanksgiving', date: '2026-11-26', closed: true }, { label: 'Christmas Eve', date: '2026-12-24', opens: '09:00', closes: '12:00' }] });
  sites.set('special-hours', await serveFiles(renderSite(config, { today: '2026-11-20', year: 2026 })));
  served.push(...sites.values());
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all(served.map((s) => s.close()));
});

describe('the home page at 375 x 667', () => {
  const viewport = { width: 375, height: 667 };
  it.each([...SAMPLES, 'special-hours'])('%s: the week and the special hours end within the first two screens', async (name) => {
    const page = await browser.newPage({ viewport });
    await page.goto(`${sites.get(name)!.url}/`, { waitUntil: 'load' });
    const rows = page.locator('#visit dl').first().locator(':scope > div');
    expect(await rows.count()).toBeGreaterThan(1);
    const bottom = (sel: string) => page.locator(sel).last().evaluate((e) => e.getBoundingClientRect().bottom + scrollY);
    // The last row of the week's hours, and of the special hours when there are some, as the page is laid out.
    expect(await bottom('#visit dl > div')).toBeLessThanOrEqual(2 * viewport.height);
    if (name === 'special-hours') {
      expect(await page.locator('#visit').innerText()).toMatch(/Thanksgiving[\s\S]*Christmas Eve/);
      expect(await bottom('#visit ul > li')).toBeLessThanOrEqual(2 * viewport.height);
    }
    await page.close();
  });
});
