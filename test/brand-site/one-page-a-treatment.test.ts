import type { HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { brandSiteSchema } from '../../src/brand-site/config.js';
import { brandRedirects, parseRedirects, redirectsFile } from '../../src/brand-site/redirects.js';
import { SERVICES } from '../../src/config/services.js';
import { siteRoutes } from '../../src/pages/routes.js';
import { dom, render, sampleConfig, text } from '../helpers/site.js';
import { buildBrand, ORIGIN } from './pages-fixture.js';

// Issue 36 items 1, 3 and 7 on the brand site as the build puts it together (pages-fixture.ts):
// one page a treatment at the brand's root with where to get it, the brand's policies once, the
// old addresses of a location's copies answering with a redirect page, the home's treatment cards
// linking to their pages, and no two indexable pages with one title.

const { files, model } = buildBrand({ own: ['Orlando'] });
const html = (file: string) => files[file] as string;
const htmlFiles = Object.keys(files).filter((f) => f.endsWith('.html'));
const pathOf = (file: string) => `/${file.replace(/index\.html$/, '')}`;
const isRedirect = (file: string) => /<meta http-equiv="refresh"/.test(html(file));
const fileOf = (path: string) => `${path.slice(1)}index.html`;

/** Where a redirect page sends the browser, as a path from the root. */
function refreshTarget(file: string): string {
  const content = dom(html(file)).querySelector('meta[http-equiv="refresh"]')!.getAttribute('content')!;
  const href = /^0; url=(.+)$/.exec(content)![1]!;
  return new URL(href, `${ORIGIN}${pathOf(file)}`).pathname;
}

describe('one page a treatment (issue 36 item 1)', () => {
  const offered = SERVICES.filter((s) => model.locations.some((l) => l.site.config.services[s.key]));

  it('has exactly one page for each treatment any location offers, at the root, and none for the others', () => {
    expect(offered.length).toBeGreaterThan(3);
    for (const s of SERVICES) expect(files[s.file] !== undefined, s.file).toBe(offered.includes(s));
    // A location's copy of it is only a redirect page, never a page of its own.
    for (const s of SERVICES) {
      const copies = htmlFiles.filter((f) => f.startsWith('locations/') && f.endsWith(`/${s.file}`) && !f.includes('/contact/'));
      for (const f of copies) expect(isRedirect(f), f).toBe(true);
    }
  });

  it("lists where to get it: each location that offers it, with address, phone and link, and Schedule Consultation leads there", () => {
    for (const s of offered) {
      const page = dom(html(s.file));
      expect(text(page.querySelector('h1')).length, s.file).toBeGreaterThan(5);
      const where = page.querySelector('#where-to-get-it')!;
      expect(text(where.querySelector('h2'))).toBe('Where to Get It');
      const at = model.locations.filter((l) => l.site.config.services[s.key]);
      const cards = where.querySelectorAll('li');
      expect(cards.map((c) => text(c.querySelector('h3'))).sort(), s.file).toEqual(at.map((l) => `${l.site.city}, ${l.site.stateCode}`).sort());
      for (const l of at) {
        const card = cards.find((c) => text(c.querySelector('h3')) === `${l.site.city}, ${l.site.stateCode}`)!;
        expect(text(card.querySelector('address'))).toContain(l.site.addressLines[0]);
        expect(card.querySelector('address a')!.getAttribute('href')).toBe(l.site.telHref);
        expect(new URL(card.querySelector('h3 a')!.getAttribute('href')!, `${ORIGIN}${s.path}`).pathname).toBe(l.path);
      }
      const cta = page.querySelectorAll('a').find((a) => text(a) === 'Schedule Consultation')!;
      expect(cta.getAttribute('href')).toBe('#where-to-get-it');
      expect(page.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe(`${ORIGIN}${s.path}`);
    }
    // Peptides at Orlando only, vitamin injections at Tampa only (the samples).
    expect(dom(html('peptide-therapy/index.html')).querySelectorAll('#where-to-get-it li h3').map(text)).toEqual(['Orlando, FL']);
    expect(dom(html('vitamin-injections/index.html')).querySelectorAll('#where-to-get-it li h3').map(text)).toEqual(['Tampa, FL']);
  });

  it("carries the city pages' copy of each treatment section for section, the same claims word for word", () => {
    // Tampa offers TRT, semaglutide, NAD+, hormone optimization and vitamin injections; Orlando peptides.
    const cities = [render(sampleConfig('tampa')), render(sampleConfig('orlando'))];
    // The sections of copy: every section with an id but the brand's own list of clinics.
    const sections = (page: HTMLElement) =>
      page
        .querySelectorAll('main > section[id]')
        .filter((x) => x.id !== 'where-to-get-it')
        .map((x) => [x.id, text(x)]);
    for (const s of offered) {
      const city = cities.map((c) => c[s.file] as string | undefined).find(Boolean);
      expect(city, s.file).toBeDefined();
      const brand = sections(dom(html(s.file)));
      expect(brand.length, s.file).toBeGreaterThan(2);
      expect(brand, s.file).toEqual(sections(dom(city!)));
    }
    expect(text(dom(html('semaglutide/index.html')).querySelector('#candidacy'))).toContain('Candidacy is decided by a licensed provider after a medical evaluation and lab work.');
  });

  it("has the brand's privacy policy and terms once, with its own effective date, and the terms name each location's courts in one list", () => {
    const terms = dom(html('terms/index.html'));
    expect(text(terms.querySelector('article'))).toContain('Effective date: January 1, 2024');
    const law = terms.querySelectorAll('section').find((s) => text(s.querySelector('h2')).endsWith('Governing Law'))!;
    const courts = law.querySelectorAll('li').map(text);
    expect(courts).toHaveLength(model.locations.length);
    for (const l of model.locations) expect(courts).toContainEqual(expect.stringContaining(`${l.site.city}, ${l.site.stateCode}: the laws of the State of ${l.site.config.legal.governingLaw}; the courts of ${l.site.config.legal.courts}`));
    // Required for a brand site, each missing fact named (decision 14: never borrowed from a city).
    const missing = brandSiteSchema.safeParse({ businessName: 'Northstar', domainName: 'northstar.example.com' });
    expect(missing.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['legal.effectiveDate', 'legal.email', 'legal.governingLaw']);
    const privacy = dom(html('privacy/index.html'));
    expect(text(privacy.querySelector('address'))).toContain('privacy@menshealth.example.com');
    for (const f of htmlFiles.filter((f) => /^locations\/.+\/(privacy|terms)\/index\.html$/.test(f))) expect(isRedirect(f), f).toBe(true);
  });
});

describe("the brand home's treatments (issue 36 item 7)", () => {
  it('are links to their pages and say where each is offered', () => {
    const cards = dom(html('index.html')).querySelectorAll('#services > div > ul > li');
    expect(cards).toHaveLength(model.services.length);
    const byTitle = new Map(cards.map((c) => [text(c.querySelector('h3')), c]));
    expect(byTitle.get('TRT Therapy')!.querySelector('a')!.getAttribute('href')).toBe('trt-therapy/');
    expect(text(byTitle.get('TRT Therapy')!)).toContain(`At all ${model.locations.length} locations`);
    expect(text(byTitle.get('Peptide Therapy')!)).toContain('Offered in Orlando');
    expect(text(byTitle.get('Vitamin Injections')!)).toContain('Offered in Tampa');
    for (const c of cards) expect(files[fileOf(new URL(c.querySelector('a')!.getAttribute('href')!, `${ORIGIN}/`).pathname)], text(c.querySelector('h3'))).toBeDefined();
  });
});

describe('moved addresses keep answering (issue 36 item 3)', () => {
  /** Every page of a location on issue 24's brand site: its whole stand-alone page set. */
  const issue24 = model.locations.flatMap((l) => siteRoutes(l.site.config).map((r) => ({ location: l, route: r, path: `${l.path}${r.path.slice(1)}` })));

  it('every address of issue 24 is a page, or a redirect page that ends on a page of the same location or the same treatment', () => {
    expect(issue24.length).toBeGreaterThan(100);
    for (const { location, route, path } of issue24) {
      const file = fileOf(path);
      expect(files[file], path).toBeDefined();
      if (!isRedirect(file)) continue;
      const to = refreshTarget(file);
      expect(isRedirect(fileOf(to)), `${path} -> ${to}`).toBe(false);
      expect(files[fileOf(to)], `${path} -> ${to}`).toBeDefined();
      const page = dom(html(file));
      expect(page.querySelector('meta[name=robots]')!.getAttribute('content')).toBe('noindex');
      // Canonical where the page it leads to is (Orlando, canonical on its own domain, there); a
      // location's contact page, noindex and naming no canonical, by its own address.
      const target = dom(html(fileOf(to))).querySelector('link[rel=canonical]')?.getAttribute('href') ?? `${location.site.canonicalUrl ?? location.site.siteUrl}/contact/`;
      expect(page.querySelector('link[rel=canonical]')!.getAttribute('href'), path).toBe(target);
      // The same treatment (or policy) at the root, the location's page, or its contact page.
      expect(to, path).toBe(route.id === 'serviceContact' ? `${location.path}contact/` : route.id === 'about' ? location.path : route.path);
    }
  });

  it('the list the clinic server answers 301 from is exactly the redirect pages', () => {
    const listed = brandRedirects(model.locations.map((l) => ({ path: l.path, config: l.site.config })));
    const pages = htmlFiles.filter(isRedirect).map(pathOf).sort();
    expect(listed.map(([from]) => from).sort()).toEqual(pages);
    for (const [from, to] of listed) expect(refreshTarget(fileOf(from)), from).toBe(to);
    const parsed = parseRedirects(redirectsFile(listed));
    expect(parsed.get('/locations/fl/tampa/trt-therapy/')).toBe('/trt-therapy/');
    expect(parsed.get('/locations/fl/tampa/trt-therapy')).toBe('/trt-therapy/');
    // A line pointing off the site (a hand-edited or hostile file) is not followed.
    const hostile = parseRedirects('/locations/fl/tampa/about/ //evil.example/ 301\n/locations/fl/tampa/terms/ /\\evil.example/ 301\n/a/ /b/ 301');
    expect([...hostile.keys()]).toEqual(['/a/', '/a']);
  });
});

describe('titles (issue 36)', () => {
  it('no two indexable pages of the brand site share a title, and a location page names its location', () => {
    const indexable = htmlFiles.filter((f) => f !== '404.html' && !dom(html(f)).querySelector('meta[name=robots][content~=noindex]'));
    const titles = new Map<string, string[]>();
    for (const f of indexable) {
      const t = text(dom(html(f)).querySelector('title'));
      titles.set(t, [...(titles.get(t) ?? []), f]);
    }
    expect([...titles.entries()].filter(([, fs]) => fs.length > 1)).toEqual([]);
    expect(text(dom(html('locations/fl/tampa/contact/index.html')).querySelector('title'))).toBe("Contact Northstar Men's Health in Tampa, FL");
  });
});
