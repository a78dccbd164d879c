import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { dom, ROOT, sampleConfig } from '../helpers/site.js';
import { siteRoutes } from '../../src/pages/routes.js';
import { lookupState } from '../../src/config/states.js';
import { SERVICES } from '../../src/config/services.js';

// `clinic-gen build --site` (issue 24) as a user runs it, the built binary on its worker threads:
// the three samples plus 50 generated cities over four states, built into one brand site on disk,
// then crawled as a search engine would; and the brand config's mistakes, each refused before
// anything is written.

const ORIGIN = 'https://northstarhealth.example.com';
/** The brand site's own legal facts, required (issue 36). */
const LEGAL = 'legal:\n  governingLaw: Florida\n  effectiveDate: "2024-01-01"\n  email: privacy@northstarhealth.example.com\n';
const SAMPLES = Object.fromEntries(['tampa', 'orlando', 'wesley-chapel'].map((n) => [n, readFileSync(join(ROOT, 'configs', `${n}.yaml`), 'utf8')]));
const STATES: [string, string][] = [
  ['GA', '30303'],
  ['TX', '75201'],
  ['NC', '27601'],
  ['FL', '32801'],
];
const WORDS = ['Cedar', 'Maple', 'Harbor', 'Ridge', 'Willow', 'Granite', 'Meadow', 'Summit', 'Aspen', 'Briar'];

/** A city config made from a sample with another name, state and ZIP (its coordinates dropped: the ZIP's centroid stands in). */
function generated(i: number): { name: string; yaml: string } {
  const [state, zip] = STATES[i % 4]!;
  const city = `${WORDS[i % 10]} ${WORDS[Math.floor(i / 10) % 10]} Falls`;
  const base = SAMPLES[['tampa', 'orlando', 'wesley-chapel'][i % 3]!]!;
  const yaml = base
    .replace(/^city: .*$/m, `city: ${city}`)
    .replace(/^state: .*$/m, `state: ${state}`)
    .replace(/^zipCode: .*$/m, `zipCode: "${zip}"`)
    .replace(/^domainName: .*$/m, `domainName: g${i}.example.com`)
    .replace(/^geo:\n(  .*\n)+/m, '')
    // The samples' Florida law and courts stay right for Florida only: each city gives its own.
    .replace(/^legal:\n(  .*\n)+/m, `legal:\n  governingLaw: ${lookupState(state)!.name}\n  courts: ${city} County\n  effectiveDate: "2025-06-01"\n`);
  return { name: `g${String(i).padStart(2, '0')}`, yaml };
}

function project() {
  const dir = tempDir('clinic-gen-brand-');
  const configs = join(dir, 'configs');
  mkdirSync(configs);
  for (const [n, yaml] of Object.entries(SAMPLES)) writeFileSync(join(configs, `${n}.yaml`), yaml);
  for (let i = 0; i < 50; i++) {
    const g = generated(i);
    writeFileSync(join(configs, `${g.name}.yaml`), g.yaml);
  }
  cpSync(join(ROOT, 'configs/images'), join(configs, 'images'), { recursive: true });
  const brand = join(dir, 'brand.yaml');
  writeFileSync(brand, readFileSync(join(ROOT, 'configs/brand/northstar.yaml'), 'utf8').replace(/^locations:\n(  .*\n)+/m, ''));
  return { dir, configs, brand, out: join(dir, 'site') };
}

type Report = { ok: boolean; counts: Record<string, number>; locations: { slug: string; status: string }[]; site: { pages: number; pagesWritten: number }; errors: string[] };

function build(p: { configs: string; brand: string; out: string }, ...flags: string[]) {
  const r = runCli(['build', '--site', p.brand, '--config', p.configs, '--out', p.out, '--contact-endpoint', 'https://clinic.example.com/api/contact', '--json', ...flags], {
    env: { SOURCE_DATE_EPOCH: '1795651200' },
  });
  const report = JSON.parse(r.stdout) as Report;
  return { ...r, report };
}

/** Every file under `dir`, by relative path. */
function walk(dir: string, base = ''): string[] {
  return readdirSync(join(dir, base), { withFileTypes: true }).flatMap((e) => {
    const rel = base ? `${base}/${e.name}` : e.name;
    return e.isDirectory() ? walk(dir, rel) : [rel];
  });
}

const pathOf = (file: string) => `/${file.replace(/index\.html$/, '')}`;

describe('clinic-gen build --site: the samples and 50 cities over four states', () => {
  const p = project();
  let files: string[] = [];
  let first: ReturnType<typeof build>;
  beforeAll(() => {
    first = build(p);
    files = walk(p.out);
  }, 120_000);

  it('builds every listed city under its state, and says what it did', () => {
    expect(first.code, first.stderr).toBe(0);
    expect(first.report.counts).toEqual({ rebuilt: 53, unchanged: 0, removed: 0, failed: 0 });
    const homes = files.filter((f) => /^locations\/[a-z]{2}\/[a-z0-9-]+\/index\.html$/.test(f));
    expect(homes).toHaveLength(53);
    expect(files).toContain('locations/fl/tampa/index.html');
    expect(files).toContain('locations/ga/cedar-cedar-falls/index.html');
  });

  it('has a page at every level of the directory, and none with nothing to list', () => {
    for (const f of ['index.html', 'locations/index.html', 'locations/fl/index.html', 'locations/ga/index.html', 'locations/tx/index.html', 'locations/nc/index.html'])
      expect(files, f).toContain(f);
    const statePages = files.filter((f) => /^locations\/[a-z]{2}\/index\.html$/.test(f));
    expect(statePages).toHaveLength(4);
    for (const f of statePages) {
      const page = dom(readFileSync(join(p.out, f), 'utf8'));
      const state = f.split('/')[1]!;
      const links = page.querySelectorAll('main a').map((a) => new URL(a.getAttribute('href') ?? '', `${ORIGIN}${pathOf(f)}`).pathname);
      // Each state page links to every location folder of its state, and to no other state's.
      const here = files.filter((x) => x.startsWith(`locations/${state}/`) && /^locations\/[a-z]{2}\/[a-z0-9-]+\/index\.html$/.test(x));
      expect(here.length, f).toBeGreaterThan(0);
      for (const loc of here) expect(links, `${f} -> ${loc}`).toContain(pathOf(loc));
      expect(links.filter((l) => /^\/locations\/[a-z]{2}\/[a-z0-9-]+\/$/.test(l) && !l.startsWith(`/locations/${state}/`)), f).toEqual([]);
    }
  });

  it('gives every location its own pages, the treatments and policies once at the root (a redirect page at each old address), and no sitemap, robots.txt or not-found page of its own', () => {
    const homes = files.filter((f) => /^locations\/[a-z]{2}\/[a-z0-9-]+\/index\.html$/.test(f)).map((f) => f.replace(/index\.html$/, ''));
    for (const page of ['trt-therapy/index.html', 'privacy/index.html', 'terms/index.html']) expect(files).toContain(page);
    for (const home of homes) {
      for (const page of ['index.html', 'contact/index.html', 'contact/sent/index.html'])
        expect(files, home + page).toContain(home + page);
      for (const page of ['privacy/index.html', 'terms/index.html', 'trt-therapy/index.html'])
        expect(readFileSync(join(p.out, home + page), 'utf8'), home + page).toMatch(/<meta http-equiv="refresh" content="0; url=(\.\.\/){4}[a-z-]+\/">/);
      for (const none of ['sitemap.xml', 'robots.txt', '404.html']) expect(files).not.toContain(home + none);
    }
    expect(files.filter((f) => f.endsWith('sitemap.xml'))).toEqual(['sitemap.xml']);
    expect(files.filter((f) => f.endsWith('robots.txt'))).toEqual(['robots.txt']);
    // A location's page shows its photos and team (issue 36 item 2); its about page moved there.
    const orlando = readFileSync(join(p.out, 'locations/fl/orlando/index.html'), 'utf8');
    expect(orlando.match(/<section[^>]*id="clinic-photos"[\s\S]*?<\/section>/)![0].match(/<img /g)).toHaveLength(3);
    expect(orlando).toContain('id="team"');
    // Cards for its own pages only, the page's own h1 on them: none for a page that moved.
    const cards = files.filter((f) => f.startsWith('locations/fl/orlando/assets/cards/')).map((f) => f.split('/').pop()!.replace(/\.[0-9a-f]{10}\.png$/, ''));
    expect(cards.sort()).toEqual(['contact', 'home']);
    const og = /<meta property="og:image" content="([^"]+)"/.exec(orlando)![1]!;
    expect(files).toContain(new URL(og).pathname.slice(1));
    expect(readFileSync(join(p.out, 'locations/fl/orlando/about/index.html'), 'utf8')).toMatch(/<meta http-equiv="refresh" content="0; url=\.\.\/">/);
  });

  it('resolves every internal link and asset of every page (a crawl of the output)', () => {
    const onDisk = new Set(files);
    const broken: string[] = [];
    for (const file of files.filter((f) => f.endsWith('.html'))) {
      const page = dom(readFileSync(join(p.out, file), 'utf8'));
      const refs = [
        ...page.querySelectorAll('a[href]').map((a) => a.getAttribute('href')!),
        ...page.querySelectorAll('link[href]').filter((l) => l.getAttribute('rel') !== 'canonical').map((l) => l.getAttribute('href')!),
        ...page.querySelectorAll('img[src], script[src]').map((e) => e.getAttribute('src')!),
        ...page.querySelectorAll('source[srcset], img[srcset]').flatMap((e) => e.getAttribute('srcset')!.split(',').map((s) => s.trim().split(/\s+/)[0]!)),
      ];
      for (const ref of refs) {
        if (/^(https?:|mailto:|tel:|#|data:)/.test(ref)) continue;
        // The not-found page links from the root: it is served at any depth.
        const url = new URL(ref, `${ORIGIN}${file === '404.html' ? '/' : pathOf(file)}`);
        const path = decodeURIComponent(url.pathname).slice(1);
        const target = path === '' || path.endsWith('/') ? `${path}index.html` : path;
        if (!onDisk.has(target)) broken.push(`${file}: ${ref}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('gives no two pages a title, the noindex ones included, and each treatment any location offers exactly one page, at the root (issue 36)', () => {
    const titles = new Map<string, string[]>();
    for (const file of files.filter((f) => f.endsWith('.html') && !/(^|\/)404\.html$/.test(f))) {
      const page = dom(readFileSync(join(p.out, file), 'utf8'));
      // Redirect pages (an old address) are no pages: they name the page they lead to.
      if (page.querySelector('meta[http-equiv="refresh"]')) continue;
      const title = page.querySelector('title')!.textContent;
      titles.set(title, [...(titles.get(title) ?? []), file]);
    }
    expect([...titles.entries()].filter(([, fs]) => fs.length > 1)).toEqual([]);
    expect(titles.size).toBeGreaterThan(53 * 3);
    // A treatment's page: one at the root for each treatment a listed city offers (the samples between them offer all six), none under a location.
    const offered = SERVICES.map((s) => s.file);
    expect(offered).toHaveLength(6);
    for (const file of offered) {
      expect(files, file).toContain(file);
      const pages = files.filter((f) => f.endsWith(`/${file}`) && !readFileSync(join(p.out, f), 'utf8').includes('http-equiv="refresh"'));
      expect(pages, file).toEqual([]);
    }
  });

  it('lists every indexable page once in sitemap.xml, with absolute URLs on the brand domain that match the canonical links', () => {
    const sitemap = readFileSync(join(p.out, 'sitemap.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(new Set(locs).size).toBe(locs.length);
    const canonicals: string[] = [];
    for (const file of files.filter((f) => f.endsWith('.html') && !/(^|\/)404\.html$/.test(f))) {
      const page = dom(readFileSync(join(p.out, file), 'utf8'));
      const canonical = page.querySelector('link[rel="canonical"]')?.getAttribute('href');
      if (!canonical || page.querySelector('meta[name="robots"]')) {
        // Only pages kept out of search engines have none, or another's: the confirmation after a
        // message, and the redirect pages at the addresses the site no longer builds (issue 36),
        // canonical at the page they lead to.
        expect(page.querySelector('meta[name="robots"]')?.getAttribute('content'), file).toBe('noindex');
        const refresh = page.querySelector('meta[http-equiv="refresh"]')?.getAttribute('content');
        if (canonical) expect(canonical, file).toBe(new URL(refresh!.replace(/^0; url=/, ''), `${ORIGIN}${pathOf(file)}`).href);
        continue;
      }
      expect(canonical, file).toBe(`${ORIGIN}${pathOf(file)}`);
      canonicals.push(canonical);
    }
    expect([...locs].sort()).toEqual([...canonicals].sort());
    expect(readFileSync(join(p.out, 'robots.txt'), 'utf8')).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('gives each location a unique @id and its brand as parentOrganization, breadcrumbs visible and in JSON-LD, passing the structured-data checker', async () => {
    const ids = new Set<string>();
    const homes = files.filter((f) => /^locations\/[a-z]{2}\/[a-z0-9-]+\/index\.html$/.test(f));
    for (const file of homes) {
      const page = dom(readFileSync(join(p.out, file), 'utf8'));
      const lds = page.querySelectorAll('script[type="application/ld+json"]').map((s) => JSON.parse(s.textContent) as Record<string, unknown>);
      const clinic = lds.find((l) => l['@type'] === 'MedicalClinic')!;
      expect(clinic, file).toBeDefined();
      ids.add(clinic['@id'] as string);
      expect(clinic['parentOrganization'], file).toEqual({ '@id': `${ORIGIN}/#organization` });
      const crumbs = lds.find((l) => l['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item?: string }[] };
      expect(crumbs.itemListElement.map((c) => c.name).slice(0, 2)).toEqual(['Home', 'Locations']);
      expect(page.querySelector('nav[aria-label="Breadcrumb"]')?.textContent).toContain('Locations');
    }
    expect(ids.size).toBe(homes.length);
    const home = dom(readFileSync(join(p.out, 'index.html'), 'utf8'));
    const org = home.querySelectorAll('script[type="application/ld+json"]').map((s) => JSON.parse(s.textContent) as Record<string, unknown>).find((l) => l['@id'] === `${ORIGIN}/#organization`);
    expect(org?.['url']).toBe(`${ORIGIN}/`);

    const require = createRequire(import.meta.url);
    const { structuredDataTest } = require('structured-data-testing-tool') as { structuredDataTest: (html: string, o: { presets: unknown[] }) => Promise<{ failed: unknown[] }> };
    const { Google } = require('structured-data-testing-tool/presets') as { Google: unknown };
    for (const file of ['index.html', 'locations/index.html', 'locations/fl/index.html', 'locations/fl/tampa/index.html', 'trt-therapy/index.html']) {
      const result = await structuredDataTest(readFileSync(join(p.out, file), 'utf8'), { presets: [Google] }).catch((err: { res?: { failed: unknown[] } }) => {
        throw new Error(`${file}: structured data failed: ${JSON.stringify(err.res?.failed ?? err, null, 2)}`);
      });
      expect(result.failed, file).toEqual([]);
    }
  });

  it("answers every address issue 24's site published for the samples: a page, or a redirect page ending on the same location's or treatment's page", () => {
    const onDisk = new Set(files);
    let followed = 0;
    for (const name of ['tampa', 'orlando', 'wesley-chapel'] as const) {
      const config = sampleConfig(name);
      const home = `/locations/fl/${name}/`;
      for (const route of siteRoutes(config)) {
        let path = `${home}${route.path.slice(1)}`;
        for (let hop = 0; ; hop++) {
          const file = `${path.slice(1)}index.html`;
          expect(onDisk.has(file), path).toBe(true);
          const refresh = dom(readFileSync(join(p.out, file), 'utf8')).querySelector('meta[http-equiv="refresh"]')?.getAttribute('content');
          if (!refresh) break;
          expect(hop, path).toBe(0);
          path = new URL(refresh.replace(/^0; url=/, ''), `${ORIGIN}${path}`).pathname;
          followed++;
        }
        // It ends on the same location's page, or on the same treatment's (or policy's) at the root.
        expect(path.startsWith(home) || path === route.path, `${home}${route.path.slice(1)} -> ${path}`).toBe(true);
      }
    }
    expect(followed).toBeGreaterThan(20);
    // The clinic server's list of them (redirects.txt) is the same, each a 301.
    expect(readFileSync(join(p.out, 'redirects.txt'), 'utf8')).toContain('/locations/fl/tampa/trt-therapy/ /trt-therapy/ 301\n');
  });

  it('files a message from a location under its city: the contact form names the site it is on', () => {
    const form = dom(readFileSync(join(p.out, 'locations/fl/tampa/contact/index.html'), 'utf8')).querySelector('form');
    expect(form?.getAttribute('action')).toBe('https://clinic.example.com/api/contact');
    expect(form?.querySelector('input[name="site"]')?.getAttribute('value')).toBe('tampa');
  });

  it('rebuilds nothing when nothing changed, and only the edited city after an edit, the others untouched', () => {
    const stamp = (f: string) => {
      const st = lstatSync(join(p.out, f), { bigint: true });
      return `${st.ino} ${st.mtimeNs}`;
    };
    const before = new Map(files.map((f) => [f, stamp(f)]));
    const again = build(p);
    expect(again.report.counts).toEqual({ rebuilt: 0, unchanged: 53, removed: 0, failed: 0 });
    expect(again.report.site.pagesWritten).toBe(0);
    for (const f of files) expect(stamp(f), f).toBe(before.get(f));

    // The brand's own text edited: its pages are made again, no location is.
    writeFileSync(p.brand, readFileSync(p.brand, 'utf8').replace(/^description: >-$/m, 'description: >-\n  Now open on Saturdays.'));
    const brandEdited = build(p);
    expect(brandEdited.report.counts).toEqual({ rebuilt: 0, unchanged: 53, removed: 0, failed: 0 });
    expect(brandEdited.report.site.pagesWritten).toBeGreaterThan(0);
    expect(readFileSync(join(p.out, 'index.html'), 'utf8')).toContain('Now open on Saturdays.');
    for (const f of files.filter((x) => x.startsWith('locations/fl/tampa/'))) expect(stamp(f), f).toBe(before.get(f));

    const tampa = join(p.configs, 'tampa.yaml');
    writeFileSync(tampa, readFileSync(tampa, 'utf8').replace(/^phone: .*$/m, 'phone: (813) 555-0199'));
    const edited = build(p);
    expect(edited.report.counts).toEqual({ rebuilt: 1, unchanged: 52, removed: 0, failed: 0 });
    expect(edited.report.locations.find((l) => l.status === 'rebuilt')?.slug).toBe('tampa');
    expect(readFileSync(join(p.out, 'locations/fl/tampa/index.html'), 'utf8')).toContain('(813) 555-0199');
    // The directory shows the new number; another city's files keep their inode and time.
    expect(readFileSync(join(p.out, 'locations/fl/index.html'), 'utf8')).toContain('(813) 555-0199');
    for (const f of files.filter((x) => /^locations\/ga\/[a-z-]+\//.test(x))) expect(stamp(f), f).toBe(before.get(f));
  }, 120_000);

  it('keeps what it records beside the site folder, never in it', () => {
    expect(files.some((f) => /clinic-gen/.test(f))).toBe(false);
    expect(existsSync(join(p.dir, '.site.clinic-gen-brand.json'))).toBe(true);
  });
});

describe('clinic-gen build --site: a brand config with a mistake is refused, naming the file, line and field, and nothing is written', () => {
  const base = () => {
    const p = project();
    return p;
  };

  it('a city with no config', () => {
    const p = base();
    writeFileSync(p.brand, `businessName: Northstar Men's Health\ndomainName: northstarhealth.example.com\nlocations:\n  FL: [tampa, clearwater]\n${LEGAL}`);
    const r = build(p);
    expect(r.code).toBe(1);
    expect(r.report.errors.join('\n')).toMatch(/brand\.yaml:4:\d+ locations\.FL\[1\]: no city config named clearwater/);
    expect(existsSync(p.out)).toBe(false);
  });

  it('a brand config without its legal facts (issue 36: the brand site has its own policies)', () => {
    const p = base();
    writeFileSync(p.brand, `businessName: Northstar Men's Health\ndomainName: northstarhealth.example.com\nlegal:\n  governingLaw: Florida\n`);
    const r = build(p);
    expect(r.code).toBe(1);
    expect(r.report.errors.join('\n')).toMatch(/brand\.yaml:\d+:\d+ legal\.effectiveDate: required: the date the brand site's privacy policy and terms take effect/);
    expect(r.report.errors.join('\n')).toMatch(/legal\.email/);
    expect(existsSync(p.out)).toBe(false);
  });

  it('a state code that does not exist', () => {
    const p = base();
    writeFileSync(p.brand, `businessName: Northstar Men's Health\ndomainName: northstarhealth.example.com\nlocations:\n  FL: [tampa]\n  ZZ: [orlando]\n${LEGAL}`);
    const r = build(p);
    expect(r.code).toBe(1);
    expect(r.report.errors.join('\n')).toMatch(/brand\.yaml:5:3 locations\.ZZ: "ZZ" is not a US state code/);
    expect(existsSync(p.out)).toBe(false);
  });

  it('two cities with one path', () => {
    const p = base();
    writeFileSync(join(p.configs, 'tampa-2.yaml'), SAMPLES['tampa']!.replace(/^domainName: .*$/m, 'domainName: tampa2.example.com'));
    writeFileSync(p.brand, `businessName: Northstar Men's Health\ndomainName: northstarhealth.example.com\nlocations:\n  FL:\n    - tampa\n    - tampa-2\n${LEGAL}`);
    const r = build(p);
    expect(r.code).toBe(1);
    expect(r.report.errors.join('\n')).toMatch(/brand\.yaml:6:7 locations\.FL\[1\]: .*tampa-2\.yaml and .*tampa\.yaml are both Tampa, FL: two locations cannot share the path \/locations\/fl\/tampa\//);
    expect(existsSync(p.out)).toBe(false);
  });

  it('a city listed under another state, and a field the brand config does not have', () => {
    const p = base();
    writeFileSync(p.brand, `businessName: Northstar Men's Health\ndomainName: northstarhealth.example.com\nlocations:\n  GA: [tampa]\n${LEGAL}`);
    const r = build(p);
    expect(r.report.errors.join('\n')).toMatch(/brand\.yaml:4:\d+ locations\.GA\[0\]: tampa is a city in FL/);
    writeFileSync(p.brand, `businessName: Northstar Men's Health\ndomainNmae: northstarhealth.example.com\n`);
    const typo = build(p);
    expect(typo.report.errors.join('\n')).toMatch(/brand\.yaml:2:1 domainNmae: unknown field; did you mean domainName\?/);
    expect(existsSync(p.out)).toBe(false);
  });

  it('removes a location no longer listed, and only then', () => {
    const p = base();
    writeFileSync(p.brand, `businessName: Northstar Men's Health\ndomainName: northstarhealth.example.com\nlocations:\n  FL: [tampa, orlando]\n${LEGAL}`);
    expect(build(p).code).toBe(0);
    expect(existsSync(join(p.out, 'locations/fl/orlando/index.html'))).toBe(true);
    writeFileSync(p.brand, `businessName: Northstar Men's Health\ndomainName: northstarhealth.example.com\nlocations:\n  FL: [tampa]\n${LEGAL}`);
    const r = build(p);
    expect(r.report.counts).toMatchObject({ unchanged: 1, removed: 1 });
    expect(existsSync(join(p.out, 'locations/fl/orlando'))).toBe(false);
    expect(readFileSync(join(p.out, 'sitemap.xml'), 'utf8')).not.toContain('/orlando/');
    rmSync(p.dir, { recursive: true, force: true });
  });
});

describe('clinic-gen check --site: the doorway check over the brand site', () => {
  it("fails a location that copies another's text, as placed on the brand site, and reports the brand's own pages apart", () => {
    const dir = tempDir('clinic-gen-brand-check-');
    const configs = join(dir, 'configs');
    mkdirSync(configs);
    for (const [n, yaml] of Object.entries(SAMPLES)) writeFileSync(join(configs, `${n}.yaml`), yaml);
    // Tampa's config with only the city, address and phone changed: a doorway page.
    writeFileSync(
      join(configs, 'clearwater.yaml'),
      SAMPLES['tampa']!.replace(/^city: .*$/m, 'city: Clearwater').replace(/^address: .*$/m, 'address: 600 Cleveland Street').replace(/^phone: .*$/m, 'phone: (727) 555-0110').replace(/^domainName: .*$/m, 'domainName: clearwater.example.com'),
    );
    cpSync(join(ROOT, 'configs/images'), join(configs, 'images'), { recursive: true });
    const brand = join(dir, 'brand.yaml');
    writeFileSync(brand, `businessName: Northstar Men's Health\ndomainName: northstarhealth.example.com\nlocations:\n  FL: [tampa, clearwater, orlando]\n${LEGAL}`);
    const r = runCli(['check', '--site', brand, configs, '--json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { cities: { city: string; verdict: string; closest: { city: string } | null }[] };
    // The brand lists three of the four configs: Wesley Chapel is not checked.
    expect(report.cities.map((c) => c.city).sort()).toEqual(['Clearwater', 'Orlando', 'Tampa']);
    expect(report.cities.find((c) => c.city === 'Clearwater')).toMatchObject({ verdict: 'too-alike', closest: { city: 'Tampa' } });
    expect(report.cities.find((c) => c.city === 'Orlando')?.verdict).toBe('distinct');
    const plain = runCli(['check', '--site', brand, configs]);
    expect(plain.stdout).toContain("brand site northstarhealth.example.com: 3 locations, each by the pages the brand site publishes for it; the brand's own pages after them");
    expect(plain.stdout).toMatch(/^brand pages: \d+, the closest pair \/\S* ~ \/\S* \d\.\d\d \(the brand's own pages, one each and no location's: reported, not failed\)$/m);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('clinic-gen build --site: incremental', () => {
  it('after an edit, a rename and a removal, writes byte for byte what a fresh build writes', () => {
    const p = project();
    // Twelve of the generated cities are enough here.
    for (let i = 12; i < 50; i++) rmSync(join(p.configs, `${generated(i).name}.yaml`));
    expect(build(p).code).toBe(0);
    const tampa = join(p.configs, 'tampa.yaml');
    writeFileSync(tampa, readFileSync(tampa, 'utf8').replace(/^phone: .*$/m, 'phone: (813) 555-0123'));
    // A config renamed: the same city, under another file name.
    writeFileSync(join(p.configs, 'orlando-downtown.yaml'), readFileSync(join(p.configs, 'orlando.yaml')));
    rmSync(join(p.configs, 'orlando.yaml'));
    // A city gone: its folder goes, and its state's page too when it was the state's last.
    const gone = generated(2);
    rmSync(join(p.configs, `${gone.name}.yaml`));
    const inc = build(p);
    expect(inc.code, inc.stderr).toBe(0);
    expect(inc.report.counts).toMatchObject({ removed: 1 });
    const fresh = { ...p, out: join(p.dir, 'fresh') };
    expect(build(fresh).code).toBe(0);
    const a = walk(p.out).sort();
    expect(a).toEqual(walk(fresh.out).sort());
    for (const f of a) expect(readFileSync(join(p.out, f)).equals(readFileSync(join(fresh.out, f))), f).toBe(true);
    rmSync(p.dir, { recursive: true, force: true });
  }, 120_000);
});

describe('clinic-gen build --brand-site: a stand-alone site of a city that is also on the brand site', () => {
  it('names its page on the brand site as canonical and leaves out its own sitemap, unless the city says canonical: own', () => {
    const dir = tempDir('clinic-gen-brand-canonical-');
    const configs = join(dir, 'configs');
    mkdirSync(configs);
    for (const [n, yaml] of Object.entries(SAMPLES)) writeFileSync(join(configs, `${n}.yaml`), n === 'orlando' ? `${yaml}\ncanonical: own\n` : yaml);
    cpSync(join(ROOT, 'configs/images'), join(configs, 'images'), { recursive: true });
    const out = join(dir, 'sites');
    const brand = join(ROOT, 'configs/brand/northstar.yaml');
    const r = runCli(['build', '--config', configs, '--out', out, '--brand-site', brand, '--contact-endpoint', 'https://clinic.example.com/api/contact', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const canonical = (f: string) => dom(readFileSync(join(out, f), 'utf8')).querySelector('link[rel="canonical"]')?.getAttribute('href');
    expect(canonical('tampa/index.html')).toBe(`${ORIGIN}/locations/fl/tampa/`);
    // The brand site's Tampa page holds what the about page says (its about address redirects
    // there); it has no Tampa copy of a treatment, and Tampa's contact page there is noindex
    // (issue 36): those stay canonical at home.
    expect(canonical('tampa/about/index.html')).toBe(`${ORIGIN}/locations/fl/tampa/`);
    expect(canonical('tampa/contact/index.html')).toBe('https://tampa.example.com/contact/');
    expect(canonical('tampa/trt-therapy/index.html')).toBe('https://tampa.example.com/trt-therapy/');
    expect(existsSync(join(out, 'tampa/sitemap.xml'))).toBe(false);
    expect(readFileSync(join(out, 'tampa/robots.txt'), 'utf8')).not.toContain('Sitemap:');
    // Orlando says its own domain is canonical: on its own site and on the brand site alike.
    expect(canonical('orlando/index.html')).toBe('https://orlando.example.com/');
    expect(readFileSync(join(out, 'orlando/sitemap.xml'), 'utf8')).toContain('<loc>https://orlando.example.com/</loc>');
    const site = join(dir, 'brand-site');
    expect(runCli(['build', '--site', brand, '--config', configs, '--out', site, '-q', '--contact-endpoint', 'https://clinic.example.com/api/contact']).code).toBe(0);
    expect(dom(readFileSync(join(site, 'locations/fl/orlando/index.html'), 'utf8')).querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://orlando.example.com/');
    expect(readFileSync(join(site, 'sitemap.xml'), 'utf8')).not.toContain('/locations/fl/orlando/');
    // Without --brand-site the same configs build stand-alone sites again, canonical on their own domains.
    const again = runCli(['build', '--config', configs, '--out', out, '--contact-endpoint', 'https://clinic.example.com/api/contact', '--json']);
    expect((JSON.parse(again.stdout) as Report & { counts: Record<string, number> }).counts).toMatchObject({ rebuilt: 2, unchanged: 1 });
    expect(canonical('tampa/index.html')).toBe('https://tampa.example.com/');
    rmSync(dir, { recursive: true, force: true });
  });
});
