import { describe, expect, it } from 'vitest';
import { organizationId } from '../../src/brand-site/pages/model.js';
import { renderBrandPages } from '../../src/brand-site/pages/render.js';
import { ASSETS } from '../../src/pages/assets.js';
import { resolveSite } from '../../src/pages/page-model.js';
import { renderResolvedSite, renderSite, renderSiteDirect } from '../../src/pages/render-site.js';
import { placementFor } from '../../src/brand-site/pages/model.js';
import { madeUpConfigs } from './pages-fixture.js';
import { dom, sampleConfig, text } from '../helpers/site.js';
import { buildBrand, ORIGIN } from './pages-fixture.js';

const { files, brandFiles, model } = buildBrand({ own: ['Orlando'] });
/** A page of the output, as text. */
const html = (file: string) => files[file] as string;
const htmlFiles = Object.keys(files).filter((f) => f.endsWith('.html'));
/** A redirect page left at an address the brand site no longer builds (issue 36 item 3). */
const isRedirect = (file: string) => /<meta http-equiv="refresh"/.test(html(file));
/** The pages a visitor reads: every HTML file but the redirect pages. */
const pageFiles = htmlFiles.filter((f) => !isRedirect(f));

/** The JSON-LD objects of a page. */
function jsonLd(html: string): Record<string, any>[] {
  return dom(html)
    .querySelectorAll('script[type="application/ld+json"]')
    .map((s) => JSON.parse(s.textContent));
}

/** The page's URL path on the brand site for a file: `locations/fl/index.html` -> `/locations/fl/`. */
const pathOf = (file: string) => `/${file.replace(/index\.html$/, '')}`;

/** The file a link from `file` leads to, or undefined for a link out of the site (or a tel:, mailto:, #). */
function target(file: string, href: string): string | undefined {
  if (/^(https?:|mailto:|tel:|#)/.test(href)) return undefined;
  const url = new URL(href, `https://brand.test${pathOf(file)}`);
  const path = decodeURIComponent(url.pathname).slice(1);
  return path === '' || path.endsWith('/') ? `${path}index.html` : path;
}

const crumbs = (html: string) =>
  dom(html)
    .querySelectorAll('nav[aria-label="Breadcrumb"] ol > li a')
    .map((a) => ({ name: text(a), href: a.getAttribute('href'), current: a.getAttribute('aria-current') ?? undefined }));

describe('brand site directory', () => {
  it('has a page at every level: home, the directory, each state with locations, each location', () => {
    for (const f of ['index.html', 'locations/index.html', 'locations/fl/index.html', 'locations/ga/index.html', 'locations/id/index.html', 'locations/il/index.html', 'locations/mo/index.html', 'locations/tx/index.html'])
      expect(brandFiles[f], f).toBeDefined();
    for (const loc of model.locations) expect(files[`${loc.path.slice(1)}index.html`], loc.path).toBeDefined();
    // Two Springfields in two states do not collide.
    expect(html('locations/il/springfield/index.html')).toContain('Springfield, IL');
    expect(html('locations/mo/springfield/index.html')).toContain('Springfield, MO');
  });

  it('writes no directory page with nothing to list', () => {
    const statePages = Object.keys(brandFiles).filter((f) => /^locations\/[a-z]{2}\/index\.html$/.test(f));
    expect(statePages.sort()).toEqual(['locations/fl/index.html', 'locations/ga/index.html', 'locations/id/index.html', 'locations/il/index.html', 'locations/mo/index.html', 'locations/tx/index.html']);
    for (const f of statePages) {
      const links = dom(brandFiles[f]!).querySelectorAll('main li h3 a');
      expect(links.length, f).toBeGreaterThan(0);
    }
    expect(brandFiles['locations/ny/index.html']).toBeUndefined();
  });

  it('lists each location on the directory with its address, tap-to-call phone, week hours and link', () => {
    const page = dom(brandFiles['locations/index.html']!);
    const cards = page.querySelectorAll('main li.flex');
    expect(cards).toHaveLength(model.locations.length);
    const tampa = cards.find((c) => text(c.querySelector('h3')) === 'Tampa, FL')!;
    expect(tampa.querySelector('h3 a')!.getAttribute('href')).toBe('../locations/fl/tampa/');
    expect(text(tampa)).toContain('2100 North Westshore Boulevard');
    expect(tampa.querySelector('a[href^="tel:"]')!.getAttribute('href')).toBe('tel:+18135550142');
    expect(text(tampa.querySelector('dl'))).toMatch(/Monday.*AM/);
    expect(page.querySelectorAll('main h2').map(text)).toEqual(['Florida', 'Georgia', 'Idaho', 'Illinois', 'Missouri', 'Texas']);
  });

  it('the home page names the brand, what its clinics treat and every location by state', () => {
    const page = dom(brandFiles['index.html']!);
    expect(text(page.querySelector('h1'))).toBe("Northstar Men's Health");
    const treats = page.querySelectorAll('#services h3').map(text);
    expect(treats.slice(0, 3)).toEqual(['TRT Therapy', 'Semaglutide Weight Loss', 'NAD+ Therapy']);
    expect(treats).toHaveLength(model.services.length);
    // Each card links to the treatment's one page (issue 36 item 7).
    expect(page.querySelectorAll('#services a').map((a) => a.getAttribute('href'))).toEqual(model.services.map((s) => s.path.slice(1)));
    const find = page.querySelector('#find-your-clinic')!;
    expect(text(find.querySelector('h2'))).toBe('Find your clinic');
    expect(find.querySelectorAll('h3').map(text)).toEqual(['Florida', 'Georgia', 'Idaho', 'Illinois', 'Missouri', 'Texas']);
    expect(find.querySelectorAll('li a').map((a) => [text(a), a.getAttribute('href')])).toContainEqual(['Wesley Chapel, FL', 'locations/fl/wesley-chapel/']);
    expect(find.querySelectorAll('li a')).toHaveLength(model.locations.length);
  });
});

describe('the not-found page (decision 15)', () => {
  it('says the page was not found and why, then leads home, to what the clinics treat, every location and each state', () => {
    const page = dom(brandFiles['404.html']!);
    expect(text(page.querySelector('title'))).toBe("404 Page Not Found | Northstar Men's Health");
    expect(text(page.querySelector('main h1'))).toBe('Page Not Found');
    expect(text(page.querySelector('main h1 + p'))).toBe('The page you were looking for is not here. The link may be old, or the address may be mistyped.');
    const links = page.querySelectorAll('main nav[aria-label="Pages of this site"] a').map((a) => [text(a), a.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Treatments', '/#services'],
      ['All locations', '/locations/'],
      ['Florida locations', '/locations/fl/'],
      ['Georgia locations', '/locations/ga/'],
      ['Idaho locations', '/locations/id/'],
      ['Illinois locations', '/locations/il/'],
      ['Missouri locations', '/locations/mo/'],
      ['Texas locations', '/locations/tx/'],
    ]);
    expect(dom(brandFiles['index.html']!).querySelector('section#services')).not.toBeNull();
    expect(brandFiles['404.html']).not.toMatch(/router/i);
  });

  it('has no Treatments link where the home page lists none', () => {
    const none = renderBrandPages({ ...model, services: [] });
    expect(dom(none['404.html']!).querySelectorAll('main nav a').map((a) => text(a))).not.toContain('Treatments');
    expect(dom(none['index.html']!).querySelector('#services')).toBeNull();
  });
});

describe('the locator', () => {
  it('with a locator, the home page carries its box over the list by state, and its island', () => {
    const withLocator = renderBrandPages({ ...model, locator: { zipFile: 'assets/zips.0123456789.txt', script: 'assets/locator.0123456789.js' } });
    const page = dom(withLocator['index.html']!);
    const box = page.querySelector('#find-your-clinic')!;
    expect(box.getAttribute('data-zips')).toBe('assets/zips.0123456789.txt');
    expect(box.querySelectorAll('[data-location] a').map((a) => a.getAttribute('href'))).toContain('locations/fl/tampa/');
    expect(box.querySelector('[data-location="fl/tampa"]')!.getAttribute('data-lat')).toBe('27.9592');
    expect(page.querySelector('script[type=module]')!.getAttribute('src')).toBe('assets/locator.0123456789.js');
    // The hero's button leads to the box.
    expect(page.querySelector('main a[href="#find-your-clinic"]')).not.toBeNull();
    // Only the home page loads it; every page loads the menu's script (decision 022).
    const scripts = (file: string) => dom(withLocator[file]!).querySelectorAll('script[type=module]').map((s) => s.getAttribute('src'));
    expect(scripts('index.html')).toEqual(['assets/locator.0123456789.js', ASSETS.menuJs.file]);
    expect(scripts('locations/index.html')).toEqual([`../${ASSETS.menuJs.file}`]);
  });
});

describe('links', () => {
  it('every relative link, stylesheet, script and image on the brand pages and the location pages resolves to a file', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of htmlFiles) {
      const page = dom(html(file));
      const refs = [
        ...page.querySelectorAll('a[href], link[href]').map((e) => e.getAttribute('href')!),
        ...page.querySelectorAll('script[src], img[src]').map((e) => e.getAttribute('src')!),
      ];
      for (const ref of refs) {
        const t = target(file, ref);
        if (t === undefined) continue;
        checked++;
        // The logo and photo files are the site pipeline's, which this render does without.
        if (files[t] === undefined && !/(^|\/)images\//.test(t)) broken.push(`${file} -> ${ref}`);
      }
    }
    expect(broken).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it('a placed location links up to the brand relatively, as it links its own pages', () => {
    const page = html('locations/fl/tampa/contact/index.html');
    expect(crumbs(page)).toEqual([
      { name: 'Home', href: '../../../../', current: undefined },
      { name: 'Locations', href: '../../../', current: undefined },
      { name: 'Florida', href: '../../', current: undefined },
      { name: 'Tampa', href: '../', current: undefined },
      { name: 'Contact', href: '../contact/', current: 'page' },
    ]);
    // Its treatments and policies are the brand's, at the root (issue 36 item 1).
    const links = dom(page).querySelectorAll('a').map((a) => a.getAttribute('href'));
    expect(links).toContain('../../../../trt-therapy/');
    expect(links).toContain('../../../../privacy/');
    expect(links).not.toContain('../trt-therapy/');
    expect(crumbs(html('locations/fl/wesley-chapel/index.html')).map((c) => [c.name, c.href, c.current])).toEqual([
      ['Home', '../../../', undefined],
      ['Locations', '../../', undefined],
      ['Florida', '../', undefined],
      ['Wesley Chapel', './', 'page'],
    ]);
  });
});

describe('placed location pages', () => {
  it('the templated renderer gives the same bytes as React for a placed site, names with apostrophes included', () => {
    const config = madeUpConfigs().find((c) => c.city === "Coeur d'Alene")!;
    const extras = { placement: placementFor({ name: "Northstar Men's Health", origin: ORIGIN }, { stateCode: 'ID', stateName: 'Idaho', city: config.city }), today: '2026-11-20' };
    const templated = renderSite(config, extras);
    const direct = renderSiteDirect(config, extras);
    expect(Object.keys(templated).sort()).toEqual(Object.keys(direct).sort());
    for (const f of Object.keys(direct)) expect(templated[f], f).toBe(direct[f]);
    const page = templated['contact/index.html'] as string;
    expect(crumbs(page).map((c) => c.name)).toEqual(['Home', 'Locations', 'Idaho', "Coeur d'Alene", 'Contact']);
    const list = jsonLd(page).find((d) => d['@type'] === 'BreadcrumbList')!;
    expect(list.itemListElement[3]).toEqual({ '@type': 'ListItem', position: 4, name: "Coeur d'Alene", item: `${ORIGIN}/locations/id/coeur-dalene/` });
  });

  it('shows the trail under the header, above the page, on every page of the location', () => {
    const page = dom(html('locations/fl/tampa/contact/index.html'));
    const body = page.querySelector('body')!.childNodes.filter((n) => 'tagName' in n).map((n) => (n as any).tagName.toLowerCase());
    // The last nav is the phone's bar of Call, Book and Directions.
    expect(body).toEqual(['header', 'div', 'main', 'footer', 'nav']);
    expect(page.querySelector('body > div > nav[aria-label="Breadcrumb"] > ol')).not.toBeNull();
  });

  it('marks Contact on the location\'s contact page and on the page after sending (a service\'s copy moved to the contact page)', () => {
    for (const f of ['locations/fl/tampa/contact/index.html', 'locations/fl/tampa/contact/sent/index.html'])
      expect(dom(html(f)).querySelectorAll('nav[aria-label="Main"] a[aria-current="page"]').map(text), f).toEqual(['Contact']);
    expect(html('locations/fl/tampa/contact/trt-therapy/index.html')).toContain('<meta http-equiv="refresh" content="0; url=../../contact/">');
  });
});

describe('breadcrumbs', () => {
  it('every page but the home and the not-found page shows its trail, the current page last', () => {
    for (const file of pageFiles.filter((f) => f !== 'index.html' && f !== '404.html')) {
      const trail = crumbs(html(file));
      expect(trail[0]?.name, file).toBe('Home');
      expect(trail.at(-1)?.current, file).toBe('page');
      expect(trail.filter((c) => c.current)).toHaveLength(1);
    }
    expect(crumbs(brandFiles['locations/ga/index.html']!).map((c) => c.name)).toEqual(['Home', 'Locations', 'Georgia']);
  });

  it('each page carries its trail as BreadcrumbList JSON-LD with absolute URLs on the brand domain, matching what it shows', () => {
    for (const file of pageFiles.filter((f) => f !== 'index.html' && f !== '404.html')) {
      const list = jsonLd(html(file)).find((d) => d['@type'] === 'BreadcrumbList');
      expect(list, file).toBeDefined();
      const items = list!.itemListElement as { position: number; name: string; item: string }[];
      expect(items.map((i) => i.name)).toEqual(crumbs(html(file)).map((c) => c.name));
      expect(items.map((i) => i.position)).toEqual(items.map((_, i) => i + 1));
      for (const i of items) expect(i.item.startsWith(`${ORIGIN}/`), i.item).toBe(true);
      // The last item is the page itself.
      expect(items.at(-1)!.item).toBe(`${ORIGIN}${pathOf(file)}`);
    }
  });
});

describe('structured data', () => {
  const clinics = model.locations.map((l) => jsonLd(html(`${l.path.slice(1)}index.html`)).find((d) => d['@type'] === 'MedicalClinic')!);

  it('each location has a MedicalClinic with an @id of its own, pointing at the brand Organization on /', () => {
    const ids = clinics.map((c) => c['@id']);
    expect(new Set(ids).size).toBe(model.locations.length);
    expect(ids).toContain(`${ORIGIN}/locations/fl/tampa/#clinic`);
    expect(ids).toContain(`${ORIGIN}/locations/il/springfield/#clinic`);
    for (const c of clinics) expect(c.parentOrganization).toEqual({ '@id': `${ORIGIN}/#organization` });
    const org = jsonLd(brandFiles['index.html']!).find((d) => d['@type'] === 'Organization')!;
    expect(org['@id']).toBe(organizationId(ORIGIN));
    expect(org.url).toBe(`${ORIGIN}/`);
    expect(org.name).toBe("Northstar Men's Health");
  });

  it('a location canonical on its own domain is known by that domain: canonical links, og:url and @id', () => {
    const home = dom(html('locations/fl/orlando/index.html'));
    expect(home.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe('https://orlando.example.com/');
    expect(home.querySelector('meta[property="og:url"]')!.getAttribute('content')).toBe('https://orlando.example.com/');
    // Its about page is its page now (issue 36 item 2): the old address is a redirect page, canonical there.
    const about = dom(html('locations/fl/orlando/about/index.html'));
    expect(about.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe('https://orlando.example.com/');
    // Its old treatment address on the brand site is a redirect to the brand's page, canonical there.
    expect(dom(html('locations/fl/orlando/trt-therapy/index.html')).querySelector('link[rel=canonical]')!.getAttribute('href')).toBe(`${ORIGIN}/trt-therapy/`);
    const clinic = clinics.find((c) => c.address.addressLocality === 'Orlando')!;
    expect(clinic['@id']).toBe('https://orlando.example.com/#clinic');
    expect(clinic.parentOrganization).toEqual({ '@id': `${ORIGIN}/#organization` });
  });

  it('every other page is canonical at its absolute URL on the brand domain', () => {
    // A city's copies of its contact page per service are noindex and canonical at its contact page (decision 023).
    const copy = (f: string) => /\/contact\/(?!sent\/)[^/]+\/index\.html$/.test(f);
    // (Now redirect pages to it, issue 36 item 3: canonical at the same page.)
    for (const file of htmlFiles.filter((f) => copy(f) && !f.startsWith('locations/fl/orlando/'))) {
      expect(dom(html(file)).querySelector('link[rel=canonical]')?.getAttribute('href'), file).toBe(`${ORIGIN}${pathOf(file).replace(/[^/]+\/$/, '')}`);
    }
    // A location's contact page is for patients who chose the clinic: noindex, and a copy of no page (issue 36 item 2).
    const contact = (f: string) => /^locations\/.+\/contact\/index\.html$/.test(f);
    for (const file of pageFiles.filter(contact)) {
      expect(dom(html(file)).querySelector('meta[name=robots]')?.getAttribute('content'), file).toBe('noindex');
      expect(dom(html(file)).querySelector('link[rel=canonical]'), file).toBeNull();
    }
    for (const file of pageFiles.filter((f) => !f.startsWith('locations/fl/orlando/') && f !== '404.html' && !f.endsWith('contact/sent/index.html') && !copy(f) && !contact(f))) {
      expect(dom(html(file)).querySelector('link[rel=canonical]')?.getAttribute('href'), file).toBe(`${ORIGIN}${pathOf(file)}`);
    }
  });
});

describe('sitemap and robots', () => {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

  it('one sitemap lists every indexable page of the domain once, absolute on the brand domain', () => {
    const urls = locs(brandFiles['sitemap.xml']!);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.slice(0, 2)).toEqual([`${ORIGIN}/`, `${ORIGIN}/trt-therapy/`]);
    expect(urls).toContain(`${ORIGIN}/locations/`);
    expect(urls).toContain(`${ORIGIN}/locations/tx/`);
    // The treatments and policies once, the brand's (issue 36 item 1); a location's old copies are redirects.
    expect(urls).toContain(`${ORIGIN}/privacy/`);
    expect(urls).toContain(`${ORIGIN}/locations/fl/tampa/`);
    // The location's page is its one indexable page (issue 36 item 2): no about page, no contact page.
    expect(urls).not.toContain(`${ORIGIN}/locations/fl/tampa/about/`);
    expect(urls).not.toContain(`${ORIGIN}/locations/fl/tampa/contact/`);
    expect(urls).not.toContain(`${ORIGIN}/locations/fl/tampa/trt-therapy/`);
    expect(urls).not.toContain(`${ORIGIN}/locations/fl/tampa/privacy/`);
    expect(urls).not.toContain(`${ORIGIN}/locations/fl/tampa/contact/sent/`);
    // Orlando is canonical on its own domain: its pages belong to that domain's sitemap.
    expect(urls.filter((u) => u.includes('/orlando/'))).toEqual([]);
    // Every canonical page of the output is listed, and nothing else (a noindex copy names its page's canonical).
    const canonical = htmlFiles
      .filter((f) => !dom(html(f)).querySelector('meta[name=robots][content~=noindex]'))
      .map((f) => dom(html(f)).querySelector('link[rel=canonical]')?.getAttribute('href'))
      .filter((u): u is string => !!u && u.startsWith(ORIGIN));
    expect([...urls].sort()).toEqual([...canonical].sort());
  });

  it('past the limit, sitemap.xml is an index of sitemap files that together list each URL once', () => {
    const small = buildBrand({ sitemapMaxUrls: 8 }).brandFiles;
    const index = small['sitemap.xml']!;
    expect(index).toContain('<sitemapindex');
    const parts = locs(index);
    expect(parts.length).toBeGreaterThan(1);
    const all = parts.flatMap((p) => {
      const file = small[p.slice(ORIGIN.length + 1)]!;
      expect(file, p).toContain('<urlset');
      expect(locs(file).length).toBeLessThanOrEqual(8);
      return locs(file);
    });
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual(locs(buildBrand().brandFiles['sitemap.xml']!).sort());
  });

  it('the domain has one robots.txt and one sitemap: a placed location writes neither, nor a 404 page', () => {
    expect(brandFiles['robots.txt']).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
    for (const f of ['sitemap.xml', 'robots.txt', '404.html']) expect(files[`locations/fl/tampa/${f}`]).toBeUndefined();
    expect(files['locations/fl/tampa/favicon.svg']).toBeDefined();
  });
});

describe('brand pages share the city pages', () => {
  it('stylesheet, policy and head', () => {
    for (const f of Object.keys(brandFiles).filter((f) => f.endsWith('.html'))) {
      const page = dom(brandFiles[f]!);
      expect(page.querySelector('link[rel=stylesheet]')!.getAttribute('href')!.endsWith(ASSETS.css.file)).toBe(true);
      expect(page.querySelector('meta[http-equiv="Content-Security-Policy"]')!.getAttribute('content')).toMatch(/script-src 'self'.*connect-src 'self'/);
      expect(page.querySelector('meta[name=description]')!.getAttribute('content')!.length).toBeGreaterThan(20);
      expect(page.querySelector('html')!.getAttribute('lang')).toBe('en');
      // Home, each treatment's page at the brand's root, Locations: as a location's page has them (issue 36 item 4).
      expect([...page.querySelectorAll('#menu-drawer[popover] nav a')].map((a) => a.textContent)).toEqual(['Home', ...model.services.flatMap((s) => (s.navLabel ? [s.navLabel] : [])), 'Locations']);
    }
    // The not-found page: served with status 404 at every missing address, so no canonical and no robots tag.
    expect(dom(brandFiles['404.html']!).querySelector('meta[name=robots]')).toBeNull();
    expect(dom(brandFiles['404.html']!).querySelector('link[rel=canonical]')).toBeNull();
  });

  it('the brand logo: linked relative on every page, absolute in og:image and the Organization; an off-site logo is allowed by its origin', () => {
    const onSite = renderBrandPages({ ...model, logo: { src: 'logo.svg', onSite: true, size: { width: 120, height: 40 } }, logoIncludesName: true });
    const state = dom(onSite['locations/fl/index.html']!);
    expect(state.querySelector('header img')!.getAttribute('src')).toBe('../../logo.svg');
    expect(state.querySelector('header a[aria-label="Northstar Men\'s Health home"]')!.getAttribute('href')).toBe('../../');
    expect(state.querySelector('meta[property="og:image"]')!.getAttribute('content')).toBe(`${ORIGIN}/logo.svg`);
    expect(jsonLd(onSite['index.html']!).find((d) => d['@type'] === 'Organization')!.logo).toBe(`${ORIGIN}/logo.svg`);
    const offSite = renderBrandPages({ ...model, logo: { src: 'https://cdn.example.net/northstar.svg', onSite: false } });
    const csp = dom(offSite['index.html']!).querySelector('meta[http-equiv="Content-Security-Policy"]')!.getAttribute('content')!;
    expect(csp).toContain("img-src 'self' https://cdn.example.net");
  });

  it('uses only classes the shared stylesheet defines', () => {
    const css = ASSETS.css.content;
    const missing = new Set<string>();
    for (const f of Object.keys(brandFiles).filter((f) => f.endsWith('.html')))
      for (const el of dom(brandFiles[f]!).querySelectorAll('[class]'))
        for (const c of el.getAttribute('class')!.split(/\s+/).filter(Boolean)) {
          const selector = `.${c.replace(/[:/[\]=.!%()+@]/g, (m) => `\\${m}`)}`;
          if (!css.includes(selector) && c !== 'group') missing.add(c);
        }
    expect([...missing]).toEqual([]);
  });
});

describe('stand-alone sites', () => {
  it('a stand-alone site canonical on the brand points its canonical links and @id there, its other links unchanged', () => {
    const config = sampleConfig('tampa');
    const brandUrl = `${ORIGIN}/locations/fl/tampa`;
    const site = renderSite(config, { canonicalUrl: `${brandUrl}/` });
    const canonicalOf = (f: string) => dom(site[f] as string).querySelector('link[rel=canonical]')!.getAttribute('href');
    expect(canonicalOf('index.html')).toBe(`${brandUrl}/`);
    // The brand site has no about page for a location (its page says it all, issue 36 item 2), and
    // its contact pages are noindex: the about page names the location's page, the contact pages
    // name themselves; none names a redirect or a page kept out of search.
    expect(canonicalOf('about/index.html')).toBe(`${brandUrl}/`);
    expect(canonicalOf('contact/index.html')).toBe('https://tampa.example.com/contact/');
    expect(canonicalOf('contact/trt-therapy/index.html')).toBe('https://tampa.example.com/contact/');
    // The brand site has no Tampa copy of a treatment or policy (issue 36 item 1): these stay canonical at home.
    const trt = dom(site['trt-therapy/index.html'] as string);
    expect(trt.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe('https://tampa.example.com/trt-therapy/');
    const clinic = jsonLd(site['index.html'] as string).find((d) => d['@type'] === 'MedicalClinic')!;
    expect(clinic['@id']).toBe(`${brandUrl}/#clinic`);
    expect(clinic.parentOrganization).toBeUndefined();
    expect(trt.querySelector('nav[aria-label="Breadcrumb"]')).toBeNull();
    // It is still a whole site of its own, but for the sitemap: a sitemap lists canonical URLs, and those are the brand site's.
    for (const f of ['robots.txt', '404.html']) expect(site[f], f).toBeDefined();
    expect(site['sitemap.xml']).toBeUndefined();
    expect(site['robots.txt']).not.toContain('Sitemap:');
  });

  it('without a placement or a canonical override a site renders as before: no trail, no parent, its own origin', () => {
    const config = sampleConfig('tampa');
    const plain = renderSite(config);
    const page = dom(plain['trt-therapy/index.html'] as string);
    expect(page.querySelector('nav[aria-label="Breadcrumb"]')).toBeNull();
    expect(page.querySelector('main')!.getAttribute('class')).toBe('flex-1');
    expect(page.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe('https://tampa.example.com/trt-therapy/');
    // The clinic, and (Tampa publishes Spanish too, issue 40) the page itself with its language.
    expect(jsonLd(plain['index.html'] as string).map((d) => d['@type'])).toEqual(['MedicalClinic', 'WebPage']);
    // The placement is part of the template's shape: a placed render never leaks into the plain one.
    expect(renderResolvedSite(resolveSite(config))['trt-therapy/index.html']).toBe(plain['trt-therapy/index.html']);
  });
});
