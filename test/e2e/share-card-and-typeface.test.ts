import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/server/log/logger.js';
import { startServer } from '../../src/server/start.js';
import { launchBrowser } from '../helpers/browser.js';
import { tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';

/**
 * What a clinic server serves for a site's social cards and brand face (`clinic-gen serve`): the
 * card each page names answers as a 1200x630 PNG, the font file as WOFF2, and in Chromium the
 * page is set in the face, with a fallback that takes the same room while the face loads.
 */
const PAGES = ['/', '/trt-therapy/', '/about/', '/contact/', '/privacy/', '/missing-page'];

/** A config without photos (their encoding is tested elsewhere), with a logo beside it. */
function clinicConfig(font: string): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'brand'));
  copyFileSync(join(ROOT, 'configs/images/orlando/wordmark.png'), join(dir, 'brand/wordmark.png'));
  const yaml = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8')
    .replace(/^photos:\n(?: .*\n)+/m, '')
    .replace(/^ +photo:\n(?: {8}.*\n)+/gm, '')
    .replace(/^logoUrl: .*\n/m, '');
  writeFileSync(join(dir, 'clinic.yaml'), `${yaml}\nlogoUrl: /brand/wordmark.png\nfont: ${font}\n`);
  return join(dir, 'clinic.yaml');
}

/** serve's environment: a data key of its own (without one a key file would be made in the user's configuration folder). */
const env = () => ({ DATA_KEY: randomBytes(32).toString('base64') });

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ configPath: clinicConfig('inter'), port: 0, dataDir: tempDir(), env: env(), logger: silentLogger });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('served social cards', () => {
  it.each(PAGES)('%s names a card that answers 200 image/png, 1200x630, at its absolute URL', async (path) => {
    const html = await (await fetch(`${server.url}${path}`)).text();
    const url = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(url).toMatch(/^https:\/\/tampa\.example\.com\/assets\/cards\/[a-z-]+\.[0-9a-f]{10}\.png$/);
    expect(html).toContain(`<meta name="twitter:image" content="${url}"/>`);
    // The canonical origin is the clinic's domain; this server answers the same paths.
    const res = await fetch(`${server.url}${new URL(url!).pathname}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const m = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([m.format, m.width, m.height]).toEqual(['png', 1200, 630]);
  });
});

describe('the brand typeface in Chromium', () => {
  async function open(width: number, blockFont = false, url = server.url): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    if (blockFont) await page.route('**/*.woff2', (route) => route.abort());
    await page.goto(`${url}/`, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);
    return page;
  }

  it('loads the one preloaded WOFF2 and sets the page in Inter', async () => {
    const page = await open(390);
    const fonts = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family.replace(/"/g, '')));
    expect(fonts).toContain('Inter Variable');
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable", "Inter Fallback"/);
    const fontResponses = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.woff2')).length);
    expect(fontResponses).toBe(1);
    await page.close();
  });

  it('sets the first screen the same in the fallback face as in Inter, and reflows little below it', async () => {
    // Each heading and paragraph of the page: where it starts, and how tall it is (its lines).
    const measure = (page: Page) =>
      page.evaluate(() => [...document.querySelectorAll('main h1, main h2, main h3, main p')].map((e) => [Math.round(e.getBoundingClientRect().top), Math.round(e.getBoundingClientRect().height)]));
    const reflowed = (x: number[][], y: number[][]) => x.filter(([, h], i) => h !== y[i]![1]).length;
    for (const width of [390, 1280]) {
      const shown = await open(width);
      const inter = await measure(shown);
      await shown.context().close();
      const page = await open(width, true);
      expect(await page.evaluate(() => [...document.fonts].some((f) => f.family.includes('Inter Variable') && f.status === 'loaded'))).toBe(false);
      const fallback = await measure(page);
      // The first screen: what a patient sees while the face loads, and what would jump when it arrives.
      const first = (m: number[][]) => m.filter(([top]) => top! < 800);
      expect(first(fallback), `${width}px`).toEqual(first(inter));
      expect(reflowed(fallback, inter), `${width}px`).toBeLessThanOrEqual(Math.ceil(inter.length / 10));
      // The check can tell: the same local face without the overrides reflows more.
      await page.evaluate(() => document.documentElement.style.setProperty('--font-body', "'DejaVu Sans',sans-serif"));
      expect(reflowed(await measure(page), inter), `${width}px, plain DejaVu Sans`).toBeGreaterThan(reflowed(fallback, inter));
      await page.context().close();
    }
  });
});

describe('a site set in the device font (font: system)', () => {
  it('loads no font file and logs no error, though the shared stylesheet names every face', async () => {
    const system = await startServer({ configPath: clinicConfig('system'), port: 0, dataDir: tempDir(), env: env(), logger: silentLogger });
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    try {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      const fonts: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('.woff2')) fonts.push(r.url());
      });
      for (const path of ['/', '/contact/']) {
        await page.goto(`${system.url}${path}`, { waitUntil: 'load' });
        await page.evaluate(() => document.fonts.ready);
      }
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^ui-sans-serif, system-ui/);
      expect(fonts).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
      await system.close();
    }
  });
});
