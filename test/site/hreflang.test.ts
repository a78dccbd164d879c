import { beforeAll, describe, expect, it } from 'vitest';
import type { HTMLElement } from 'node-html-parser';
import { attr, buildSampleIn, fileOfPath, htmlFiles, parseHtml, pathOfFile } from '../helpers/bilingual-site.js';

/**
 * Issue 40, acceptance: Tampa and Orlando built with `languages: [en, es]`, Wesley Chapel English
 * only. Over every HTML file each build writes: every page has its counterpart in the other
 * language, and each indexable page's hreflang set is self-referencing, reciprocal, absolute,
 * carries x-default (English), and agrees with its canonical, `<html lang>`, og:locale and the
 * sitemap's xhtml:link alternates. Noindex pages and the 404 carry none; Wesley Chapel none at all.
 * Everything is read from the built files themselves, not from the route table.
 */

type Alternates = Map<string, string>; // hreflang -> href

interface Page {
  file: string;
  lang: 'en' | 'es';
  /** Its own absolute URL as served from the site's origin. */
  url: string;
  doc: HTMLElement;
  noindex: boolean;
  notFound: boolean;
  alternates: Alternates;
  /** Every alternate link, duplicates kept: a duplicated hreflang must show. */
  rawAlternates: [string, string][];
}

interface Built {
  origin: string;
  files: Record<string, string>;
  pages: Map<string, Page>;
  sitemap: Map<string, Alternates>;
  sitemapText: string;
}

const HREFLANG = { en: 'en-US', es: 'es-US' } as const;

function readPages(origin: string, files: Record<string, string>): Map<string, Page> {
  const pages = new Map<string, Page>();
  for (const file of htmlFiles(files)) {
    const doc = parseHtml(files[file]!);
    const links = doc.querySelectorAll('link').filter((l) => attr(l, 'rel')?.toLowerCase() === 'alternate' && attr(l, 'hreflang') !== undefined);
    const raw = links.map((l) => [attr(l, 'hreflang')!, attr(l, 'href') ?? ''] as [string, string]);
    const robots = doc.querySelectorAll('meta').find((m) => attr(m, 'name')?.toLowerCase() === 'robots');
    pages.set(file, {
      file,
      lang: file.startsWith('es/') ? 'es' : 'en',
      url: `${origin}${pathOfFile(file)}`,
      doc,
      noindex: /noindex/i.test(robots ? (attr(robots, 'content') ?? '') : ''),
      notFound: /(^|\/)404\.html$/.test(file),
      alternates: new Map(raw.map(([h, u]) => [h.toLowerCase(), u])),
      rawAlternates: raw,
    });
  }
  return pages;
}

const unXml = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** sitemap.xml: each `<loc>` and its xhtml:link alternates. */
function readSitemap(xml: string): Map<string, Alternates> {
  const out = new Map<string, Alternates>();
  for (const [, body] of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
    const loc = unXml(/<loc>([^<]*)<\/loc>/.exec(body!)![1]!);
    const alts: Alternates = new Map();
    for (const [, tag] of body!.matchAll(/<xhtml:link\b([^>]*)\/?>/g)) {
      const hreflang = /hreflang="([^"]*)"/i.exec(tag!)?.[1] ?? '';
      const href = unXml(/href="([^"]*)"/i.exec(tag!)?.[1] ?? '');
      alts.set(hreflang.toLowerCase(), href);
    }
    expect(out.has(loc), `sitemap lists ${loc} twice`).toBe(false);
    out.set(loc, alts);
  }
  return out;
}

async function build(name: 'tampa' | 'orlando' | 'wesley-chapel', languages?: ('en' | 'es')[]): Promise<Built> {
  const { config, files } = await buildSampleIn(name, languages);
  const origin = `https://${config.domainName}`;
  const sitemapText = files['sitemap.xml']!;
  return { origin, files, pages: readPages(origin, files), sitemap: readSitemap(sitemapText), sitemapText };
}

const sorted = (m: Alternates) => [...m].sort(([a], [b]) => a.localeCompare(b));

/** The file a URL of the site is served from, or undefined for a URL elsewhere. */
function fileOfUrl(b: Built, url: string): string | undefined {
  if (!url.startsWith(`${b.origin}/`)) return undefined;
  return fileOfPath(new URL(url).pathname);
}

/** Every problem with the hreflang of a two-language build, as lines naming the page. */
function hreflangProblems(b: Built): string[] {
  const problems: string[] = [];
  const say = (p: Page | string, what: string) => problems.push(`${typeof p === 'string' ? p : p.file}: ${what}`);
  for (const p of b.pages.values()) {
    const html = p.doc.querySelector('html');
    const htmlLang = html ? attr(html, 'lang') : undefined;
    if (htmlLang !== p.lang) say(p, `<html lang="${htmlLang}">, expected "${p.lang}"`);
    if (p.noindex || p.notFound) {
      if (p.rawAlternates.length) say(p, `${p.notFound ? '404' : 'noindex'} page carries hreflang links ${JSON.stringify(p.rawAlternates)}`);
      // A noindex copy names a canonical of its own language (a Spanish copy of the contact page, the Spanish contact page).
      for (const l of p.doc.querySelectorAll('link').filter((el) => attr(el, 'rel')?.toLowerCase() === 'canonical')) {
        const href = attr(l, 'href') ?? '';
        const file = fileOfUrl(b, href);
        const target = file ? b.pages.get(file) : undefined;
        if (!target) say(p, `canonical "${href}" is no built page`);
        else if (target.lang !== p.lang) say(p, `canonical "${href}" is a page in ${target.lang}, not ${p.lang}`);
      }
      continue;
    }
    const own = HREFLANG[p.lang].toLowerCase();
    const keys = p.rawAlternates.map(([h]) => h.toLowerCase());
    if (new Set(keys).size !== keys.length) say(p, `an hreflang named twice: ${keys.join(', ')}`);
    const want = ['en-us', 'es-us', 'x-default'];
    if (JSON.stringify([...p.alternates.keys()].sort()) !== JSON.stringify(want)) say(p, `hreflang set ${JSON.stringify([...p.alternates.keys()])}, expected ${JSON.stringify(want)}`);
    for (const [h, href] of p.alternates) {
      let ok = false;
      try {
        ok = new URL(href).protocol === 'https:' && /^https:\/\//.test(href);
      } catch {
        ok = false;
      }
      if (!ok) say(p, `hreflang ${h} is not an absolute https URL: "${href}"`);
    }
    // Self-referencing: its own language names its own URL.
    if (p.alternates.get(own) !== p.url) say(p, `hreflang ${own} is "${p.alternates.get(own)}", expected its own URL ${p.url}`);
    // x-default is the English URL.
    if (p.alternates.get('x-default') !== p.alternates.get('en-us')) say(p, `x-default "${p.alternates.get('x-default')}" is not the en-US URL "${p.alternates.get('en-us')}"`);
    // Canonical: its own language's URL.
    const canonicals = p.doc.querySelectorAll('link').filter((l) => attr(l, 'rel')?.toLowerCase() === 'canonical');
    if (canonicals.length !== 1) say(p, `${canonicals.length} canonical links`);
    else if (attr(canonicals[0]!, 'href') !== p.alternates.get(own)) say(p, `canonical "${attr(canonicals[0]!, 'href')}" is not its ${own} URL "${p.alternates.get(own)}"`);
    // og:locale agrees with the language.
    const ogLocale = p.doc.querySelectorAll('meta').find((m) => attr(m, 'property') === 'og:locale');
    const wantLocale = HREFLANG[p.lang].replace('-', '_');
    if ((ogLocale && attr(ogLocale, 'content')) !== wantLocale) say(p, `og:locale "${ogLocale && attr(ogLocale, 'content')}", expected ${wantLocale}`);
    // Reciprocal: each page it names exists and names the same set back.
    for (const [h, href] of p.alternates) {
      if (h === 'x-default') continue;
      const file = fileOfUrl(b, href);
      const other = file ? b.pages.get(file) : undefined;
      if (!other) {
        say(p, `hreflang ${h} names ${href}, which no built file serves`);
        continue;
      }
      if (other.lang !== h.slice(0, 2)) say(p, `hreflang ${h} names ${href}, a page whose language is ${other.lang}`);
      if (JSON.stringify(sorted(other.alternates)) !== JSON.stringify(sorted(p.alternates))) {
        say(p, `not reciprocal with ${other.file}: ${JSON.stringify(sorted(p.alternates))} vs ${JSON.stringify(sorted(other.alternates))}`);
      }
    }
    // The sitemap lists the URL with the same alternates.
    const inSitemap = b.sitemap.get(p.url);
    if (!inSitemap) say(p, `${p.url} is not in sitemap.xml`);
    else if (JSON.stringify(sorted(inSitemap)) !== JSON.stringify(sorted(p.alternates))) {
      say(p, `sitemap alternates ${JSON.stringify(sorted(inSitemap))} differ from the page's ${JSON.stringify(sorted(p.alternates))}`);
    }
  }
  // The sitemap lists indexable pages only, and no URL the build did not write.
  for (const loc of b.sitemap.keys()) {
    const file = fileOfUrl(b, loc);
    const page = file ? b.pages.get(file) : undefined;
    if (!page) say('sitemap.xml', `lists ${loc}, which no built file serves`);
    else if (page.noindex || page.notFound) say('sitemap.xml', `lists ${loc}, a ${page.notFound ? '404' : 'noindex'} page`);
  }
  if (!b.sitemapText.includes('xmlns:xhtml="http://www.w3.org/1999/xhtml"')) say('sitemap.xml', 'declares no xmlns:xhtml');
  return problems;
}

/**
 * Every English page has its Spanish counterpart and the reverse: an indexable page by its
 * hreflang links, every page (noindex and 404 too) by the header's link to its counterpart
 * ("English" / "Español", an `<a hreflang>`), which must lead to a built file in the other
 * language whose own link leads back; and the two languages hold as many pages of each kind.
 */
function counterpartProblems(b: Built): string[] {
  const problems: string[] = [];
  const pages = [...b.pages.values()];
  const en = pages.filter((p) => p.lang === 'en');
  const es = pages.filter((p) => p.lang === 'es');
  if (en.length !== es.length) problems.push(`${en.length} English pages, ${es.length} Spanish`);
  const switchTarget = (p: Page): string | undefined => {
    const want = p.lang === 'en' ? 'es-us' : 'en-us';
    const a = p.doc.querySelectorAll('a').find((el) => attr(el, 'hreflang')?.toLowerCase() === want);
    return a ? fileOfUrl(b, new URL(attr(a, 'href') ?? '', p.url).href) : undefined;
  };
  for (const p of pages) {
    const other = p.lang === 'en' ? 'Spanish' : 'English';
    if (!p.noindex && !p.notFound) {
      const link = p.alternates.get(p.lang === 'en' ? 'es-us' : 'en-us');
      const file = link ? fileOfUrl(b, link) : undefined;
      if (!file || !b.files[file]) problems.push(`${p.file}: no ${other} counterpart by hreflang (${link ?? 'no link'})`);
    }
    const target = switchTarget(p);
    const there = target ? b.pages.get(target) : undefined;
    if (!there) problems.push(`${p.file}: the header's link to the ${other} page leads to no built file (${target ?? 'no link'})`);
    else if (there.lang === p.lang) problems.push(`${p.file}: the header's link to the ${other} page leads to ${there.file}, in the same language`);
    // The 404 answers at any address, so it offers the other language's home: its counterpart is the other 404 file.
    else if (p.notFound) {
      const other404 = p.lang === 'en' ? 'es/404.html' : '404.html';
      if (!b.pages.has(other404)) problems.push(`${p.file}: no ${other404}`);
    } else if (switchTarget(there) !== p.file) problems.push(`${p.file}: its counterpart ${there.file} links back to ${switchTarget(there)}`);
  }
  const kind = (p: Page) => (p.notFound ? '404' : p.noindex ? (/contact\/sent|contacto\/enviado/.test(p.file) ? 'confirmation' : 'noindex') : 'indexable');
  const count = (list: Page[]) => JSON.stringify(Object.entries(list.reduce<Record<string, number>>((acc, p) => ({ ...acc, [kind(p)]: (acc[kind(p)] ?? 0) + 1 }), {})).sort());
  if (count(en) !== count(es)) problems.push(`pages by kind differ: English ${count(en)}, Spanish ${count(es)}`);
  return problems;
}

describe('hreflang over every built page (issue 40)', () => {
  let tampa: Built;
  let orlando: Built;
  let wesley: Built;
  beforeAll(async () => {
    tampa = await build('tampa', ['en', 'es']);
    orlando = await build('orlando', ['en', 'es']);
    wesley = await build('wesley-chapel');
  });

  it('builds Tampa in both languages, with noindex pages and a 404 in each', () => {
    const pages = [...tampa.pages.values()];
    expect(pages.filter((p) => p.lang === 'es').length).toBeGreaterThan(10);
    expect(pages.some((p) => p.lang === 'es' && p.noindex)).toBe(true);
    expect(pages.some((p) => p.lang === 'en' && p.noindex)).toBe(true);
    expect(tampa.pages.has('404.html') && tampa.pages.has('es/404.html')).toBe(true);
    expect(tampa.sitemap.size).toBe(pages.filter((p) => !p.noindex && !p.notFound).length);
  });

  for (const city of ['tampa', 'orlando'] as const) {
    it(`${city}: every English page has its Spanish counterpart and the reverse`, () => {
      expect(counterpartProblems(city === 'tampa' ? tampa : orlando)).toEqual([]);
    });

    it(`${city}: hreflang sets are self-referencing, reciprocal, absolute, with x-default, and agree with canonical, <html lang>, og:locale and the sitemap`, () => {
      expect(hreflangProblems(city === 'tampa' ? tampa : orlando)).toEqual([]);
    });
  }

  it('Wesley Chapel (English only): no hreflang on any page, no /es/ files, no xhtml alternates in its sitemap', () => {
    const withLinks = [...wesley.pages.values()].filter((p) => p.rawAlternates.length).map((p) => p.file);
    expect(withLinks).toEqual([]);
    expect(Object.keys(wesley.files).filter((f) => f.startsWith('es/'))).toEqual([]);
    expect(wesley.sitemapText).not.toContain('xmlns:xhtml');
    expect(wesley.sitemapText).not.toContain('xhtml:link');
    expect([...wesley.pages.values()].every((p) => attr(p.doc.querySelector('html')!, 'lang') === 'en')).toBe(true);
    expect(wesley.sitemap.size).toBeGreaterThan(5);
  });

  // The checks above can fail: each problem they look for, put into a copy of Tampa's build, is found.
  describe('the checks find each problem', () => {
    const broken = (edit: (files: Record<string, string>) => void): Built => {
      const files = { ...tampa.files };
      edit(files);
      return { ...tampa, files, pages: readPages(tampa.origin, files), sitemap: readSitemap(files['sitemap.xml']!), sitemapText: files['sitemap.xml']! };
    };
    const dropLink = (html: string, hreflang: string) => html.replace(new RegExp(`<link rel="alternate" hrefLang="${hreflang}"[^>]*>`), '');

    it('a dropped x-default, a dropped self link, a relative href', () => {
      expect(hreflangProblems(broken((f) => (f['es/nosotros/index.html'] = dropLink(f['es/nosotros/index.html']!, 'x-default'))))).toEqual(
        expect.arrayContaining([expect.stringMatching(/^es\/nosotros\/index\.html: hreflang set/), expect.stringMatching(/^about\/index\.html: not reciprocal with es\/nosotros/)]),
      );
      expect(hreflangProblems(broken((f) => (f['about/index.html'] = dropLink(f['about/index.html']!, 'en-US'))))).toEqual(
        expect.arrayContaining([expect.stringMatching(/^about\/index\.html: hreflang en-us is "undefined"/)]),
      );
      expect(hreflangProblems(broken((f) => (f['about/index.html'] = f['about/index.html']!.replace('hrefLang="es-US" href="https://tampa.example.com/es/', 'hrefLang="es-US" href="/es/'))))).toEqual(
        expect.arrayContaining([expect.stringMatching(/^about\/index\.html: hreflang es-us is not an absolute https URL/)]),
      );
    });

    it('a canonical at the English page, a wrong <html lang>, a sitemap without the alternates, a noindex page in the sitemap, a noindex page with hreflang', () => {
      expect(hreflangProblems(broken((f) => (f['es/nosotros/index.html'] = f['es/nosotros/index.html']!.replace(/(<link rel="canonical" href=")[^"]*"/, '$1https://tampa.example.com/about/"'))))).toEqual(
        expect.arrayContaining([expect.stringMatching(/^es\/nosotros\/index\.html: canonical "https:\/\/tampa\.example\.com\/about\/"/)]),
      );
      expect(hreflangProblems(broken((f) => (f['es/index.html'] = f['es/index.html']!.replace('<html lang="es"', '<html lang="en"'))))).toEqual(
        expect.arrayContaining([expect.stringMatching(/^es\/index\.html: <html lang="en">/)]),
      );
      expect(hreflangProblems(broken((f) => (f['sitemap.xml'] = f['sitemap.xml']!.replace(/<xhtml:link rel="alternate" hreflang="x-default" href="https:\/\/tampa\.example\.com\/about\/"\/>/g, ''))))).toEqual(
        expect.arrayContaining([expect.stringMatching(/^about\/index\.html: sitemap alternates/), expect.stringMatching(/^es\/nosotros\/index\.html: sitemap alternates/)]),
      );
      expect(hreflangProblems(broken((f) => (f['sitemap.xml'] = f['sitemap.xml']!.replace('</urlset>', '  <url><loc>https://tampa.example.com/es/contacto/enviado/</loc></url>\n</urlset>'))))).toEqual(
        expect.arrayContaining([expect.stringMatching(/^sitemap\.xml: lists https:\/\/tampa\.example\.com\/es\/contacto\/enviado\/, a noindex page/)]),
      );
      expect(hreflangProblems(broken((f) => (f['es/404.html'] = f['es/404.html']!.replace('<head>', '<head><link rel="alternate" hrefLang="en-US" href="https://tampa.example.com/404.html"/>'))))).toEqual(
        expect.arrayContaining([expect.stringMatching(/^es\/404\.html: 404 page carries hreflang/)]),
      );
    });

    it('a Spanish page missing', () => {
      expect(counterpartProblems(broken((f) => (f['es/terminos/index.html'] = f['es/terminos/index.html']!.replace(/<a href="[^"]*" hrefLang="en-US"/, '<a href="../privacidad/" hrefLang="en-US"'))))).toEqual(
        expect.arrayContaining([expect.stringMatching(/^es\/terminos\/index\.html: the header's link to the English page leads to es\/privacidad\/index\.html, in the same language/)]),
      );
      expect(counterpartProblems(broken((f) => delete f['es/404.html']))).toEqual(expect.arrayContaining(['404.html: no es/404.html']));
      expect(counterpartProblems(broken((f) => delete f['es/terminos/index.html']))).toEqual(
        expect.arrayContaining([expect.stringMatching(/^terms\/index\.html: no Spanish counterpart/), expect.stringMatching(/English pages, \d+ Spanish/)]),
      );
      expect(counterpartProblems(broken((f) => delete f['es/contacto/enviado/index.html']))).toEqual(
        expect.arrayContaining([expect.stringMatching(/pages by kind differ/), expect.stringMatching(/^contact\/sent\/index\.html: the header's link to the Spanish page leads to no built file/)]),
      );
      expect(counterpartProblems(broken((f) => (f['es/404.html'] = f['es/404.html']!.replace('<a href="/" hrefLang="en-US"', '<a href="/missing/" hrefLang="en-US"'))))).toEqual(
        expect.arrayContaining([expect.stringMatching(/^es\/404\.html: the header's link to the English page leads to no built file/)]),
      );
    });
  });
});
