import { HTMLElement, NodeType } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { BRAND_PLACES, locationPath, placementFor, type BrandLocation, type BrandModel } from '../../src/brand-site/pages/model.js';
import { renderBrandPages } from '../../src/brand-site/pages/render.js';
import { BRAND_WORDS } from '../../src/brand-site/pages/words.js';
import { FindYourClinic } from '../../src/brand-site/locator-markup.js';
import { answerFor } from '../../src/brand-site/locator-core.js';
import { ISLAND_TEXTS } from '../../src/brand-site/islands/locator-texts.js';
import { SERVICES } from '../../src/config/services.js';
import { lookupState } from '../../src/config/states.js';
import { copyOf } from '../../src/pages/content/copy.js';
import { resolveSite, type Site } from '../../src/pages/page-model.js';
import * as enFinder from '../../src/texts/finder.js';
import * as enSite from '../../src/texts/site.js';
import { dom, sampleConfig, SAMPLES, text } from '../helpers/site.js';
import { BRAND, madeUpConfigs } from './pages-fixture.js';

/**
 * The brand's own pages in Spanish (issue 40 item 5): every word a patient reads on them is
 * Spanish, and every link to a brand page stays in Spanish. The locations' own pages are another
 * matter (their copy is src/pages/content/es/): here only the brand's pages are rendered.
 */
const configs = [...SAMPLES.map((s) => sampleConfig(s)), ...madeUpConfigs()];

/** A location's Site in Spanish: placed, when resolveSite places a Spanish location; else stand-alone (the brand's pages read only its facts). */
function spanishSite(config: (typeof configs)[number], stateCode: string, stateName: string): Site {
  try {
    const placement = { ...placementFor(BRAND, { stateCode, stateName, city: config.city }), lang: 'es' as const };
    const site = resolveSite(config, { placement, lang: 'es', today: '2026-11-20' });
    if (site.lang === 'es') return site;
  } catch {
    // The placement code is changing (issue 40): the brand's pages need no placement.
  }
  return resolveSite(config, { lang: 'es', today: '2026-11-20' });
}

const locations: BrandLocation[] = configs.map((config) => {
  const state = lookupState(config.state)!;
  return { site: spanishSite(config, state.code, state.name), path: locationPath(state.code, config.city, 'es') };
});

const model: BrandModel = {
  lang: 'es',
  ...BRAND,
  description: 'Clínicas de salud masculina supervisadas por médicos: terapia de reemplazo de testosterona, pérdida de peso médica y terapia con NAD+.',
  primaryColor: '#1d4ed8',
  font: 'system',
  services: SERVICES.filter((s) => configs.some((c) => c.services[s.key])),
  legal: { governingLaw: 'Florida', effectiveDate: '1 de enero de 2024', email: 'privacy@menshealth.example.com' },
  locations,
};

const withLocator: BrandModel = { ...model, locator: { zipFile: 'assets/zips.txt', script: 'assets/locator.js', nationalZipFile: 'assets/us.txt' } };
const files: Record<string, string> = { ...renderBrandPages(model, { pagesOnly: true }), 'es/index.html': renderBrandPages(withLocator, { pagesOnly: true })['es/index.html']! };
/** The same home without the locator: the list of locations by state stands for the box. */
const homeWithoutLocator = renderBrandPages(model, { pagesOnly: true })['es/index.html']!;
const pages = Object.entries(files).filter(([f]) => f.endsWith('.html'));

/** What a patient reads of a page: its title, description, the body's text, and the words said to screen readers. */
function readable(html: string): string {
  const root = dom(html);
  for (const s of root.querySelectorAll('script, style')) s.remove();
  const labels = root.querySelectorAll('[aria-label], [alt], [title]').flatMap((el) => ['aria-label', 'alt', 'title'].map((a) => el.getAttribute(a) ?? ''));
  return [text(root.querySelector('title')), root.querySelector('meta[name="description"]')?.getAttribute('content') ?? '', textNodes(root.querySelector('body')), ...labels].join('\n');
}

/** The text of each text node, apart: a heading's words do not run into the line above's. */
function textNodes(el: HTMLElement | null): string {
  if (!el) return '';
  return el.childNodes.map((n) => (n.nodeType === NodeType.TEXT_NODE ? n.text : n instanceof HTMLElement ? textNodes(n) : '')).join(' ');
}

const MARK = '\u0001';
/**
 * The fixed words of an English text: a string as it is; a function called with a mark for each
 * value (a number for a count), cut at the marks and the numbers. Fragments of at least three
 * letters, matched as whole words.
 */
function fragments(value: unknown): string[] {
  const texts: string[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'string') texts.push(v);
    else if (v && typeof v === 'object') for (const k of ['title', 'message', 'hint'] as const) add((v as Record<string, unknown>)[k]);
  };
  if (typeof value === 'function') {
    // Each argument once as a string mark, a count and a list of marks: whichever the function reads.
    const args = Array.from({ length: value.length }, () => MARK);
    for (const a of [args, args.map(() => 7), args.map(() => [MARK, MARK])]) {
      try {
        add(value(...a));
      } catch {
        // A function of other values: its other call gives its words.
      }
    }
  } else add(value);
  return texts
    .flatMap((t) => t.split(/\u0001|\d+/))
    .map((t) => t.replace(/^[\s,.:;|()"]+|[\s,.:;|()"]+$/g, ''))
    .filter((t) => (t.match(/\p{L}/gu) ?? []).length >= 3 && !t.includes('[object'));
}

/** Every English text of the brand's pages, by where it comes from, each once. */
const ENGLISH: [string, string][] = dedupe([
  ...Object.entries(BRAND_WORDS.en).flatMap(([k, v]) => fragments(v).map((f): [string, string] => [`words.${k}`, f])),
  ...Object.entries(enFinder).flatMap(([k, v]) => fragments(v).map((f): [string, string] => [`texts/finder.${k}`, f])),
  ...Object.entries(enSite).flatMap(([k, v]) => fragments(v).map((f): [string, string] => [`texts/site.${k}`, f])),
  ...(['HOME', 'LEARN_MORE', 'SCHEDULE_CONSULTATION', 'copyright', 'effectiveDate', 'notFoundDescription', 'treatmentAt', 'PAGES_OF_SITE'] as const).flatMap((k) =>
    fragments(copyOf('en').ui[k]).map((f): [string, string] => [`content/ui.${k}`, f]),
  ),
  ['content/visit.HOURS_TITLE', copyOf('en').visit.HOURS_TITLE],
  ['content/pages.TERMS_TITLE', copyOf('en').pages.TERMS_TITLE],
  ['content/pages.PRIVACY_TITLE', copyOf('en').pages.PRIVACY_TITLE],
  ['BRAND_PLACES.en.locationsName', BRAND_PLACES.en.locationsName],
]);

function dedupe(texts: [string, string][]): [string, string][] {
  const seen = new Map<string, string>();
  for (const [from, f] of texts) if (!seen.has(f)) seen.set(f, from);
  return [...seen].map(([f, from]) => [from, f]);
}

const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The English texts a page's readable text holds, each named. */
function englishIn(readableText: string): string[] {
  return ENGLISH.filter(([, f]) => new RegExp(`(?<!\\p{L})${escape(f)}(?!\\p{L})`, 'u').test(readableText)).map(([from, f]) => `${from}: "${f}"`);
}

/** The page's path on the brand site for a file: `es/ubicaciones/fl/index.html` -> `/es/ubicaciones/fl/`. */
const pathOf = (file: string) => `/${file.replace(/index\.html$/, '')}`;

describe('the brand pages in Spanish', () => {
  it('renders each page at its Spanish path', () => {
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['es/index.html', 'es/ubicaciones/index.html', 'es/ubicaciones/fl/index.html', 'es/terapia-de-testosterona/index.html', 'es/privacidad/index.html', 'es/terminos/index.html', 'es/404.html']),
    );
    expect(Object.keys(files).every((f) => f.startsWith('es/'))).toBe(true);
  });

  it('checks the English texts it means to (the words module, the finder, the site texts)', () => {
    const checked = ENGLISH.map(([, f]) => f);
    for (const f of ['Our Locations', 'Where to Get It', 'All rights reserved', 'Offered in', 'clinics', 'and', 'Find your clinic', 'Page Not Found', 'Effective date', 'Clinics by State']) expect(checked).toContain(f);
    expect(englishIn('Nuestras ubicaciones y más')).toEqual([]);
    expect(englishIn('Our Locations y más')).toContain('words.ourLocations: "Our Locations"');
    // The same pages in English hold them.
    const english = renderBrandPages({ ...model, lang: 'en' }, { pagesOnly: true });
    expect(englishIn(readable(english['locations/index.html']!))).toEqual(expect.arrayContaining(['words.ourLocations: "Our Locations"', 'texts/site.brandFindClinic: "Find a clinic"']));
  });

  it('holds no English text of the brand pages, the finder or the site texts on any page', () => {
    const found = [...pages, ['es/index.html (without the locator)', homeWithoutLocator] as const].flatMap(([file, html]) => englishIn(readable(html)).map((e) => `${file}: ${e}`));
    expect(found).toEqual([]);
  });

  it('says the key things in Spanish', () => {
    const page = (file: string) => dom(files[file]!);
    expect(text(page('es/ubicaciones/index.html').querySelector('h1'))).toBe('Nuestras ubicaciones');
    expect(text(page('es/ubicaciones/fl/index.html').querySelector('h1'))).toBe('Clínicas de salud masculina en Florida');
    expect(text(page('es/index.html').querySelector('#services-title'))).toBe('Lo que tratamos en nuestras clínicas');
    expect(text(page('es/index.html').querySelector('#find-your-clinic-title'))).toBe('Encuentre su clínica');
    expect(text(dom(homeWithoutLocator).querySelector('#find-your-clinic-title'))).toBe('Encuentre su clínica');
    expect(text(page('es/index.html').querySelector('footer'))).toContain('Clínicas por estado');
    expect(text(page('es/index.html').querySelector('footer'))).toContain("© Northstar Men's Health. Todos los derechos reservados.");
    // Spanish "and": `e` before Illinois, `y` before Texas.
    expect(text(page('es/index.html').querySelector('h1')?.parentNode?.querySelector('p'))).toBe('Clínicas de salud masculina en Florida, Georgia, Idaho, Illinois, Missouri y Texas');
    expect(BRAND_WORDS.es.list(['Florida', 'Illinois'])).toBe('Florida e Illinois');
    const trt = page('es/terapia-de-testosterona/index.html');
    expect(text(trt.querySelector('#where-to-get-it-title'))).toBe('Dónde recibir el tratamiento');
    expect(text(trt.querySelector('h1 + p'))).not.toBe('');
    expect(trt.querySelector('title')?.text).toBe("Terapia TRT | Northstar Men's Health");
    const terms = page('es/terminos/index.html');
    expect(text(terms.querySelector('h1'))).toBe('Términos del servicio');
    expect(text(terms)).toContain('Fecha de entrada en vigor: 1 de enero de 2024');
    const law = terms.querySelectorAll('h2').find((h) => text(h).endsWith('Ley aplicable'))!;
    expect(text(law.parentNode)).toContain('se rigen por las leyes del Estado de Florida');
    expect(text(law.parentNode)).toMatch(/Tampa, FL: las leyes del Estado de Florida; los tribunales de /);
    expect(text(page('es/privacidad/index.html'))).toContain('Correo electrónico: privacy@menshealth.example.com');
    const notFound = page('es/404.html');
    expect(text(notFound.querySelector('h1'))).toBe('Página no encontrada');
    expect(text(notFound)).toContain('Ubicaciones en Florida');
  });

  it('links every brand page in Spanish', () => {
    const wrong: string[] = [];
    for (const [file, html] of [...pages, ['es/index.html', homeWithoutLocator] as const]) {
      for (const a of dom(html).querySelectorAll('a[href]')) {
        const href = a.getAttribute('href')!;
        // Out of the site, a phone, an email, a place on the page, or a link to the page in another language.
        if (/^(https?:|mailto:|tel:|#)/.test(href) || a.getAttribute('hreflang')) continue;
        const path = new URL(href, `https://brand.test${file === 'es/404.html' ? '/es/' : pathOf(file)}`).pathname;
        if (!path.startsWith('/es/')) wrong.push(`${file}: ${href} (${path})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("links a location's contact page and the states at their Spanish paths", () => {
    const notFound = dom(files['es/404.html']!);
    const hrefs = notFound.querySelectorAll('a[href]').map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('/es/ubicaciones/fl/tampa/contacto/');
    expect(hrefs).toContain('/es/ubicaciones/fl/');
    expect(hrefs).toContain('/es/#services');
    const box = dom(files['es/index.html']!).querySelector('#find-your-clinic')!;
    expect(box.getAttribute('data-lang')).toBe('es');
    const tampa = box.querySelector('[data-location="fl/tampa"]')!;
    expect(tampa.getAttribute('data-contact')).toBe('ubicaciones/fl/tampa/contacto/');
  });
});

describe('the locator in Spanish', () => {
  it('renders its box in Spanish, and in English without a data-lang', () => {
    const props = { brand: 'B', locations: [], zipFile: 'z.txt' };
    const es = renderToStaticMarkup(createElement(FindYourClinic, { ...props, lang: 'es' }));
    const en = renderToStaticMarkup(createElement(FindYourClinic, props));
    expect(es).toContain('Código postal');
    expect(es).toContain('data-lang="es"');
    expect(en).not.toContain('data-lang');
    expect(englishIn(readable(`<html><body>${es}</body></html>`))).toEqual([]);
  });

  it('answers in Spanish with the Spanish texts', () => {
    const place = { name: 'Tampa', place: 'Tampa, FL', contact: 'c/' };
    expect(answerFor('33602', 'B', [{ location: place, miles: 4 }], ISLAND_TEXTS.es)!.line).toBe('Más cercana a 33602: Tampa, a 4 millas.');
    const far = answerFor('99501', 'B', [{ location: place, miles: 4012 }], ISLAND_TEXTS.es)!;
    expect(far.line).toBe('La clínica de B más cercana está en Tampa, FL, a 4,012 millas.');
    expect(far.contact?.text).toBe('Envíe un mensaje a nuestra clínica de Tampa');
    expect(answerFor('33602', 'B', [{ location: place, miles: 4 }])!.line).toBe('Nearest to 33602: Tampa, 4 miles.');
  });
});
