import { describe, expect, it } from 'vitest';
import { brandIdentity } from '../../src/brand-site/identity.js';
import { placementOf } from '../../src/brand-site/site.js';
import { renderSite } from '../../src/pages/render-site.js';
import { sampleConfig } from '../helpers/site.js';
import { indexablePages, isRedirectPage, localText, publishedPages, withoutLocalContent } from '../../src/check/local-text.js';
import { checkSites, type CheckInput } from '../../src/check/run-check.js';
import { configValues, normaliser, pageText } from '../../src/check/page-text.js';
import { difference, shingles } from '../../src/check/shingles.js';

// Issue 36 item 8: a brand site's location is read by the pages the brand site publishes for it,
// placed as the brand build places it (its identity included), against a template placed the same.

const tampa = sampleConfig('tampa');
const orlando = sampleConfig('orlando');
const brand = { businessName: "Northstar Men's Health", domainName: 'northstarhealth.example.com', primaryColor: '#1d4ed8', font: 'inter' as const };
const placed = (config: typeof tampa) => placementOf(brand, { config, state: 'FL', stateName: 'Florida' }, brandIdentity(brand, {}));
const read = normaliser([configValues(tampa), configValues(orlando)]);
const runs = (text: string) => shingles(read(text));
/** Whether every five-word run of `text` is in `set`. */
const says = (set: Uint32Array, text: string) => difference(runs(text), set).length === 0;

const OWN = 'Park behind the pharmacy on the corner and ring the bell marked suite two for the front desk';
const ELSEWHERE = 'Nothing written here is read by anyone because this page only sends the browser somewhere else';
const EXTRA = 'Our pellet therapy protocol in this clinic follows a twelve week plan with labs at every visit';

describe('the doorway check on a brand site reads the pages it publishes', () => {
  it("counts the location's noindex contact page and a page of its own, not its redirect pages", () => {
    const placement = placed(tampa);
    const files = renderSite(tampa, { placement });
    // On the brand site the treatment pages are redirect pages to the brand's root.
    expect(isRedirectPage(files['trt-therapy/index.html']!)).toBe(true);
    expect(publishedPages(files).map(([p]) => p)).not.toContain('/trt-therapy/');
    expect(publishedPages(files).map(([p]) => p)).toContain('/contact/');
    // Its contact page, noindex there (issue 36 item 2), with a sentence of its own;
    const contact = files['contact/index.html']!;
    files['contact/index.html'] = contact.replace(/<head>/, '<head><meta name="robots" content="noindex">').replace('</main>', `<p>${OWN}</p></main>`);
    expect(files['contact/index.html']).toContain(OWN);
    expect(indexablePages(files).map(([p]) => p)).not.toContain('/contact/');
    // a redirect page with a sentence in it;
    files['trt-therapy/index.html'] = files['trt-therapy/index.html']!.replace('</body>', `<p>${ELSEWHERE}</p></body>`);
    // and a page only the brand site has for it, which its template lacks (a treatment text of its own).
    files['pellet-therapy/index.html'] = contact.replace('</main>', `<p>${EXTRA}</p></main>`);

    const local = localText(tampa, read, files, placement).local;
    expect(says(local, OWN)).toBe(true);
    expect(says(local, EXTRA)).toBe(true);
    expect(difference(runs(ELSEWHERE), local)).toEqual(runs(ELSEWHERE));
    // Read as a stand-alone site is read (indexable pages only), the noindex contact page is not counted.
    expect(says(localText(tampa, read, files).local, OWN)).toBe(false);
  });

  it("counts what a treatment page of the location's own says of its own, not the treatment's copy every city gets", () => {
    const placement = placed(tampa);
    const files = renderSite(tampa, { placement });
    // The location's page of TRT, as its config's own TRT text makes it (issue 36 item 2): the
    // treatment's copy, which the placed template only redirects, with a paragraph of its own.
    const standAlone = renderSite(withoutLocalContent(tampa))['trt-therapy/index.html']!;
    files['trt-therapy/index.html'] = standAlone.replace('</main>', `<p>${EXTRA}</p></main>`);
    expect(files['trt-therapy/index.html']).toContain(EXTRA);
    const local = localText(tampa, read, files, placement).local;
    expect(says(local, EXTRA)).toBe(true);
    const copy = shingles(read(pageText(standAlone)));
    expect(copy.length).toBeGreaterThan(200);
    // Of the treatment's copy, none is the location's own.
    expect(difference(copy, local)).toEqual(copy);
  });

  it('subtracts a template placed as the site is: a location without local content says nothing of its own', () => {
    const bare = withoutLocalContent(tampa);
    const placement = placed(bare);
    expect(localText(bare, read, renderSite(bare, { placement }), placement).local.length).toBe(0);
    expect(localText(bare, read, undefined, placement).local.length).toBe(0);
  });

  it('checkSites reads a placed input by its placement, as localText does', () => {
    const inputs = [tampa, orlando].map((config) => ({ source: config.city, config, placement: placed(config) }));
    const report = checkSites(inputs);
    const words = normaliser(inputs.map((i) => configValues(i.config)));
    for (const i of inputs) {
      const own = localText(i.config, words, undefined, i.placement).local.length;
      expect(report.cities.find((c) => c.city === i.config.city)!.localWords).toBe(own);
    }
    // Tampa's noindex contact page with a sentence of its own counts with its placement, not without.
    const files = renderSite(tampa, { placement: inputs[0]!.placement });
    const own = { ...files, 'contact/index.html': files['contact/index.html']!.replace(/<head>/, '<head><meta name="robots" content="noindex">').replace('</main>', `<p>${OWN}</p></main>`) };
    const tampaWords = (input: CheckInput, f: typeof files) => checkSites([{ ...input, files: f }, inputs[1]!]).cities.find((c) => c.city === 'Tampa')!.localWords;
    expect(tampaWords(inputs[0]!, own)).toBeGreaterThanOrEqual(tampaWords(inputs[0]!, files) + runs(OWN).length);
    const { placement: _, ...standAlone } = inputs[0]!;
    expect(tampaWords(standAlone, own)).toBeLessThanOrEqual(tampaWords(standAlone, files));
  });
});
