import { describe, expect, it } from 'vitest';
import { indexablePages } from '../../src/check/local-text.js';
import { configValues, normaliser, pageText } from '../../src/check/page-text.js';
import { jaccard, shingles } from '../../src/check/shingles.js';
import { configWith, sampleConfig, SAMPLES } from '../helpers/site.js';
import { buildBrand } from './pages-fixture.js';

// Issue 36's acceptance: the three samples plus 30 locations generated from them in Florida and
// Georgia; among the three samples' location pages and the brand's own pages, compared by 5-word
// runs after removing names, phones and addresses, no two indexable pages match more than 0.80.

const TOWNS = ['Atlanta', 'Savannah', 'Augusta', 'Macon', 'Athens', 'Columbus', 'Valdosta', 'Albany', 'Rome', 'Marietta', 'Roswell', 'Dalton', 'Brunswick', 'Gainesville', 'Warner Robins'];
const FL = ['Clearwater', 'Lakeland', 'Sarasota', 'Bradenton', 'Ocala', 'Brandon', 'Largo', 'Kissimmee', 'Sanford', 'Melbourne', 'Daytona Beach', 'Palm Bay', 'Deltona', 'Naples', 'Port Charlotte'];
const generated = [...TOWNS.map((c) => [c, 'GA'] as const), ...FL.map((c) => [c, 'FL'] as const)].map(([city, state], i) =>
  configWith({ ...sampleConfig(SAMPLES[i % 3]), city, state, zipCode: state === 'GA' ? '30303' : '33601', domainName: `loc-${i}.example.com`, phone: `(555) 555-${String(1000 + i)}` }),
);
const { files, model } = buildBrand({ cities: [...SAMPLES.map((s) => sampleConfig(s)), ...generated] });
const words = normaliser(model.locations.map((l) => configValues(l.site.config)));
const samplePaths = SAMPLES.map((s) => model.locations.find((l) => l.site.config.city === sampleConfig(s).city)!.path.slice(1));
const brandOrSample = (f: string) => !f.startsWith('locations/') || samplePaths.some((p) => f.startsWith(p)) || /^locations\/([a-z]{2}\/)?index\.html$/.test(f);
const pages = indexablePages(Object.fromEntries(Object.entries(files).filter(([f, c]) => typeof c === 'string' && brandOrSample(f))) as Record<string, string>);
const read = pages.map(([path, html]) => ({ path, runs: shingles(words(pageText(html))) }));

describe('no two indexable pages alike (issue 36 acceptance)', () => {
  it("the samples' location pages and the brand's own pages: every pair at most 0.80", () => {
    // The samples' pages (each its page; the rest moved or noindex) and the brand's: home, treatments, policies, directory, states.
    expect(model.locations).toHaveLength(33);
    expect(read.filter((p) => p.path.startsWith('/locations/')).map((p) => p.path).sort()).toEqual(['/locations/', '/locations/fl/', '/locations/ga/', ...samplePaths.map((p) => `/${p}`)].sort());
    expect(read.length).toBeGreaterThan(12);
    const pairs: [string, string, number][] = [];
    for (let i = 0; i < read.length; i++) for (let j = i + 1; j < read.length; j++) pairs.push([read[i]!.path, read[j]!.path, jaccard(read[i]!.runs, read[j]!.runs)]);
    const worst = pairs.sort((a, b) => b[2] - a[2]).slice(0, 3);
    for (const [a, b, score] of pairs) expect(score, `${a} ~ ${b}`).toBeLessThanOrEqual(0.8);
    // What the note records: the closest pairs.
    const local = pairs.filter(([a, b]) => [a, b].some((p) => samplePaths.includes(p.slice(1))))[0]!;
    console.log([...worst, local].map(([a, b, s]) => `${s.toFixed(2)} ${a} ~ ${b}`).join('\n'));
  });
});
