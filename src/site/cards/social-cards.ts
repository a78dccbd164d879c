import { createHash } from 'node:crypto';
import type { Site } from '../../pages/page-model.js';
import type { LogoFile } from '../logo.js';
import { readBand, storeBand } from './band-cache.js';
import { cardLogo } from './card-logo.js';
import { drawBands } from './draw.js';
import { cardPages } from './headlines.js';
import { CARD_WIDTH, cityBand, footBand, headBand, topBand, type BandSpec } from './layout.js';
import { joinBands, type Band } from './png.js';
import { RESVG_VERSION, SHAPES_KEY } from './shapes.js';
import { cardFonts } from './text.js';
import { cardTheme } from './theme.js';
import { copyOf } from '../../pages/content/copy.js';
import type { SiteCards } from '../../model/cards.js';

/** Raise when the drawing changes in a way the SVG of a band does not show (png.ts, draw.ts, glyphs.ts, outline.ts). */
const CARD_VERSION = 3;

export interface CardsResult {
  cards: SiteCards;
  /** The card files by site path, for the site's files. */
  files: Record<string, Uint8Array>;
}

/** Bands being looked up or drawn in this thread, so cities asking at once draw each once. */
const pending = new Map<string, Promise<Band>>();

/**
 * The social cards of a site: one per page with a headline of its own (headlines.ts), each the
 * brand's top band (logo or mark, name), the page's headline, the city and the brand's footer.
 * Bands come from the cache (band-cache.ts, in `cacheDir` and memory) when they were drawn before;
 * the rest are drawn together in one pass. A band's key hashes everything it draws.
 */
export async function socialCards(site: Site, logo: LogoFile | undefined, cacheDir: string | undefined): Promise<CardsResult> {
  const fonts = cardFonts(site.config.font);
  const theme = cardTheme(site.brandColor);
  const image = logo ? cardLogo(logo) : undefined;
  const pages = cardPages(site);
  const brand = { name: site.name, logo: image, logoIncludesName: site.config.logoIncludesName };
  const top = topBand(theme, fonts, brand);
  const foot = footBand(theme);
  const city = cityBand(theme, fonts, `${site.city}, ${site.stateName}`);
  const heads = pages.map((p) => headBand(theme, fonts, p.headline, p.headline.includes(site.city)));
  const specs = [top, ...heads, city, foot];
  const keyOf = (s: BandSpec) =>
    createHash('sha256')
      .update(JSON.stringify([CARD_VERSION, RESVG_VERSION, SHAPES_KEY, fonts.hash, theme, s.name, s.y0, s.y1, s.local, s.svg, s === top ? (image?.hash ?? '') : '']))
      .digest('hex')
      .slice(0, 32);
  const keys = specs.map(keyOf);
  const bands = await bandsFor(specs, keys, cacheDir, (missing) =>
    drawBands(missing, fonts, theme, image),
  );

  const cards: SiteCards = {};
  const files: Record<string, Uint8Array> = {};
  const [topBandDrawn, cityDrawn, footDrawn] = [bands[0]!, bands[bands.length - 2]!, bands[bands.length - 1]!];
  pages.forEach((page, i) => {
    const parts = [topBandDrawn, bands[1 + i]!, cityDrawn, footDrawn];
    const name = createHash('sha256').update([keys[0], keys[1 + i], keys[keys.length - 2], keys[keys.length - 1]].join()).digest('hex').slice(0, 10);
    const file = `assets/cards/${page.slug}.${name}.png`;
    files[file] = joinBands(CARD_WIDTH, parts);
    cards[page.path] = { file, alt: copyOf(site.lang).pages.cardAlt(page.headline, site.name, site.city, site.stateName) };
  });
  return { cards, files };
}

/**
 * The bands for `keys`: from a drawing under way in this thread, from the cache, or drawn now
 * together by `draw`. Each band not under way is claimed before the first await, so cities asking
 * at once (the server, a build's batch) draw it once.
 */
async function bandsFor(specs: BandSpec[], keys: string[], cacheDir: string | undefined, draw: (missing: BandSpec[]) => Promise<Band[]>): Promise<Band[]> {
  const own: { key: string; spec: BandSpec; resolve: (b: Band) => void; reject: (e: unknown) => void }[] = [];
  const promises = specs.map((spec, i) => {
    const key = keys[i]!;
    let promise = pending.get(key);
    if (!promise) {
      promise = new Promise<Band>((resolve, reject) => own.push({ key, spec, resolve, reject }));
      pending.set(key, promise);
    }
    return promise;
  });
  try {
    const hits = await Promise.all(own.map((o) => readBand(o.key, cacheDir, !o.spec.local)));
    const missing = own.filter((o, i) => !hits[i]);
    own.forEach((o, i) => hits[i] && o.resolve(hits[i]));
    if (missing.length) {
      const drawn = await draw(missing.map((m) => m.spec));
      await Promise.all(missing.map((m, i) => storeBand(m.key, drawn[i]!, cacheDir, !m.spec.local)));
      missing.forEach((m, i) => m.resolve(drawn[i]!));
    }
  } catch (err) {
    for (const o of own) o.reject(err);
  } finally {
    for (const o of own) pending.delete(o.key);
  }
  return Promise.all(promises);
}
