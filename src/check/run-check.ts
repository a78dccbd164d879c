import type { ClinicConfig } from '../config/schema.js';
import { adviceForPair, type FieldAdvice } from './advice.js';
import { comparePair, type PageSimilarity } from './compare.js';
import { fingerprintSite, type SiteFingerprint } from './fingerprint.js';

/**
 * The default threshold of `clinic-gen check`. SEO crawlers call two pages near duplicates from
 * 90% resemblance (Screaming Frog's default, MinHash over page text). We compare only the pages
 * that present the location, with names and contact details already set aside, and warn a step
 * earlier: a warning while local content is still being written costs less than a demotion.
 * The sample configs (a Why-city text, a team, areas and a local question or two) score ~0.68-0.70;
 * two configs that differ only by city score ~0.98-1.
 */
export const DEFAULT_THRESHOLD = 0.8;

export interface CheckInput {
  source: string;
  config: ClinicConfig;
}

export interface PairReport {
  a: { source: string; city: string };
  b: { source: string; city: string };
  similarity: number;
  over: boolean;
  /** Pages and advice are worked out for this pair (see `detailLimit`). */
  detailed: boolean;
  /** Every page both sites have. */
  pages: PageSimilarity[];
  /** Local content fields to write, for a pair over the threshold. */
  advice: FieldAdvice[];
}

export interface CheckReport {
  threshold: number;
  sites: { source: string; city: string }[];
  /** Every pair, most alike first. */
  pairs: PairReport[];
  overCount: number;
}

export interface CheckProgress {
  phase: 'render' | 'compare';
  done: number;
  total: number;
}

export interface CheckOptions {
  threshold?: number;
  /** Pages of every pair, not only of those over the threshold. */
  allPages?: boolean;
  /**
   * How many pairs over the threshold, most alike first, get pages and advice (default 100):
   * a thousand cities of which many are copies make a hundred thousand such pairs, and their
   * details would take gigabytes while saying the same thing again and again.
   */
  detailLimit?: number;
  onProgress?: (p: CheckProgress) => void;
}

/** Renders every config's site in memory and compares every pair of cities. */
export function checkSites(inputs: CheckInput[], opts: CheckOptions = {}): CheckReport {
  const threshold = opts.threshold ?? DEFAULT_THRESHOLD;
  const sites: SiteFingerprint[] = [];
  for (const input of inputs) {
    sites.push(fingerprintSite(input.source, input.config));
    opts.onProgress?.({ phase: 'render', done: sites.length, total: inputs.length });
  }
  const total = (sites.length * (sites.length - 1)) / 2;
  const found: { i: number; j: number; similarity: number }[] = [];
  for (let i = 0; i < sites.length; i++) {
    for (let j = i + 1; j < sites.length; j++) {
      found.push({ i, j, similarity: comparePair(sites[i]!, sites[j]!, { pages: false }).similarity });
      opts.onProgress?.({ phase: 'compare', done: found.length, total });
    }
  }
  found.sort((x, y) => y.similarity - x.similarity);
  let detailsLeft = opts.detailLimit ?? 100;
  const pairs = found.map(({ i, j, similarity }): PairReport => {
    const [a, b] = [sites[i]!, sites[j]!];
    const over = similarity > threshold;
    const detailed = over && detailsLeft-- > 0;
    const pages = detailed || opts.allPages ? comparePair(a, b).pages : [];
    return { a: who(a), b: who(b), similarity, over, detailed, pages, advice: detailed ? adviceForPair(a, b) : [] };
  });
  return { threshold, sites: sites.map(who), pairs, overCount: pairs.filter((p) => p.over).length };
}

function who(s: SiteFingerprint) {
  return { source: s.source, city: s.config.city };
}
