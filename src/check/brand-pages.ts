import { LANGUAGE_INFO } from '../config/languages.js';
import type { ClinicConfig } from '../config/schema.js';
import { indexablePages, isRedirectPage } from './local-text.js';
import { configValues, normaliser, pageText } from './page-text.js';
import { jaccard, shingles } from './shingles.js';

/**
 * The brand site's own pages (its home, the treatment pages at its root, privacy, terms, the
 * directory and state pages: brand-site/site.ts brandOwnFiles), which are no location's: each
 * indexable one against the closest other one, by the Jaccard similarity of their five-word runs
 * with every location's names and contact details set aside (issue 36 item 8: reported apart from
 * the locations).
 *
 * They are reported, not failed: the brand's pages are one each (one page a treatment, one
 * directory, one page a state), a set that does not grow with the locations, so they are not the
 * doorway pattern of many pages made for places; and a brand with its locations in one state has a
 * state page that lists exactly what the directory lists (the samples: about 0.78), which no
 * location's config could change.
 */
export interface BrandPageLine {
  /** `/trt-therapy/` */
  path: string;
  /** The brand page whose text is most like this one's; null when it is the only one. */
  closest: string | null;
  /** Jaccard similarity of the two pages' five-word runs, 0 to 1. */
  score: number;
}

export interface BrandPagesReport {
  /** How many of the brand's pages a search engine indexes (the ones compared). */
  pages: number;
  /** Each page, most alike first. */
  lines: BrandPageLine[];
  /** The two brand pages most alike, or null with fewer than two pages. */
  closestPair: { a: string; b: string; score: number } | null;
}

/**
 * `files`: the brand's own files (brandOwnFiles, or the brand site's files at its root, its
 * locations' folders left out); `configs`: every listed location's, whose names and contact
 * details are set aside.
 */
/** A brand page's language by its path: Spanish under `/es/`. */
const langOf = (path: string) => (path.startsWith(LANGUAGE_INFO.es.root) ? 'es' : 'en');

export function compareBrandPages(files: Readonly<Record<string, string | Uint8Array>>, configs: readonly ClinicConfig[]): BrandPagesReport {
  const decoder = new TextDecoder();
  const html: Record<string, string> = {};
  for (const [name, content] of Object.entries(files)) {
    // The not-found page answers 404: no search engine keeps it.
    if (!name.endsWith('.html') || /(^|\/)404\.html$/.test(name)) continue;
    const text = typeof content === 'string' ? content : decoder.decode(content);
    if (!isRedirectPage(text)) html[name] = text;
  }
  const words = normaliser(configs.map(configValues));
  const pages = indexablePages(html)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, page]) => ({ path, set: shingles(words(pageText(page))) }));
  const lines: BrandPageLine[] = pages.map((p, i) => {
    let closest: string | null = null;
    let score = 0;
    pages.forEach((q, j) => {
      // A page is compared with the pages of its language (issue 40): a Spanish page with its English counterpart shares only names.
      if (i === j || langOf(p.path) !== langOf(q.path)) return;
      const s = jaccard(p.set, q.set);
      if (closest === null || s > score) {
        closest = q.path;
        score = s;
      }
    });
    return { path: p.path, closest, score };
  });
  lines.sort((x, y) => y.score - x.score || (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
  const top = lines[0];
  return { pages: pages.length, lines, closestPair: top?.closest ? { a: top.path, b: top.closest, score: top.score } : null };
}
