import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { configWith, dom, render, RENDER_YEAR, sampleConfig, text } from '../../test/helpers/site.js';
import { clinicConfigSchema } from '../config/schema.js';
import { renderSite } from './render-site.js';

const PAGES = [
  'index.html', 'trt-therapy/index.html', 'semaglutide/index.html', 'nad-therapy/index.html', 'hormone-optimization/index.html',
  'about/index.html', 'contact/index.html', 'privacy/index.html', 'terms/index.html',
];

describe('renderSite', () => {
  const files = render();

  it('returns every page, the not-found page, sitemap, robots, favicon and the shared assets', () => {
    const names = Object.keys(files);
    // A city without a booking page has a copy of its contact page per service (decision 023).
    const serviceContacts = ['contact/trt-therapy/index.html', 'contact/semaglutide/index.html', 'contact/nad-therapy/index.html', 'contact/hormone-optimization/index.html'];
    expect(names.filter((n) => n.endsWith('.html')).sort()).toEqual([...PAGES, 'contact/sent/index.html', ...serviceContacts, '404.html'].sort());
    expect(names).toEqual(expect.arrayContaining(['sitemap.xml', 'robots.txt', 'favicon.svg']));
    expect(names.filter((n) => n.startsWith('assets/')).map((n) => n.replace(/\.[0-9a-f]{10}\./, '.#.'))).toEqual(['assets/site.#.css', 'assets/contact.#.js', 'assets/contact-form.#.js', 'assets/menu.#.js']);
  });

  it('gives the same bytes for the same config, whatever the key order of the input', () => {
    const reordered = clinicConfigSchema.parse(Object.fromEntries(Object.entries(sampleConfig()).reverse()));
    expect(renderSite(reordered, { year: RENDER_YEAR })).toEqual(files);
    expect(render()).toEqual(files);
  });

  it('uses the same stylesheet and island for every city', () => {
    const other = render(sampleConfig('orlando'));
    const assets = (f: Record<string, string>) => Object.keys(f).filter((n) => n.startsWith('assets/'));
    expect(assets(other)).toEqual(assets(files));
    expect(dom(other['index.html']!).querySelector('style')!.text).toBe(':root{--brand:#0f766e}');
  });

  it('fetches the contact island and the menu\'s script at low priority, after what the first screen needs', () => {
    const scripts = dom(files['contact/index.html']!).querySelectorAll('script[type="module"]');
    expect(scripts.map((s) => [s.getAttribute('src'), s.getAttribute('fetchpriority')])).toEqual([
      [expect.stringMatching(/^\.\.\/assets\/contact\.[0-9a-f]+\.js$/), 'low'],
      [expect.stringMatching(/^\.\.\/assets\/menu\.[0-9a-f]+\.js$/), 'low'],
    ]);
    // The island proper is no script tag: the entry imports it, when the form is needed, from the
    // address the form's root names, a file the site has.
    const island = dom(files['contact/index.html']!).querySelector('#contact-form-root')!.getAttribute('data-island')!;
    expect(island).toMatch(/^\.\.\/assets\/contact-form\.[0-9a-f]{10}\.js$/);
    expect(files[island.slice(3)]).toContain('Send Message');
  });

  it('gives each page a title, description, canonical URL, Open Graph and Twitter tags', () => {
    const titles = new Set<string>();
    for (const name of PAGES) {
      const head = dom(files[name]!).querySelector('head')!;
      const path = name === 'index.html' ? '/' : `/${name.replace('index.html', '')}`;
      const title = text(head.querySelector('title'));
      titles.add(title);
      expect(title.length).toBeGreaterThan(10);
      expect(head.querySelector('meta[name="description"]')!.getAttribute('content')!.length).toBeGreaterThan(50);
      expect(head.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(`https://wesley-chapel.example.com${path}`);
      expect(head.querySelector('meta[property="og:url"]')!.getAttribute('content')).toBe(`https://wesley-chapel.example.com${path}`);
      expect(head.querySelector('meta[property="og:title"]')!.getAttribute('content')).toBe(title);
      expect(head.querySelector('meta[name="twitter:card"]')).not.toBeNull();
      expect(head.querySelector('link[rel="icon"]')).not.toBeNull();
      // The menu's script on every page (decision 022), the contact island on the contact page.
      expect(head.querySelectorAll('script:not([type="application/ld+json"])').map((s) => s.getAttribute('src')!.replace(/^(\.\.\/)+/, '').replace(/\.[0-9a-f]{10}\./, '.#.'))).toEqual(
        name.startsWith('contact') ? ['assets/contact.#.js', 'assets/menu.#.js'] : ['assets/menu.#.js'],
      );
    }
    expect(titles.size).toBe(PAGES.length);
  });

  it('lists exactly the pages in sitemap.xml and points robots.txt at it', () => {
    const locs = [...files['sitemap.xml']!.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect([...locs].sort()).toEqual(PAGES.map((p) => `https://wesley-chapel.example.com/${p.replace('index.html', '')}`).sort());
    expect(files['robots.txt']).toContain('Sitemap: https://wesley-chapel.example.com/sitemap.xml');
  });

  it('describes the clinic as schema.org MedicalClinic JSON-LD', () => {
    const ld = JSON.parse(dom(files['index.html']!).querySelector('script[type="application/ld+json"]')!.text);
    expect(ld['@type']).toBe('MedicalClinic');
    expect(ld.name).toBe("Northstar Men's Health");
    expect(ld.telephone).toBe('+18135550100');
    expect(ld.url).toBe('https://wesley-chapel.example.com/');
    expect(ld.address).toMatchObject({ streetAddress: '5950 Newberry Pines Avenue', addressLocality: 'Wesley Chapel', addressRegion: 'FL', postalCode: '33545' });
    expect(ld.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '18:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '14:00' },
    ]);
    expect(ld.sameAs).toContain('https://www.instagram.com/northstarmenshealth');
    expect(ld.sameAs).toContain('https://www.example.com/profiles/northstar-wesley-chapel');
  });
});

describe('content security policy', () => {
  const files = render();
  const csp = (html: string) => {
    const head = dom(html).querySelector('head')!;
    const meta = head.querySelector('meta[http-equiv="Content-Security-Policy"]')!;
    // Before the stylesheet and scripts, or it would not govern them.
    expect(head.childNodes.indexOf(meta)).toBeLessThan(head.childNodes.indexOf(head.querySelector('link[rel="stylesheet"]')!));
    return Object.fromEntries(meta.getAttribute('content')!.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
  };

  it('is on every page: the site itself only, the brand colour rule by its hash', () => {
    for (const [name, html] of Object.entries(files).filter(([n]) => n.endsWith('.html'))) {
      const style = dom(html).querySelector('style')!.text;
      expect(csp(html), name).toEqual({
        'default-src': "'self'",
        'script-src': "'self'",
        'style-src': `'self' 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
        'img-src': "'self'",
        // The brand face's file (config `font`, Inter by default), from the site itself.
        'font-src': "'self'",
        'connect-src': "'self'",
        'form-action': "'self'",
        'base-uri': "'self'",
        'object-src': "'none'",
      });
    }
  });

  it('lets the form reach exactly the origin of an absolute contact endpoint, and a logo its own', () => {
    const f = renderSite(configWith({ contactEndpoint: 'https://Clinic.example.com:8443/api/contact', logoUrl: 'https://cdn.example.com/a/logo.png' }));
    for (const name of ['index.html', 'contact/index.html', 'contact/sent/index.html', '404.html']) {
      const p = csp(f[name]!);
      expect(p['connect-src'], name).toBe("'self' https://clinic.example.com:8443");
      expect(p['form-action'], name).toBe("'self' https://clinic.example.com:8443");
      expect(p['img-src'], name).toBe("'self' https://cdn.example.com");
    }
  });
});

describe('service toggles', () => {
  const files = renderSite(configWith({ services: { trt: true, semaglutide: false, nadTherapy: true, peptideTherapy: true, vitaminInjections: false, hormone_optimization: false } }));
  const home = dom(files['index.html']!);

  it('drop a switched-off service everywhere: page, nav, card, footer, form, sitemap', () => {
    expect(files['semaglutide/index.html']).toBeUndefined();
    expect(files['hormone-optimization/index.html']).toBeUndefined();
    expect(home.querySelectorAll('nav[aria-label="Main"] a').map((a) => text(a))).toEqual(['Home', 'TRT Therapy', 'NAD+ Therapy', 'About', 'Contact']);
    expect(home.querySelectorAll('#services h3').map((h) => text(h))).toEqual(['TRT Therapy', 'NAD+ Therapy']);
    expect(home.querySelectorAll('footer nav a').map((a) => text(a))).toEqual(['TRT Therapy', 'NAD+ Therapy', 'Peptide Therapy', 'Consultations']);
    expect(dom(files['contact/index.html']!).querySelectorAll('#service option').map((o) => text(o))).toEqual(['Select a service', 'TRT Therapy', 'NAD+ Therapy', 'Peptide Therapy', 'General Consultation']);
    expect(files['sitemap.xml']).not.toContain('semaglutide');
    expect(home.querySelectorAll('details[name="faq"] summary').map((q) => text(q))).not.toContain('How effective is semaglutide for weight loss?');
    expect(home.querySelectorAll('details[name="faq"]')).toHaveLength(5);
    expect(dom(files['about/index.html']!).querySelectorAll('#specialties h3').map((h) => text(h))).toEqual(['Testosterone Replacement Therapy', 'NAD+ and Anti-Aging']);
    expect(JSON.stringify(Object.values(files).filter((_, i) => i < 8))).not.toContain('semaglutide/"');
  });

  it('give a switched-on extra service its page and card', () => {
    expect(text(dom(files['peptide-therapy/index.html']!).querySelector('h1'))).not.toBe('');
    expect(home.querySelectorAll('#more-treatments h3').map((h) => text(h))).toEqual(['Peptide Therapy']);
    expect(files['sitemap.xml']).toContain('https://wesley-chapel.example.com/peptide-therapy/');
  });
});

describe('hostile config values', () => {
  const evil = `Evil</script><script>alert(1)</script> "Clinic" & <b>Co</b>`;
  const files = renderSite(configWith({ businessName: evil, description: `</style><img src=x onerror=alert(1)>` }));

  it('are text in HTML and attributes, never markup', () => {
    for (const [name, html] of Object.entries(files).filter(([n]) => n.endsWith('.html'))) {
      expect(html, name).not.toContain('<script>alert(1)');
      expect(html, name).not.toContain('<img src=x');
      expect(html, name).not.toContain('<b>Co</b>');
    }
    const home = dom(files['index.html']!);
    expect(text(home.querySelector('footer .text-lg'))).toBe(evil);
    expect(home.querySelector('meta[property="og:site_name"]')!.getAttribute('content')).toBe(evil);
  });

  it('cannot break out of the JSON-LD script, and the JSON stays valid', () => {
    const html = files['index.html']!;
    const scripts = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)!;
    expect(scripts).toHaveLength(1);
    const ld = JSON.parse(dom(html).querySelector('script[type="application/ld+json"]')!.text);
    expect(ld.name).toBe(evil);
    expect(ld.description).toBe('</style><img src=x onerror=alert(1)>');
  });

  it('are refused where they would land in a URL or CSS', () => {
    const base = sampleConfig();
    const bad = [
      { businessProfiles: ['javascript:alert(1)'] },
      { website: 'data:text/html,hi' },
      { logoUrl: 'javascript:alert(1)' },
      { logoUrl: '//evil.example.com/x.png' },
      { primaryColor: 'red;}</style><script>' },
      { socialMedia: { instagram: '"><script>' } },
      { contactEndpoint: 'javascript:alert(1)' },
      { domainName: 'evil.com/"><script>' },
    ];
    for (const patch of bad) expect(clinicConfigSchema.safeParse({ ...base, ...patch }).success, JSON.stringify(patch)).toBe(false);
  });

  it('escape an ampersand in a URL attribute and refuse quotes in a logo URL', () => {
    const f = renderSite(configWith({ logoUrl: 'https://example.com/logo.png?a=1&b=2' }));
    expect(f['index.html']).toContain('src="https://example.com/logo.png?a=1&amp;b=2"');
    expect(clinicConfigSchema.safeParse({ ...sampleConfig(), logoUrl: 'https://example.com/x.png" onerror="alert(1)' }).success).toBe(false);
  });
});
