import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, axeAudit, launchBrowser } from '../helpers/browser.js';
import { ROOT } from '../helpers/site.js';
import { serveStatic } from '../helpers/static-server.js';
import { buildVisitFixture } from '../helpers/visit-fixture.js';

/**
 * The parts issue 23 adds to the pages (the week's hours and special hours, directions, the
 * booking card, the facts, the city's own questions) are not in the sample cities: a city with all
 * of them gets the same checks the samples get, axe-core (WCAG 2.2 AA) and the Nu Html Checker.
 */
let browser: Browser;
let server: Awaited<ReturnType<typeof serveStatic>>;
let out: string;

beforeAll(async () => {
  out = buildVisitFixture();
  [server, browser] = await Promise.all([serveStatic(out), launchBrowser()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('axe-core on a %s, with special hours, booking and facts', (_, viewport) => {
  it.each(['/', '/contact/'])('%s has no violations and shows them', async (path) => {
    const ctx = await browser.newContext({ viewport });
    const page = await ctx.newPage();
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    // No-break spaces inside a date ("November 26, 2026") read as spaces.
    const shown = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(shown).toContain('Thanksgiving');
    expect(shown).toContain('Thursday, November 26, 2026');
    expect(shown).toContain('Accepting new patients.');
    expect((await axeAudit(page)).violations).toEqual([]);
    await ctx.close();
  });
});

describe('Nu Html Checker, with special hours, booking and facts', () => {
  it('finds no errors in any page of the city', () => {
    const files = readdirSync(out, { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && e.name.endsWith('.html'))
      .map((e) => join(e.parentPath, e.name));
    expect(files.length).toBeGreaterThanOrEqual(12);
    const r = spawnSync('java', ['-jar', join(ROOT, 'node_modules/vnu-jar/build/dist/vnu.jar'), '--errors-only', '--format', 'text', ...files], { encoding: 'utf8', timeout: 120_000 });
    expect(r.error).toBeUndefined();
    expect(r.stderr.trim()).toBe('Document checking completed. No errors found.');
    expect(r.status).toBe(0);
  }, 120_000);
});
