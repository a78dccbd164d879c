import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseConfigText } from '../../src/config/load.js';
import { SERVICES, SPANISH_LABELS } from '../../src/config/services.js';
import { pathIn } from '../../src/pages/routes.js';
import { buildBrandSample } from '../helpers/built-brand-site.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';
import { attr, parseHtml } from '../helpers/bilingual-site.js';

/**
 * Issue 40 item 5 and its acceptance, on the sample brand site as `clinic-gen build --site` writes
 * it: the brand lists Spanish (`languages: [en, es]`); Tampa and Orlando publish Spanish, Wesley
 * Chapel does not. Read from the built files: `/es/ubicaciones/` lists Tampa and Orlando and not
 * Wesley Chapel; a Spanish treatment page exists for what a Spanish location offers and lists only
 * those; every hreflang set over the whole domain is reciprocal, self-referencing, absolute, with
 * x-default, agreeing with canonical, `<html lang>` and sitemap.xml; every link resolves.
 */

const ORIGIN = 'https://northstarhealth.example.com';
let out: string;
let files: string[];
const read = (file: string) => readFileSync(join(out, file), 'utf8');
const page = (file: string) => parseHtml(read(file));
const fileOf = (url: string) => `${new URL(url).pathname.slice(1)}index.html`;

/** The cities of the samples by whether they publish Spanish, read from their configs (never written here). */
const samples = ['tampa', 'orlando', 'wesley-chapel'].map((slug) => {
  const r = parseConfigText(readFileSync(join(ROOT, 'configs', `${slug}.yaml`), 'utf8'), `${slug}.yaml`);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return { slug, config: r.config, spanish: r.config.languages.includes('es') };
});

beforeAll(() => {
  out = buildBrandSample();
  files = readdirSync(out, { recursive: true, encoding: 'utf8' }).map((f) => f.split(sep).join('/'));
}, 180_000);

describe('the brand site in Spanish (issue 40 item 5)', () => {
  it('the samples are the case the issue names: Tampa and Orlando in Spanish, Wesley Chapel not', () => {
    expect(samples.filter((s) => s.spanish).map((s) => s.slug)).toEqual(['tampa', 'orlando']);
  });

  it('/es/ubicaciones/ lists Tampa and Orlando, linked to their Spanish folders, and not Wesley Chapel', () => {
    const doc = page('es/ubicaciones/index.html');
    expect(attr(doc.querySelector('html')!, 'lang')).toBe('es');
    const text = doc.querySelector('main')!.textContent;
    expect(text).toContain('Tampa');
    expect(text).toContain('Orlando');
    expect(text).not.toContain('Wesley Chapel');
    const links = doc.querySelectorAll('main a').map((a) => new URL(attr(a, 'href')!, `${ORIGIN}/es/ubicaciones/`).pathname);
    expect(links).toContain('/es/ubicaciones/fl/tampa/');
    expect(links).toContain('/es/ubicaciones/fl/orlando/');
    expect(links.some((l) => l.includes('wesley-chapel'))).toBe(false);
    // The English directory still lists all three.
    const en = page('locations/index.html').querySelector('main')!.textContent;
    for (const city of ['Tampa', 'Orlando', 'Wesley Chapel']) expect(en).toContain(city);
  });

  it("a location has Spanish pages under /es/ubicaciones/ only if its config publishes Spanish, whole and in Spanish", () => {
    expect(files).toContain('es/ubicaciones/fl/tampa/index.html');
    expect(files).toContain('es/ubicaciones/fl/orlando/contacto/index.html');
    expect(files.some((f) => f.startsWith('es/ubicaciones/fl/wesley-chapel'))).toBe(false);
    const tampa = page('es/ubicaciones/fl/tampa/contacto/index.html');
    expect(attr(tampa.querySelector('html')!, 'lang')).toBe('es');
    // The Spanish form says so to the clinic server (the message is stored as written in Spanish).
    expect(tampa.querySelectorAll('input').some((i) => attr(i, 'name') === 'language' && attr(i, 'value') === 'es')).toBe(true);
    expect(tampa.querySelector('nav[aria-label="Ruta de navegación"]')?.textContent).toContain('Ubicaciones');
  });

  it('a Spanish treatment page exists where a Spanish location offers the treatment, and lists only those locations', () => {
    for (const service of SERVICES) {
      const offering = samples.filter((s) => s.spanish && s.config.services[service.key]);
      const file = `${pathIn(service.key, 'es').slice(1)}index.html`;
      if (offering.length === 0) {
        expect(files, file).not.toContain(file);
        continue;
      }
      const doc = page(file);
      expect(doc.querySelector('h1')?.textContent, file).toBeTruthy();
      expect(doc.querySelector('title')?.textContent, file).toContain(SPANISH_LABELS[service.key].label);
      const where = doc.querySelector('#where-to-get-it')!;
      const listed = where.querySelectorAll('h3 a').map((a) => a.textContent.trim());
      expect(listed.sort(), file).toEqual(offering.map((s) => `${s.config.city}, FL`).sort());
      expect(where.textContent, file).not.toContain('Wesley Chapel');
    }
  });

  it('every hreflang set on the domain is self-referencing, reciprocal, absolute, with x-default, and agrees with canonical, <html lang> and sitemap.xml', () => {
    const sitemap = read('sitemap.xml');
    const inSitemap = new Map<string, Map<string, string>>();
    for (const m of sitemap.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)) {
      inSitemap.set(m[1]!, new Map([...m[2]!.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((x) => [x[1]!, x[2]!])));
    }
    let sets = 0;
    for (const file of files.filter((f) => f.endsWith('index.html'))) {
      const doc = page(file);
      const alternates = new Map(doc.querySelectorAll('link[rel="alternate"]').map((l) => [attr(l, 'hreflang')!, attr(l, 'href')!]));
      if (alternates.size === 0) continue;
      sets++;
      const canonical = attr(doc.querySelector('link[rel="canonical"]')!, 'href')!;
      const lang = attr(doc.querySelector('html')!, 'lang')!;
      expect(alternates.get(lang === 'es' ? 'es-US' : 'en-US'), file).toBe(canonical);
      expect(alternates.get('x-default'), file).toBe(alternates.get('en-US'));
      for (const href of alternates.values()) expect(href.startsWith(`${ORIGIN}/`), file).toBe(true);
      // Reciprocal: each named page exists and names the same set.
      for (const [hreflang, href] of alternates) {
        if (hreflang === 'x-default') continue;
        const other = page(fileOf(href));
        expect(attr(other.querySelector('html')!, 'lang'), href).toBe(hreflang.slice(0, 2));
        expect(new Map(other.querySelectorAll('link[rel="alternate"]').map((l) => [attr(l, 'hreflang')!, attr(l, 'href')!])), `${file} -> ${href}`).toEqual(alternates);
      }
      expect(inSitemap.get(canonical), file).toEqual(alternates);
    }
    // The brand's own pages and both Spanish locations' indexable pages, in both languages.
    expect(sets).toBeGreaterThan(20);
    // Wesley Chapel, English only, names no other language.
    for (const file of files.filter((f) => f.startsWith('locations/fl/wesley-chapel/') && f.endsWith('index.html'))) {
      expect(page(file).querySelectorAll('link[rel="alternate"]'), file).toHaveLength(0);
    }
  });

  it('each page links its counterpart in the header ("Español" / "English"), and every link of the site resolves to a file it wrote', () => {
    const home = page('index.html').querySelector('header a[hreflang="es-US"]');
    expect(home?.textContent).toContain('Español');
    expect(attr(home!, 'href')).toBe('es/');
    const esTampa = page('es/ubicaciones/fl/tampa/index.html').querySelector('header a[hreflang="en-US"]');
    expect(esTampa?.textContent).toContain('English');
    expect(new URL(attr(esTampa!, 'href')!, `${ORIGIN}/es/ubicaciones/fl/tampa/`).pathname).toBe('/locations/fl/tampa/');
    const broken: string[] = [];
    for (const file of files.filter((f) => f.endsWith('.html'))) {
      const base = new URL(`/${file.replace(/index\.html$/, '')}`, ORIGIN);
      for (const m of read(file).matchAll(/(?:href|src)="([^"#][^"]*)"/g)) {
        const v = m[1]!.replace(/&amp;/g, '&');
        if (/^(https?:|mailto:|tel:|data:)/.test(v)) continue;
        const u = new URL(v, base);
        const target = join(out, decodeURIComponent(u.pathname), u.pathname.endsWith('/') ? 'index.html' : '');
        if (!existsSync(target)) broken.push(`${file} -> ${v}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every link of a Spanish page stays on Spanish pages, but the header\'s link to the English one', () => {
    const leaks: string[] = [];
    for (const file of files.filter((f) => f.startsWith('es/') && f.endsWith('.html'))) {
      const doc = page(file);
      const base = new URL(file === 'es/404.html' ? '/es/' : `/${file.replace(/index\.html$/, '')}`, ORIGIN);
      for (const a of doc.querySelectorAll('a')) {
        const href = attr(a, 'href');
        if (!href || /^(mailto:|tel:|#)/.test(href) || attr(a, 'hreflang')) continue;
        const u = new URL(href, base);
        if (u.origin === ORIGIN && !u.pathname.startsWith('/es/')) leaks.push(`${file}: ${a.textContent.trim()} -> ${u.pathname}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it("the Spanish pages' moved addresses redirect to the brand's Spanish pages", () => {
    const redirects = read('redirects.txt');
    expect(redirects).toContain('/es/ubicaciones/fl/tampa/privacidad/ /es/privacidad/ 301');
    expect(redirects).toContain('/es/ubicaciones/fl/tampa/nosotros/ /es/ubicaciones/fl/tampa/ 301');
  });
});

describe('the brand lists Spanish: what it asks of its configs', () => {
  const brandText = readFileSync(join(ROOT, 'configs/brand/northstar.yaml'), 'utf8');
  const build = (brand: string, extra: string[] = []) => {
    const dir = tempDir('brand-es-');
    writeFileSync(join(dir, 'brand.yaml'), brand);
    return runCli(['build', '--site', join(dir, 'brand.yaml'), '--config', 'configs', '--out', join(dir, 'site'), '--contact-endpoint', 'https://clinic.example.com/api/contact', ...extra]);
  };

  it('refuses Spanish when no listed location publishes it, naming the field and what to do', () => {
    const r = build(brandText.replace(/locations:\n\s+FL: \[.*\]/, 'locations:\n  FL: [wesley-chapel]'));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('languages: the brand lists es (Spanish), but none of its locations publishes Spanish pages');
  });

  it('names the brand description its Spanish pages show in English, and --strict refuses it', () => {
    const without = brandText.replace(/\nes:\n  description: >-\n(?: {4}.*\n)+/, '\n');
    expect(without).not.toContain('es:\n  description');
    const loose = build(without);
    expect(loose.code).toBe(0);
    expect(loose.stderr).toContain("es: the brand's Spanish pages show its description in English, as no Spanish version is given; add es.description");
    const strict = build(without, ['--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('add es.description (--strict)');
  });
});
