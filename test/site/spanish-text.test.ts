import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HTMLElement, Node } from 'node-html-parser';
import { contactSchemaFor, fieldErrors, CONTACT_LIMITS } from '../../src/config/contact.js';
import type { ClinicConfig } from '../../src/config/schema.js';
import { PAYMENT_METHODS } from '../../src/config/schema.js';
import { renderFormPostPage } from '../../src/pages/form-post-page.js';
import { resolveSite, type Site } from '../../src/pages/page-model.js';
import * as enContactTexts from '../../src/texts/contact.js';
import * as enFinderTexts from '../../src/texts/finder.js';
import * as enSiteTexts from '../../src/texts/site.js';
import * as esContactTexts from '../../src/texts/es/contact.js';
import { attr, buildSampleIn, htmlFiles, parseHtml } from '../helpers/bilingual-site.js';
import { ROOT } from '../helpers/site.js';

/**
 * Issue 40, acceptance: the visible text of every Spanish page of Tampa (built with `languages:
 * [en, es]`) holds no string of the English page copy (every string `src/pages/content/*.ts`
 * exports, its functions called with Tampa's English Site) nor of the English catalogue the site
 * reads (`src/texts/contact.ts`, `site.ts`, `finder.ts`), outside the config's own values; and the
 * contact form's errors on a Spanish page are Spanish.
 *
 * The no-JavaScript answers (`renderFormPostPage(..., 'es')`: the errors page and the sent notice)
 * are read the same way as the built pages.
 */

/** Separates the parts of a text the test must not read across: config values cut out, placeholders. */
const CUT = '\u241F';

/** A copy string shorter than this is a token, not copy (e.g. "Q:", "Go", "FAQ"). */
const MIN_LENGTH = 4;

/**
 * Strings the English copy shares with correct Spanish, by design: names of drugs, molecules and
 * programmes the glossary (src/pages/content/es/glossary.ts) keeps as they are, units, and
 * network names. Each is here because it is the same word in Spanish, not to hide a finding.
 */
const SAME_IN_SPANISH = new Set<string>([
  // es/privacy.ts keeps the loanword ("6. Cookies", "Las cookies son pequeños archivos..."), as Spanish privacy policies do.
  'Cookies',
]);

interface CopyString {
  from: string;
  text: string;
}

const PH = `${CUT}`;

/** A function's parameter names, from its source; a parameter with a default value is named `=`. */
function paramNames(fn: (...args: never[]) => unknown): string[] {
  const src = fn.toString();
  const m = /^[^(]*\(([^)]*)\)/.exec(src);
  if (!m) return [];
  return m[1]!
    .split(',')
    .map((p) => (p.includes('=') ? '=' : p.trim().replace(/:.*$/, '').trim()))
    .filter(Boolean);
}

/** Each way a function of the English copy is called: its arguments by parameter name, Tampa's English Site's values. */
function callsOf(fn: (...args: never[]) => unknown, site: Site): unknown[][] {
  const byName: Record<string, unknown[]> = {
    site: [site],
    name: [site.name],
    businessName: [site.name],
    city: [site.city],
    stateName: [site.stateName],
    phone: [site.phone],
    year: [site.year, undefined],
    step: [1],
    '=': [undefined],
    methods: [[...PAYMENT_METHODS], ...PAYMENT_METHODS.map((m) => [m])],
    c: [{ firstVisit: PH, payment: [...PAYMENT_METHODS], insurance: PH }],
    service: site.services,
    network: ['Instagram'],
    date: [site.effectiveDate],
    size: ['32 KB'],
  };
  let calls: unknown[][] = [[]];
  for (const p of paramNames(fn)) {
    const options = byName[p] ?? [PH];
    calls = calls.flatMap((c) => options.map((o) => [...c, o]));
  }
  return calls;
}

/** Every string in a value: strings, arrays, objects, and what functions return. */
function collect(value: unknown, from: string, site: Site, out: CopyString[], depth = 0): void {
  if (depth > 8 || value === null || value === undefined) return;
  if (typeof value === 'string') {
    for (const part of value.split(CUT)) out.push({ from, text: part });
  } else if (typeof value === 'function') {
    for (const args of callsOf(value as (...a: never[]) => unknown, site)) {
      let result: unknown;
      try {
        result = (value as (...a: unknown[]) => unknown)(...args);
      } catch (err) {
        throw new Error(`${from}(${paramNames(value as (...a: never[]) => unknown).join(', ')}) threw: ${(err as Error).message}`);
      }
      collect(result, `${from}()`, site, out, depth + 1);
    }
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => collect(v, `${from}[${i}]`, site, out, depth + 1));
  } else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) collect(v, `${from}.${k}`, site, out, depth + 1);
  }
}

/** Every string value of a config (names, address, team, its local-content text): what the test gave. */
function configStrings(value: unknown, out: Set<string>): void {
  if (typeof value === 'string') {
    out.add(value.trim());
    for (const p of value.split(/\n\s*\n/)) out.add(p.trim());
  } else if (Array.isArray(value)) value.forEach((v) => configStrings(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => configStrings(v, out));
}

const fold = (s: string) =>
  s
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:!?)])/g, '$1')
    .replace(/\( /g, '(')
    .trim();

/** What a visitor reads of a page: text outside script and style, alt, aria-label, title, placeholder, and the description and social metadata. */
function visibleText(html: string): string[] {
  const doc = parseHtml(html);
  const parts: string[] = [];
  const textRun: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      textRun.push(node.text);
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as HTMLElement;
    const tag = el.tagName?.toLowerCase();
    if (tag === 'script' || tag === 'style' || tag === 'template') return;
    for (const a of ['alt', 'aria-label', 'title', 'placeholder']) {
      const v = attr(el, a);
      if (v) parts.push(v);
    }
    if (tag === 'meta') {
      const key = attr(el, 'name') ?? attr(el, 'property') ?? '';
      if (/^(description|og:title|og:description|og:image:alt|og:site_name|twitter:title|twitter:description|twitter:image:alt)$/.test(key)) parts.push(attr(el, 'content') ?? '');
    }
    // Block boundaries and inline ones alike get a space: words of two elements never run together.
    textRun.push(' ');
    el.childNodes.forEach(walk);
    textRun.push(' ');
  };
  doc.childNodes.forEach(walk);
  return [fold(textRun.join('')), ...parts.map(fold)];
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `needle` in `hay` as a whole: not inside a longer word ("Contact" is not in "Contacto"). */
function containsWhole(hay: string, needle: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(needle)}(?![\\p{L}\\p{N}])`, 'u').test(hay);
}

/** The English strings to look for, each with where it comes from; config values and tokens left out. */
function englishStrings(modules: Record<string, unknown>, site: Site, given: Set<string>): CopyString[] {
  const all: CopyString[] = [];
  for (const [name, mod] of Object.entries(modules)) collect(mod, name, site, all);
  const seen = new Map<string, CopyString>();
  const cut = cutter(given);
  for (const s of all) {
    const text = fold(s.text);
    if (text.length < MIN_LENGTH || SAME_IN_SPANISH.has(text) || given.has(text)) continue;
    // A string that is only config values and punctuation ("Tampa, FL") is the config's, not copy.
    if (!/\p{L}{2,}/u.test(cut(text).split(CUT).join(' '))) continue;
    if (!seen.has(text)) seen.set(text, { from: s.from, text });
    // Each sentence of a longer string too: a paragraph half translated still shows.
    const sentences = text.split(/(?<=[.!?])\s+(?=\p{Lu})/u);
    if (sentences.length > 1) {
      for (const sentence of sentences) {
        if (sentence.length < MIN_LENGTH || !/\p{L}{2,}/u.test(cut(sentence).split(CUT).join(' ')) || seen.has(sentence)) continue;
        seen.set(sentence, { from: `${s.from} (a sentence)`, text: sentence });
      }
    }
  }
  return [...seen.values()];
}

/** A function cutting every config value, as a whole (never inside a longer word), out of a text. */
function cutter(given: Set<string>): (text: string) => string {
  const values = [...given].map(fold).filter((g) => g.length >= 2).sort((a, b) => b.length - a.length);
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${values.map(escapeRe).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
  return (text) => text.replace(re, ` ${CUT} `);
}

/** The page's text with every config value cut out, so copy is never "found" inside the city's own words. */
function withoutGiven(parts: string[], given: Set<string>): string[] {
  const cut = cutter(given);
  return parts.map(cut);
}

/** `page: "string" (from)` for every English string in the Spanish pages' text. */
function findings(pages: Record<string, string[]>, strings: CopyString[]): string[] {
  const out: string[] = [];
  const compiled = strings.map((s) => ({ s, re: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(s.text)}(?![\\p{L}\\p{N}])`, 'u') }));
  for (const [page, parts] of Object.entries(pages)) {
    // The parts kept apart by a cut: a string is never found across two of them.
    const text = parts.join(` ${CUT} `);
    for (const { s, re } of compiled) if (re.test(text)) out.push(`${page}: "${s.text}" (${s.from})`);
  }
  return out;
}

async function englishContentModules(): Promise<Record<string, unknown>> {
  const dir = join(ROOT, 'src', 'pages', 'content');
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'copy.ts' && f !== 'types.ts');
  const modules: Record<string, unknown> = {};
  for (const f of files) modules[`content/${f.replace(/\.ts$/, '')}`] = await import(pathToFileURL(join(dir, f)).href);
  return modules;
}

/** Posts the form can get: each error it can show. */
const long = (n: number) => 'a'.repeat(n + 1);
const FORM_INPUTS: Record<string, Record<string, unknown>> = {
  'an empty message': {},
  'empty fields': { firstName: '', lastName: '', email: '', phone: '', service: '', message: '', site: 'tampa', page: 'es/contacto/', language: 'es' },
  'blank fields': { firstName: '  ', lastName: ' ', email: 'no-at-sign', message: 'short', site: 'tampa', page: 'es/contacto/', language: 'es' },
  'too long fields': {
    firstName: long(CONTACT_LIMITS.name),
    lastName: long(CONTACT_LIMITS.name),
    email: `${long(CONTACT_LIMITS.email)}@example.com`,
    phone: long(CONTACT_LIMITS.phone),
    message: long(CONTACT_LIMITS.message),
    site: 'tampa',
    page: 'es/contacto/',
    language: 'es',
  },
  'wrong kinds': { firstName: 1, lastName: 2, email: 3, phone: 4, service: 'not-a-service', message: 5, site: 'Not A Slug', page: 'x'.repeat(300), language: 'fr' },
};


describe('no English on a Spanish page of Tampa (issue 40)', () => {
  let config: ClinicConfig;
  let spanishPages: Record<string, string[]>;
  let strings: CopyString[];
  let given: Set<string>;
  let builtFiles: Record<string, string>;
  beforeAll(async () => {
    const built = await buildSampleIn('tampa', ['en', 'es']);
    builtFiles = built.files;
    config = built.config;
    const site = resolveSite(config, { lang: 'en', year: 2026, today: '2026-03-02' });
    given = new Set<string>();
    // The config's values, but not its language codes (`en`, `es`): settings, not text a page shows.
    const { languages: _languages, ...values } = config;
    configStrings(values, given);
    for (const v of [site.name, site.city, site.stateName, site.stateCode, site.phone, site.email, site.fullAddress, ...site.addressLines, site.siteUrl, site.effectiveDate]) given.add(v);
    given.delete('');
    const modules = { ...(await englishContentModules()), 'texts/contact': enContactTexts, 'texts/site': enSiteTexts, 'texts/finder': enFinderTexts };
    strings = englishStrings(modules, site, given);
    spanishPages = Object.fromEntries(
      htmlFiles(built.files)
        .filter((f) => f.startsWith('es/'))
        .map((f) => [f, withoutGiven(visibleText(built.files[f]!), given)]),
    );
  });

  it('reads every Spanish page and a sound list of English strings', () => {
    expect(Object.keys(spanishPages).length).toBeGreaterThan(15);
    expect(Object.keys(spanishPages)).toContain('es/404.html');
    expect(strings.length).toBeGreaterThan(300);
    // Strings from each source, functions called: the copy, the catalogue, and text built from the Site.
    for (const from of ['content/trt', 'content/privacy', 'content/ui', 'texts/contact', 'texts/site', 'texts/finder']) expect(strings.some((s) => s.from.startsWith(from))).toBe(true);
    expect(strings.map((s) => s.text)).toContain('Message must be at least 10 characters');
    expect(strings.some((s) => s.from.includes('()') && s.text.includes('Tampa'))).toBe(true);
  });

  it('finds no string of the English page copy or catalogue in the visible text of any Spanish page', () => {
    expect(findings(spanishPages, strings)).toEqual([]);
  });

  it('would find one: English copy put on a Spanish page is named with its page', () => {
    const trt = strings.find((s) => s.from.startsWith('content/trt'))!;
    const found = findings({ 'es/index.html': [...spanishPages['es/index.html']!, `Hola. ${trt.text}`] }, strings);
    expect(found).toContain(`es/index.html: "${trt.text}" (${trt.from})`);
    // An attribute too: the visible-text reader takes alt, aria-label and meta descriptions.
    const parts = visibleText(`<html><head><meta name="description" content="Schedule Consultation"></head><body><img alt="Privacy Policy"><span aria-label="Call Now"></span><script>var x = "Terms & Conditions"</script></body></html>`);
    const named = findings({ x: parts }, strings).map((f) => f.split(' (')[0]);
    expect(named).toEqual(expect.arrayContaining(['x: "Schedule Consultation"', 'x: "Call Now"', 'x: "Privacy Policy"']));
    expect(named).not.toContain('x: "Terms & Conditions"');
  });

  it('finds the English strings on the English pages (the reader and the list work on real pages)', () => {
    const englishPages = Object.fromEntries(htmlFiles(builtFiles).filter((f) => !f.startsWith('es/')).map((f) => [f, withoutGiven(visibleText(builtFiles[f]!), given)]));
    const found = findings(englishPages, strings);
    expect(found.length).toBeGreaterThan(500);
    for (const page of Object.keys(englishPages)) expect(found.some((f) => f.startsWith(`${page}: `)), page).toBe(true);
  });

  it('the no-JavaScript answers in Spanish (errors for each input, the sent notice) hold no English string', () => {
    const pages: Record<string, string[]> = {};
    const en: Record<string, string[]> = {};
    for (const [name, input] of Object.entries(FORM_INPUTS)) {
      const errors = fieldErrors(contactSchemaFor('es').safeParse(input).error!);
      const values = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)]));
      pages[`no-JS errors (${name})`] = withoutGiven(visibleText(renderFormPostPage(config, { ok: false, values, errors }, undefined, '2026-03-02', 'es')), given);
      const enErrors = fieldErrors(contactSchemaFor('en').safeParse(input).error!);
      en[`English no-JS errors (${name})`] = withoutGiven(visibleText(renderFormPostPage(config, { ok: false, values, errors: enErrors }, undefined, '2026-03-02', 'en')), given);
    }
    pages['no-JS sent'] = withoutGiven(visibleText(renderFormPostPage(config, { ok: true }, undefined, '2026-03-02', 'es')), given);
    expect(pages['no-JS errors (an empty message)']!.join(' ')).toContain(esContactTexts.firstNameRequired.title);
    expect(findings(pages, strings)).toEqual([]);
    // The same answers in English are found full of English: the check reads these pages.
    const found = findings(en, strings);
    expect(found).toEqual(expect.arrayContaining([expect.stringContaining('"First name is required"'), expect.stringContaining(`"${enContactTexts.contactInvalid.message}"`)]));
  });

  describe('the contact form’s errors in Spanish (with JavaScript: the island and the server read contactSchemaFor(lang))', () => {
    const english = (): string[] => {
      const out: CopyString[] = [];
      const noSite = { name: 'x', city: 'x', stateName: 'x', phone: '(813) 555-0142', services: [] } as unknown as Site;
      collect(enContactTexts, 'texts/contact', noSite, out);
      return [...new Set(out.map((s) => fold(s.text)).filter((t) => t.length >= MIN_LENGTH))];
    };
    const spanish = (): string[] => {
      const out: CopyString[] = [];
      const noSite = { name: 'x', city: 'x', stateName: 'x', phone: '(813) 555-0142', services: [] } as unknown as Site;
      collect(esContactTexts, 'texts/es/contact', noSite, out);
      return [...new Set(out.map((s) => fold(s.text)).filter((t) => t.length >= MIN_LENGTH))];
    };
    for (const [name, input] of Object.entries(FORM_INPUTS)) {
      it(`${name}: every error is Spanish, none is English`, () => {
        const r = contactSchemaFor('es').safeParse(input);
        expect(r.success).toBe(false);
        const errors = fieldErrors(r.error!);
        const messages = Object.entries(errors);
        expect(messages.length).toBeGreaterThan(0);
        const en = english();
        const es = spanish();
        expect(messages.filter(([, m]) => en.some((t) => containsWhole(fold(m), t))).map(([f, m]) => `${f}: "${m}"`)).toEqual([]);
        // Each is built from the Spanish catalogue (so the check above compares like with like).
        expect(messages.filter(([, m]) => !es.some((t) => containsWhole(fold(m), t))).map(([f, m]) => `${f}: "${m}"`)).toEqual([]);
      });
    }

    it('the English schema gives English ones for the same input (the check can fail)', () => {
      const r = contactSchemaFor('en').safeParse(FORM_INPUTS['an empty message']);
      const messages = Object.values(fieldErrors(r.error!));
      expect(messages.length).toBeGreaterThan(0);
      expect(messages.filter((m) => english().some((t) => containsWhole(fold(m), t))).length).toBe(messages.length);
    });
  });
});
