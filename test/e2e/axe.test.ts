import { AxeBuilder } from '@axe-core/playwright';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, axeAudit, launchBrowser } from '../helpers/browser.js';
import { buildSample } from '../helpers/built-site.js';
import { serveStatic } from '../helpers/static-server.js';

const PATHS = ['/', '/trt-therapy/', '/semaglutide/', '/nad-therapy/', '/hormone-optimization/', '/peptide-therapy/', '/about/', '/contact/', '/contact/sent/', '/privacy/', '/terms/', '/missing-page'];

let browser: Browser;
let server: Awaited<ReturnType<typeof serveStatic>>;
beforeAll(async () => {
  server = await serveStatic(buildSample('orlando'));
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** WCAG 2.2 AA: axe-core finds no violations on any page, at a phone and a desktop size. */
describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('axe-core on a %s', (_, viewport) => {
  it.each(PATHS)('%s has no violations', async (path) => {
    const ctx = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    const result = await axeAudit(page);
    expect(result.violations).toEqual([]);
    expect(result.passes).toBeGreaterThan(10);
    await ctx.close();
  });
});

describe('axe-core on the open drawer', () => {
  it('the open drawer has no violations', async () => {
    const ctx = await browser.newContext({ viewport: PHONE });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const result = await new AxeBuilder({ page }).include('#menu-drawer').analyze();
    expect(result.violations.map((v) => v.id)).toEqual([]);
    await ctx.close();
  });
});
