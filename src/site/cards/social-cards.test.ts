import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dom } from '../../../test/helpers/site.js';
import { renderSite, renderSiteDirect } from '../../pages/render-site.js';
import { resolveSite } from '../../pages/page-model.js';
import { configAssetSource, memoryAssetSource } from '../asset-source.js';
import { buildSiteFiles } from '../pipeline.js';
import { forgetBandsInMemory } from './band-cache.js';
import { bandsDrawn } from './draw.js';
import { socialCards } from './social-cards.js';
import { sampleWithoutPhotos, SAMPLES } from './testing.js';

async function site(name: (typeof SAMPLES)[number], patch: Parameters<typeof sampleWithoutPhotos>[1] = {}, imageCacheDir?: string) {
  const r = await buildSiteFiles(sampleWithoutPhotos(name, patch), configAssetSource(`configs/${name}.yaml`), { imageCacheDir });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.files;
}

const meta = (html: string, key: string) =>
  dom(html).querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? undefined;

/** The card a page points at, as a file of the site. */
function cardOf(html: string, origin: string): string {
  const url = meta(html, 'og:image')!;
  expect(url.startsWith(`${origin}/assets/cards/`)).toBe(true);
  return url.slice(origin.length + 1);
}

describe('social cards on every page', () => {
  it.each(SAMPLES)('%s: og:image and twitter:image, 1200x630 with alt text, at absolute URLs of files in the site', async (name) => {
    const files = await site(name);
    const origin = resolveSite(sampleWithoutPhotos(name)).siteUrl;
    const pages = Object.keys(files).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThanOrEqual(10);
    const city = sampleWithoutPhotos(name).city;
    for (const page of pages) {
      const html = files[page] as string;
      const file = cardOf(html, origin);
      expect(files[file], page).toBeInstanceOf(Uint8Array);
      expect(meta(html, 'twitter:image'), page).toBe(`${origin}/${file}`);
      expect(meta(html, 'twitter:card'), page).toBe('summary_large_image');
      expect([meta(html, 'og:image:width'), meta(html, 'og:image:height'), meta(html, 'og:image:type')], page).toEqual(['1200', '630', 'image/png']);
      expect(meta(html, 'og:image:alt'), page).toContain(city);
      expect(meta(html, 'twitter:image:alt'), page).toBe(meta(html, 'og:image:alt'));
    }
    // Each page with a headline of its own has its own card; the rest show the home page's.
    const card = (page: string) => cardOf(files[page] as string, origin);
    expect(card('trt-therapy/index.html')).not.toBe(card('index.html'));
    expect(meta(files['trt-therapy/index.html'] as string, 'og:image:alt')).toMatch(/^TRT Therapy for Men: /);
    expect(card('404.html')).toBe(card('index.html'));
    expect(card('privacy/index.html')).toBe(card('index.html'));
    for (const file of new Set(pages.map(card))) {
      const m = await sharp(files[file] as Uint8Array).metadata();
      expect([m.format, m.width, m.height], file).toEqual(['png', 1200, 630]);
    }
  });

  it('draws a designed card without a logo, not a blank one, and a different one with', async () => {
    const logo = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><rect width="40" height="40" rx="8" fill="#0f766e"/><path d="M50 30h60" stroke="#0f172a" stroke-width="6"/></svg>';
    const withLogo = await buildSiteFiles(sampleWithoutPhotos('tampa', { logoUrl: '/brand.svg' }), memoryAssetSource({ '/brand.svg': logo }));
    if (!withLogo.ok) throw new Error(JSON.stringify(withLogo.errors));
    const [plain, branded] = [await site('tampa', { logoUrl: undefined }), withLogo.files];
    const origin = resolveSite(sampleWithoutPhotos('tampa')).siteUrl;
    const png = plain[cardOf(plain['index.html'] as string, origin)] as Uint8Array;
    const { channels } = await sharp(png).stats();
    // Text and marks on the brand colour: every channel varies across the card.
    for (const c of channels.slice(0, 3)) expect(c.stdev).toBeGreaterThan(15);
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 3) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    expect(colours.size).toBeGreaterThan(50);
    expect(cardOf(branded['index.html'] as string, origin)).not.toBe(cardOf(plain['index.html'] as string, origin));
  });

  it('renders the pages the same through templates as through React when cards are given', async () => {
    const config = sampleWithoutPhotos('orlando', { logoUrl: undefined });
    const { cards } = await socialCards(resolveSite(config), undefined, undefined);
    expect(renderSite(config, { cards })).toEqual(renderSiteDirect(config, { cards }));
  });
});

describe('the card cache', () => {
  it('draws nothing on a rebuild: every band comes from the cache folder, the cards byte for byte the same', async () => {
    const images = join(mkdtempSync(join(tmpdir(), 'cards-')), 'images');
    forgetBandsInMemory();
    const before = bandsDrawn();
    const cold = await site('wesley-chapel', { city: 'Zephyrhills' }, images);
    expect(bandsDrawn()).toBeGreaterThan(before);
    forgetBandsInMemory(); // as a new process starts
    const drawn = bandsDrawn();
    const warm = await site('wesley-chapel', { city: 'Zephyrhills' }, images);
    expect(bandsDrawn()).toBe(drawn);
    const cards = Object.keys(cold).filter((f) => f.startsWith('assets/cards/'));
    expect(cards.length).toBeGreaterThanOrEqual(6);
    for (const f of cards) expect(Buffer.compare(cold[f] as Uint8Array, warm[f] as Uint8Array), f).toBe(0);
  });

  it('draws only the bands of a new city: the brand and the service headlines are shared', async () => {
    await site('orlando', { city: 'Kissimmee' });
    const before = bandsDrawn();
    await site('orlando', { city: 'Sanford' });
    // The city line and the two headlines that name the city (home, about), in English and in
    // Spanish (Orlando publishes both; the city line reads the same in both).
    expect(bandsDrawn() - before).toBe(5);
  });
});
