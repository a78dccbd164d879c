import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from '../helpers/browser.js';
import { clickDeploy, nextNotice, openAdmin, startAdminWorld, type AdminWorld } from './browser.js';

/**
 * Photos and the typeface (docs/decisions/013-photos.md, 014-brand-typeface-and-logo.md) in the
 * city editor, in Chromium against a real server (sample cities seeded): a hero photo uploaded,
 * described, saved and deployed shows as a `<picture>` on the live home page with the chosen
 * typeface; the server's error about a missing description shows under its input; the editor with
 * photos, the logo's name flag and the typeface has no axe-core violations.
 */
let world: AdminWorld;
beforeAll(async () => {
  world = await startAdminWorld();
});
afterAll(() => world?.close());

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const save = (page: Page) => nextNotice(page, 'save-notice', () => page.getByRole('button', { name: 'Save', exact: true }).click());
const openCity = async (page: Page, city: string) => {
  await page.getByRole('button', { name: `Open ${city}` }).click();
  await page.getByRole('heading', { name: city, level: 2 }).waitFor();
  await page.getByRole('heading', { name: 'Live Deployments' }).waitFor();
  await page.waitForLoadState('networkidle');
};
/** A small photo made here: a JPEG of two colour bands, 960x600. */
const photo = async () => ({
  name: 'waiting-room.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 960, height: 600, channels: 3, background: '#1e40af' } })
    .composite([{ input: { create: { width: 960, height: 200, channels: 3, background: '#f8fafc' } }, top: 400, left: 0 }])
    .jpeg({ quality: 80 })
    .toBuffer(),
});
const HERO_ALT = 'Our Tampa waiting room: a blue wall above a white counter';

describe('photos in the city editor', () => {
  it('a hero photo uploaded, described, saved and deployed is a <picture> on the live home page', async () => {
    const { page, context, errors } = await openAdmin(world);
    await openCity(page, 'Tampa');
    const alt = field(page, 'Description of the hero photo (alt text)');
    expect(await alt.count()).toBe(0);

    await page.getByLabel('Hero photo file').setInputFiles(await photo());
    const thumb = page.getByRole('region', { name: 'Photos' }).locator('img[src^="/uploads/photo-"]');
    await thumb.waitFor();
    // Its size is known once its bytes have arrived and decoded: on a busy machine a moment after the element.
    expect(await thumb.evaluate(async (img: HTMLImageElement) => (await img.decode(), img.naturalWidth))).toBeGreaterThan(0);
    expect(await page.locator(`#${(await alt.getAttribute('aria-describedby'))!.split(' ').at(-1)}`).textContent()).toBe('Describe the photo before generating the website.');

    // Saved without a description: the server names photos.hero.alt, shown under that input.
    expect(await save(page)).toBe('Not saved: please correct the fields marked below');
    expect(await alt.getAttribute('aria-invalid')).toBe('true');
    const errorId = (await alt.getAttribute('aria-describedby'))!.split(' ').at(-1)!;
    expect(await page.locator(`#${errorId}`).textContent()).toMatch(/alt text/);
    expect(await page.getByRole('list', { name: 'What to correct' }).textContent()).toContain('Description of the hero photo (alt text)');

    await alt.fill(HERO_ALT);
    await field(page, 'Typeface').selectOption('source-sans-3');
    expect(await save(page)).toBe('Version 2 saved');
    expect(await alt.getAttribute('aria-invalid')).toBeNull();
    const stored = (await (await page.request.get(`${world.url}/api/cities/tampa`)).json()) as { config: Record<string, any> };
    expect(stored.config.photos.hero).toEqual({ src: expect.stringMatching(/^\/uploads\/photo-[0-9a-f]{32}\.jpg$/), alt: HERO_ALT });
    expect(stored.config.font).toBe('source-sans-3');
    // The team (with its own photos, in local content) the form has no input for is kept.
    expect(stored.config.localContent.team[0].name).toBe('Dr. Aaron Patel');

    await clickDeploy(page, 'Tampa');
    const result = page.locator('[data-testid="deploy-result"][data-success="true"]');
    // The build encodes the photo into AVIF, WebP and JPEG at several widths: slow on a loaded machine.
    await result.waitFor({ timeout: 60_000 });
    expect(await result.textContent()).toContain(`Live at ${world.sitesUrl}/sites/tampa/`);

    const live = await context.newPage();
    await live.goto(`${world.sitesUrl}/sites/tampa/`, { waitUntil: 'load' });
    const hero = live.locator(`picture img[alt="${HERO_ALT}"]`);
    expect(await hero.count()).toBe(1);
    const img = await hero.evaluate((el: HTMLImageElement) => ({
      loaded: el.complete && el.naturalWidth > 0,
      current: el.currentSrc,
      width: el.getAttribute('width'),
      height: el.getAttribute('height'),
      loading: el.getAttribute('loading'),
      types: [...el.parentElement!.querySelectorAll('source')].map((s) => s.type),
    }));
    expect(img).toMatchObject({ loaded: true, width: '960', height: '600', loading: 'eager', types: ['image/avif', 'image/webp'] });
    expect(img.current).toMatch(/\.avif$/);
    expect(await live.evaluate(() => document.documentElement.dataset.font)).toBe('source-sans-3');
    // The browser's own line for the refused save above; nothing else went wrong.
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    await context.close();
  }, 120_000);
});

describe('the editor with photos, the logo flags and the typeface', () => {
  const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('has no axe-core violations on a %s, and the preview prints a long name whole', async (_, viewport) => {
    const { page, context } = await openAdmin(world, viewport);
    await openCity(page, 'Orlando');
    // Orlando's logo is a wordmark beside its config: shown as its path, the name flag ticked.
    expect(await page.getByRole('checkbox', { name: 'The logo already shows the clinic name' }).isChecked()).toBe(true);
    expect(await field(page, 'Typeface').inputValue()).toBe('inter');
    const photos = page.getByRole('region', { name: 'Photos' });
    expect(await photos.textContent()).toContain('/images/orlando/reception.jpg');
    expect(await field(page, 'Description of the clinic photo 3 (alt text)').inputValue()).toMatch(/^Illustration of the lab counter/);
    await page.getByLabel('Add a clinic photo').setInputFiles(await photo());
    await photos.locator('img[src^="/uploads/photo-"]').waitFor();

    // Without the flag the preview prints the name: a long one wraps, it is not cut.
    await page.getByRole('checkbox', { name: 'The logo already shows the clinic name' }).uncheck();
    const name = 'Northstar Men’s Health and Hormone Optimization Center of Central Florida';
    await field(page, 'Business Name').fill(name);
    const printed = page.getByRole('region', { name: 'Preview' }).getByText(name, { exact: true });
    expect(await printed.evaluate((el) => ({ cut: el.scrollWidth > el.clientWidth, overflow: getComputedStyle(el).textOverflow }))).toEqual({ cut: false, overflow: 'clip' });

    const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
    expect(result.passes.length).toBeGreaterThan(10);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await context.close();
  });
});
