import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phonePhoto, plainPhoto } from '../../src/site/images/testing.js';
import { collectErrors, DESKTOP, launchBrowser, PHONE } from '../helpers/browser.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { serveStatic } from '../helpers/static-server.js';
import { CITY_FACTS_YAML } from '../helpers/site.js';

/**
 * A city with a hero photo, clinic photos and team portraits, built by the CLI, served by a plain
 * static server and opened in Chromium: every <picture> loads its AVIF (Chromium's pick) and its
 * WebP files decode too, every <img> is sized and described, the hero loads first and eagerly,
 * and nothing on the home page moves while the photos arrive.
 */
const CONFIG = `businessName: Harbor Men's Health
city: Lakeland
state: FL
address: 100 Lake Morton Drive
zipCode: "33801"
phone: (863) 555-0110
email: lakeland@example.com
domainName: lakeland.example.com
contactEndpoint: https://clinic.example.com/api/contact
logoUrl: /photos/mark.jpg
${CITY_FACTS_YAML}photos:
  hero: { src: /photos/front.jpg, alt: The front desk of the Lakeland clinic }
  gallery:
    - { src: /photos/room.jpg, alt: A treatment room }
    - { src: /photos/lab.jpg, alt: The lab counter }
    - { src: /photos/lounge.jpg, alt: The waiting lounge }
localContent:
  team:
    - name: Dr. Maria Lopez
      credentials: MD
      photo: { src: /photos/lopez.jpg, alt: Dr. Maria Lopez }
    - name: Sam Lee
      credentials: RN
      photo: { src: /photos/lee.jpg, alt: Sam Lee }
`;

const TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };

describe('photos of a built site in Chromium', () => {
  const dir = tempDir();
  const out = join(dir, 'site');
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    mkdirSync(join(dir, 'photos'));
    const photos: [string, Promise<Buffer>][] = [
      ['front', plainPhoto(2000, 1200, '#1e3a8a')],
      ['room', plainPhoto(1200, 800, '#7c2d12')],
      ['lab', plainPhoto(1200, 900, '#065f46')],
      ['lounge', plainPhoto(1200, 800, '#581c87')],
      ['lopez', phonePhoto(800, 640)],
      ['lee', plainPhoto(600, 750, '#334155')],
      // A square mark, which a box of another shape would resize (and shift the name) on arrival.
      ['mark', plainPhoto(96, 96, '#0f766e')],
    ];
    for (const [name, bytes] of photos) writeFileSync(join(dir, 'photos', `${name}.jpg`), await bytes);
    writeFileSync(join(dir, 'lakeland.yaml'), CONFIG);
    const r = runCli(['build', '--config', join(dir, 'lakeland.yaml'), '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    // Images with their types, as a host serves them.
    server = await serveStatic(out, (req, res) => {
      const m = /^\/(images\/[a-z0-9-]+\.(avif|webp|jpg))$/.exec(req.url ?? '');
      if (!m) return false;
      res.writeHead(200, { 'Content-Type': TYPES[m[2]!]! }).end(readFileSync(join(out, m[1]!)));
      return true;
    });
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** Every <img> of a <picture> on the page once loaded (lazy ones scrolled into view first). */
  async function pictures(page: Page) {
    // Each picture brought into view and waited for in turn: a fast scroll past a lazy image on a
    // busy machine may not start its load at all.
    const imgs = page.locator('picture img');
    for (let i = 0, n = await imgs.count(); i < n; i++) {
      const img = imgs.nth(i);
      await img.scrollIntoViewIfNeeded();
      await page.waitForFunction((el) => (el as HTMLImageElement).complete, await img.elementHandle(), { timeout: 20_000 });
    }
    return page.$$eval('picture', (ps) =>
      ps.map((p) => {
        const img = p.querySelector('img')!;
        return {
          types: [...p.querySelectorAll('source')].map((s) => s.type),
          sources: [...p.querySelectorAll('source')].map((s) => s.srcset.split(', ').map((c) => new URL(c.split(' ')[0]!, location.href).href)),
          naturalWidth: img.naturalWidth,
          currentSrc: img.currentSrc,
          width: img.getAttribute('width'),
          height: img.getAttribute('height'),
          alt: img.getAttribute('alt'),
          loading: img.getAttribute('loading'),
          fetchPriority: img.getAttribute('fetchpriority'),
        };
      }),
    );
  }

  // Every page of the sitemap at phone size (the about page carries the gallery and the team), and
  // the pages with the most pictures at desktop size too. The no-index pages (the form's
  // confirmation, 404) open on their message instead of a photo (docs/decisions/013-photos.md).
  const PAGES = [
    ['/', PHONE, 1],
    ['/', DESKTOP, 1],
    ['/trt-therapy/', PHONE, 1],
    ['/semaglutide/', PHONE, 1],
    ['/nad-therapy/', PHONE, 1],
    ['/hormone-optimization/', PHONE, 1],
    ['/about/', PHONE, 6],
    ['/about/', DESKTOP, 6],
    ['/contact/', PHONE, 1],
    ['/privacy/', DESKTOP, 1],
    ['/terms/', PHONE, 1],
  ] as const;

  it('opens every page of the sitemap below', () => {
    const listed = [...readFileSync(join(out, 'sitemap.xml'), 'utf8').matchAll(/<loc>https:\/\/lakeland\.example\.com(\/[^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(new Set(PAGES.map(([path]) => path))).toEqual(new Set(listed));
  });

  it.each(PAGES)('%s at %o: every picture loads its AVIF, and its WebP files decode', async (path, viewport, count) => {
    const page = await browser.newPage({ viewport });
    const errors = collectErrors(page);
    await page.goto(server.url + path, { waitUntil: 'load' });
    const found = await pictures(page);
    expect(found).toHaveLength(count);
    for (const p of found) {
      expect(p.types).toEqual(['image/avif', 'image/webp']);
      expect(p.naturalWidth, p.currentSrc).toBeGreaterThan(0);
      expect(p.currentSrc).toMatch(/\.avif$/);
      expect(Number(p.width)).toBeGreaterThan(0);
      expect(Number(p.height)).toBeGreaterThan(0);
      expect(p.alt).not.toBe('');
      // Every file of every source decodes in the browser (a browser without AVIF gets the WebP).
      const decoded = await page.evaluate(async (urls) => {
        const sizes: number[] = [];
        for (const src of urls) {
          const i = new Image();
          i.src = src;
          await i.decode().catch(() => undefined);
          sizes.push(i.naturalWidth);
        }
        return sizes;
      }, p.sources.flat());
      expect(decoded.every((w) => w > 0), `${p.sources.flat().join('\n')}\n${decoded}`).toBe(true);
    }
    // Every page opens on the hero photo, fetched first; the rest of its photos wait to be near.
    expect(found[0]).toMatchObject({ loading: 'eager', fetchPriority: 'high', alt: 'The front desk of the Lakeland clinic' });
    for (const p of found.slice(1)) expect(p.loading).toBe('lazy');
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each([
    [1, 480],
    [2, 800],
    [3, 800],
  ])('picks a hero file no wider than a 390 px phone at %ix needs: %i px', async (deviceScaleFactor, width) => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor });
    await page.goto(server.url, { waitUntil: 'load' });
    const [hero] = await pictures(page);
    expect(hero!.currentSrc).toMatch(new RegExp(`-${width}\\.avif$`));
    await page.close();
  });

  it.each([
    ['/', PHONE],
    ['/', DESKTOP],
    ['/trt-therapy/', PHONE],
    ['/contact/', DESKTOP],
  ] as const)('keeps %s still while the photos load (layout shift 0) at %o', async (path, viewport) => {
    const page = await browser.newPage({ viewport });
    // Photos slowed down, so any box without its size would visibly jump when they arrive.
    for (const pattern of ['**/images/**', '**/logo.*']) {
      await page.route(pattern, async (route) => {
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      });
    }
    await page.addInitScript(() => {
      (window as unknown as { shifts: number[] }).shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!e.hadRecentInput) (window as unknown as { shifts: number[] }).shifts.push(e.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(server.url + path, { waitUntil: 'load' });
    await page.waitForFunction(() =>
      [...document.querySelectorAll('picture img, header a img')].every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
    );
    expect(await page.locator('header a img').count()).toBe(1);
    await page.waitForTimeout(500);
    // The observer watched (an unsupported entry type would record nothing and prove nothing).
    expect(await page.evaluate(() => PerformanceObserver.supportedEntryTypes.includes('layout-shift'))).toBe(true);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts).toEqual([]);
    await page.close();
  });
});
