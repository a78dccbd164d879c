import type { ClinicConfig } from '../config/schema.js';
import type { Placement } from '../pages/placement.js';
import type { SiteFiles } from '../pages/render-site.js';
import { adviceForCity, adviceForPair, type FieldAdvice } from './advice.js';
import { localText } from './local-text.js';
import { configValues, normaliser } from './page-text.js';

import { DEFAULT_THRESHOLD, MIN_LOCAL_WORDS } from './limits.js';

/** A city to check: its config, the file (or name) it came from, and its rendered site if at hand. */
export interface CheckInput {
  /** What the caller knows the city by (a config file, a stored city's slug); reports name it. */
  source: string;
  config: ClinicConfig;
  /** The city's rendered site (`renderSite(config)`), when the caller has it; else rendered here. */
  files?: SiteFiles<string>;
  /**
   * The city is a location of a brand site, placed so (brand-site/site.ts brandPlacements): its
   * pages are read as the brand site publishes them, its template rendered with the same
   * placement (local-text.ts). `files`, when given, must be rendered with it.
   */
  placement?: Placement;
}

export interface CityRef {
  source: string;
  city: string;
}

/**
 * - `distinct`: enough text of its own, and at most the threshold of it on another city's site.
 * - `too-alike`: more than the threshold of its own text is on its closest sibling's site.
 * - `no-local-content`: fewer than `minLocalWords` words of its own.
 * - `alone`: the only city given; nothing to compare it with (passes).
 */
export type Verdict = 'distinct' | 'too-alike' | 'no-local-content' | 'alone';

export interface CityReport extends CityRef {
  /** Share (0 to 1) of this city's own text that its closest sibling's pages say too. */
  score: number;
  /** The sibling whose pages say most of this city's own text; null alone or when none says any. */
  closest: CityRef | null;
  /**
   * How much the city's pages say that neither its template nor most cities say, in five-word
   * runs: about one a word (a text shown in several places counts a few more where it meets the
   * template).
   */
  localWords: number;
  verdict: Verdict;
  pass: boolean;
  /** Local content fields to write, for a failing city (see `detailLimit`). */
  advice: FieldAdvice[];
}

export interface CheckReport {
  /** No city fails. */
  ok: boolean;
  threshold: number;
  minLocalWords: number;
  failCount: number;
  /** Every city, failing ones first, each group most alike first. */
  cities: CityReport[];
}

export interface CheckProgress {
  phase: 'render' | 'compare';
  done: number;
  total: number;
}

export interface CheckOptions {
  threshold?: number;
  minLocalWords?: number;
  /**
   * How many failing cities, worst first, get advice (default 100): a thousand cities copied from
   * one would otherwise repeat the same advice a thousand times.
   */
  detailLimit?: number;
  onProgress?: (p: CheckProgress) => void;
}

/**
 * The doorway check, pure apart from rendering in memory: each city's own text (its pages less
 * what the template says, less what most cities say) against every other city's, and for each city
 * its score against its closest sibling and a verdict. `clinic-gen check` prints it; the server
 * and the admin call it with the cities they hold.
 */
export function checkSites(inputs: readonly CheckInput[], opts: CheckOptions = {}): CheckReport {
  // One reading for every city, with every city's names and contact details set aside: Tampa's
  // text copied into Clearwater's config still names Tampa, and must read the same in both.
  const words = normaliser(inputs.map((i) => configValues(i.config)));
  const own: Uint32Array[] = [];
  for (const input of inputs) {
    own.push(localText(input.config, words, input.files, input.placement).local);
    opts.onProgress?.({ phase: 'render', done: own.length, total: inputs.length });
  }
  return compareCities(inputs, own, opts);
}

/**
 * The check's second half: `own[i]` is the own text of `inputs[i]` (localText, read with the
 * normaliser of every input's config values, as checkSites reads it), compared with every other
 * city's. A caller that keeps each city's own text between checks (check-cache.ts) calls this.
 */
export function compareCities(inputs: readonly CheckInput[], own: readonly Uint32Array[], opts: CheckOptions = {}): CheckReport {
  const threshold = opts.threshold ?? DEFAULT_THRESHOLD;
  const minLocalWords = opts.minLocalWords ?? MIN_LOCAL_WORDS;
  const local = withoutShared(own);

  // Which cities say each shingle: one pass over the postings finds every city's closest sibling.
  const sayers = new Map<number, number[]>();
  local.forEach((set, i) => {
    for (const h of set) {
      const list = sayers.get(h);
      if (list) list.push(i);
      else sayers.set(h, [i]);
    }
  });
  const counts = new Int32Array(inputs.length);
  const found = inputs.map((_, i) => {
    const set = local[i]!;
    const touched: number[] = [];
    for (const h of set) {
      for (const j of sayers.get(h)!) {
        if (j === i) continue;
        if (counts[j] === 0) touched.push(j);
        counts[j]!++;
      }
    }
    let best = -1;
    for (const j of touched) if (best < 0 || counts[j]! > counts[best]! || (counts[j] === counts[best] && j < best)) best = j;
    const score = best < 0 || set.length === 0 ? 0 : counts[best]! / set.length;
    for (const j of touched) counts[j] = 0;
    opts.onProgress?.({ phase: 'compare', done: i + 1, total: inputs.length });
    const verdict: Verdict =
      inputs.length === 1 ? 'alone' : set.length < minLocalWords ? 'no-local-content' : score > threshold ? 'too-alike' : 'distinct';
    return { i, best, score, localWords: set.length, verdict };
  });

  const fails = (v: Verdict) => v === 'too-alike' || v === 'no-local-content';
  found.sort((x, y) => Number(fails(y.verdict)) - Number(fails(x.verdict)) || y.score - x.score || x.i - y.i);
  let detailsLeft = opts.detailLimit ?? 100;
  const cities = found.map(({ i, best, score, localWords, verdict }): CityReport => {
    const input = inputs[i]!;
    const closest = best < 0 ? null : inputs[best]!;
    const pass = !fails(verdict);
    const advice =
      pass || detailsLeft-- <= 0
        ? []
        : verdict === 'too-alike' && closest
          ? adviceForPair(input, closest)
          : adviceForCity(input, localWords, minLocalWords);
    return { ...ref(input), score, closest: closest && ref(closest), localWords, verdict, pass, advice };
  });
  const failCount = cities.filter((c) => !c.pass).length;
  return { ok: failCount === 0, threshold, minLocalWords, failCount, cities };
}

/**
 * Each city's own shingles less those most cities say too (at least half of them, and at least
 * three): a description or a team member every city shares is the clinic's copy, not local text.
 * Two cities, or a few copies among many, keep what they share: that is what the check is for.
 */
function withoutShared(own: readonly Uint32Array[]): readonly Uint32Array[] {
  const sharedFrom = Math.max(3, Math.ceil(own.length / 2));
  if (own.length < sharedFrom) return own;
  const df = new Map<number, number>();
  for (const set of own) for (const h of set) df.set(h, (df.get(h) ?? 0) + 1);
  return own.map((set) => set.filter((h) => df.get(h)! < sharedFrom));
}

function ref(input: CheckInput): CityRef {
  return { source: input.source, city: input.config.city };
}
