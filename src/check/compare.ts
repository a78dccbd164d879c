import type { SiteFingerprint } from './fingerprint.js';
import { jaccard, overlap } from './shingles.js';

/** How alike one page is in two cities' sites. */
export interface PageSimilarity {
  route: string;
  similarity: number;
  /** True for the pages that present the location (they make the pair's figure). */
  location: boolean;
}

export interface PairSimilarity {
  /** Jaccard resemblance of the location pages' shingles, pooled (0 to 1). */
  similarity: number;
  pages: PageSimilarity[];
}

/**
 * Compares two cities' sites page by page (same route in both). The pair's figure is the
 * resemblance of the pages that present the location, pooled so that a long page weighs more
 * than a short one. Service and legal pages share the clinic's copy by design and are reported
 * page by page only: across domains, search engines pick one of identical pages to show, whereas
 * near-identical location pages are the doorway pattern they demote.
 */
export function comparePair(a: SiteFingerprint, b: SiteFingerprint, opts: { pages: boolean } = { pages: true }): PairSimilarity {
  const similarity = jaccard(a.location, b.location);
  if (!opts.pages) return { similarity, pages: [] };
  const pages: PageSimilarity[] = [];
  for (const [route, sa] of a.pages) {
    const sb = b.pages.get(route);
    if (!sb) continue;
    const n = overlap(sa, sb);
    const union = sa.length + sb.length - n;
    pages.push({ route, similarity: union === 0 ? 1 : n / union, location: a.locationRoutes.has(route) || b.locationRoutes.has(route) });
  }
  return { similarity, pages };
}
