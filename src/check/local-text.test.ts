import { describe, expect, it } from 'vitest';
import { clinicConfigSchema } from '../config/schema.js';
import { renderSite } from '../pages/render-site.js';
import { sampleConfig } from '../../test/helpers/site.js';
import { indexablePages, localText, siteShingles, withoutLocalContent } from './local-text.js';
import { configValues, normaliser, pageText, words } from './page-text.js';
import { difference, overlap, shingles, union } from './shingles.js';

const tampa = sampleConfig('tampa');
const read = normaliser([configValues(tampa)]);

/** The five-word runs of a text as the check reads it. */
const runs = (text: string) => shingles(read(text));

describe('normaliser', () => {
  it('sets config values aside as whole runs of words, the longest first, whatever the punctuation', () => {
    const read = normaliser([{ city: ['Wesley Chapel', 'Tampa'], business: ["Northstar Men's Health"], phone: ['(813) 555-0142'], email: ['tampa@example.com'] }]);
    expect(read('Call Northstar Men’s Health in Wesley Chapel at 813-555-0142, or write to tampa@example.com from Tampa.')).toEqual([
      'call',
      'businessplaceholder',
      'in',
      'cityplaceholder',
      'at',
      'phoneplaceholder',
      'or',
      'write',
      'to',
      'emailplaceholder',
      'from',
      'cityplaceholder',
    ]);
    // Only whole words: "Tampan" is not Tampa, and "Wesley" alone is not Wesley Chapel.
    expect(read('Tampan Wesley chapels')).toEqual(['tampan', 'wesley', 'chapels']);
  });

  it('reads a text without values as its lower-cased words', () => {
    expect(normaliser([])("Men's health, 9:00 AM")).toEqual(words("Men's health, 9:00 AM"));
    expect(words("Men's health, 9:00 AM")).toEqual(["men's", 'health', '9', '00', 'am']);
  });
});

describe('shingle sets', () => {
  it('takes differences and unions of sorted sets', () => {
    const a = Uint32Array.from([1, 3, 5, 7]);
    const b = Uint32Array.from([3, 4, 7, 9]);
    expect([...difference(a, b)]).toEqual([1, 5]);
    expect([...difference(b, a)]).toEqual([4, 9]);
    expect([...union([a, b, a])]).toEqual([1, 3, 4, 5, 7, 9]);
    expect([...difference(a, new Uint32Array(0))]).toEqual([1, 3, 5, 7]);
  });
});

describe('localText', () => {
  it("keeps what the city's local content says and nothing the template says", () => {
    const { local } = localText(tampa, read);
    const why = runs(tampa.localContent.whyCity!);
    expect(overlap(why, local)).toBe(why.length);
    for (const { answer } of tampa.localContent.faq) expect(overlap(runs(answer), local)).toBe(runs(answer).length);
    // And its Spanish pages' own words (issue 40: Spanish pages are compared with Spanish pages).
    const porQue = runs(tampa.es!.localContent.whyCity!);
    expect(overlap(porQue, local)).toBe(porQue.length);
    // The template: the whole site as it reads without local content, the TRT page for one.
    const template = siteShingles(renderSite(withoutLocalContent(tampa)), read);
    expect(overlap(template, local)).toBe(0);
    const trt = indexablePages(renderSite(tampa)).find(([route]) => route === '/trt-therapy/');
    expect(trt).toBeDefined();
    expect(overlap(runs(pageText(trt![1])), local)).toBe(0);
    // About one run a word: a run that spans the edge of a local text counts as local too, so a
    // little more than the words of the local fields, never the thousands of the whole site.
    // Tampa publishes Spanish too: its own words in Spanish are local text of its Spanish pages.
    const es = tampa.es!.localContent;
    const localWords = [tampa.localContent.whyCity!, ...tampa.localContent.faq.flatMap((f) => [f.question, f.answer]), ...tampa.localContent.areasServed]
      .concat(tampa.localContent.team.flatMap((m) => [m.name, m.credentials, m.role ?? '', m.bio ?? '']))
      .concat([es.whyCity!, ...es.faq!.flatMap((f) => [f.question, f.answer]), ...es.areasServed!])
      .concat(tampa.localContent.team.flatMap((m) => [m.name, m.credentials, m.es?.role ?? '', m.es?.bio ?? '']))
      .flatMap(read).length;
    expect(local.length).toBeGreaterThan(localWords * 0.8);
    expect(local.length).toBeLessThan(localWords * 2);
  });

  it('finds nothing local in a city without local content, and a description alone when that is all it has', () => {
    const bare = withoutLocalContent(tampa);
    expect(localText(bare, read).local.length).toBe(0);
    const description = 'Northstar treats men near Lake Morton with evening visits for shift workers.';
    const described = clinicConfigSchema.parse({ ...bare, description });
    const { local } = localText(described, read);
    expect(overlap(runs(description), local)).toBe(runs(description).length);
    expect(local.length).toBeGreaterThan(0);
  });

  it('reads the same local text from a site rendered by the caller', () => {
    expect([...localText(tampa, read, renderSite(tampa)).local]).toEqual([...localText(tampa, read).local]);
  });

  it('empties every local field, and keeps the rest of the config', () => {
    const bare = withoutLocalContent(sampleConfig('wesley-chapel'));
    expect(bare.localContent).toEqual({ team: [], areasServed: [], faq: [], treatmentText: {} });
    expect(bare.description).toBeUndefined();
    expect(bare.city).toBe('Wesley Chapel');
    expect(bare.hours).toEqual(sampleConfig('wesley-chapel').hours);
  });
});
