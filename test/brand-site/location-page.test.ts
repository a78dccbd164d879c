import { describe, expect, it } from 'vitest';
import { parseRedirects } from '../../src/brand-site/redirects.js';
import { brandRedirects } from '../../src/brand-site/redirects.js';
import { clinicConfigSchema, type ClinicConfig } from '../../src/config/schema.js';
import { dom, render, sampleConfig, text } from '../helpers/site.js';
import { buildBrand, ORIGIN } from './pages-fixture.js';

// Issue 36 item 2 on the brand site as the build puts it together (pages-fixture.ts): a location's
// page is its one page, with everything only this clinic can say; its contact page is for patients
// who chose it (noindex, out of the sitemap); a location's own page of a treatment exists only
// where its config gives the treatment text of its own, canonical at itself.

const TAMPA_TRT = 'Our Tampa clinic checks testosterone twice on separate early mornings before any prescription.\n\nFollow-up labs are drawn on site at weeks six and twelve.';
const THANKSGIVING = { label: 'Thanksgiving', date: '2026-11-26', closed: true as const };
const edit = (c: ClinicConfig): ClinicConfig =>
  c.city === 'Tampa'
    ? clinicConfigSchema.parse({ ...c, specialHours: [THANKSGIVING], localContent: { ...c.localContent, treatmentText: { trt: TAMPA_TRT } } })
    : c;
const { files, model } = buildBrand({ edit });
const html = (file: string) => files[file] as string;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
const isRedirect = (file: string) => /<meta http-equiv="refresh"/.test(html(file));

describe("a location's page (issue 36 item 2)", () => {
  const orlando = sampleConfig('orlando');
  const page = dom(html('locations/fl/orlando/index.html'));
  const main = text(page.querySelector('main'));

  it('says where, when and how to reach the clinic: address, phone, the week and special hours, directions, booking', () => {
    expect(main).toContain(orlando.address);
    expect(page.querySelector('#visit address a')!.getAttribute('href')).toBe(`tel:+1${orlando.phone.replace(/\D/g, '')}`);
    expect(text(page.querySelector('#visit'))).toMatch(/Monday/);
    expect(page.querySelectorAll('#visit a').some((a) => text(a).startsWith('Get directions'))).toBe(true);
    expect(page.querySelectorAll('a').find((a) => text(a).startsWith('Schedule Consultation'))!.getAttribute('href')).toBe('contact/#send-message');
    const tampa = dom(html('locations/fl/tampa/index.html'));
    expect(text(tampa.querySelector('#visit'))).toContain('Thanksgiving');
  });

  // Its photos need the site pipeline: test/brand-site/build.test.ts sees them.
  it("shows its team, the places it serves, its own questions and its 'Why' text", () => {
    for (const m of orlando.localContent.team) expect(main).toContain(m.name);
    for (const a of orlando.localContent.areasServed) expect(text(page.querySelector('#why-city'))).toContain(a);
    for (const q of orlando.localContent.faq) expect(text(page.querySelector('#local-faq'))).toContain(q.question);
    expect(text(page.querySelector('#why-city'))).toContain(orlando.localContent.whyCity!.split(/\s+/).slice(0, 8).join(' '));
  });

  it('lists the treatments it offers, each linking to its page: the brand one, or its own where it has one', () => {
    const links = page.querySelectorAll('#treatments a').map((a) => [text(a), new URL(a.getAttribute('href')!, `${ORIGIN}/locations/fl/orlando/`).pathname]);
    const offered = model.locations.find((l) => l.site.city === 'Orlando')!.site.services;
    expect(links).toEqual(offered.map((s) => [s.label, s.path]));
    for (const [, path] of links) expect(isRedirect(`${path!.slice(1)}index.html`), path).toBe(false);
    const tampa = dom(html('locations/fl/tampa/index.html'));
    const trt = tampa.querySelectorAll('#treatments a').find((a) => text(a) === 'TRT Therapy')!;
    expect(new URL(trt.getAttribute('href')!, `${ORIGIN}/locations/fl/tampa/`).pathname).toBe('/locations/fl/tampa/trt-therapy/');
  });

  it('holds what the about page held: the old about address is a redirect to it', () => {
    expect(isRedirect('locations/fl/orlando/about/index.html')).toBe(true);
    expect(html('locations/fl/orlando/about/index.html')).toContain('url=../');
    // The header's nav has no About; the footer's About is the location's page.
    expect(page.querySelectorAll('header a').map(text)).not.toContain('About');
    expect(page.querySelectorAll('footer a').find((a) => text(a) === 'About')!.getAttribute('href')).toBe('./');
  });
});

describe("a location's contact page", () => {
  it('files messages under the location, is noindex and is left out of the sitemap', () => {
    const contact = dom(html('locations/fl/tampa/contact/index.html'));
    expect(contact.querySelector('meta[name=robots]')!.getAttribute('content')).toBe('noindex');
    expect(contact.querySelector('form')).not.toBeNull();
    expect(locs(html('sitemap.xml'))).not.toContain(`${ORIGIN}/locations/fl/tampa/contact/`);
    expect(locs(html('sitemap.xml'))).toContain(`${ORIGIN}/locations/fl/tampa/`);
  });
});

describe("a location's own page of a treatment", () => {
  it('exists only where the config gives text of its own, canonical at itself and in the sitemap', () => {
    const own = dom(html('locations/fl/tampa/trt-therapy/index.html'));
    expect(isRedirect('locations/fl/tampa/trt-therapy/index.html')).toBe(false);
    expect(own.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe(`${ORIGIN}/locations/fl/tampa/trt-therapy/`);
    expect(own.querySelector('meta[name=robots]')).toBeNull();
    expect(text(own.querySelector('h1'))).toBe('TRT Therapy in Tampa');
    expect(text(own.querySelector('#own-text'))).toContain('checks testosterone twice on separate early mornings');
    expect(text(own.querySelector('#own-text'))).toContain('Follow-up labs are drawn on site');
    // What TRT is stays on the brand's page, which it links.
    const brandLink = own.querySelectorAll('#own-text a').find((a) => text(a).startsWith('TRT Therapy at'))!;
    expect(new URL(brandLink.getAttribute('href')!, `${ORIGIN}/locations/fl/tampa/trt-therapy/`).pathname).toBe('/trt-therapy/');
    expect(own.querySelector('#low-testosterone')).toBeNull();
    expect(locs(html('sitemap.xml'))).toContain(`${ORIGIN}/locations/fl/tampa/trt-therapy/`);
    // The others still leave TRT to the brand's page.
    expect(isRedirect('locations/fl/orlando/trt-therapy/index.html')).toBe(true);
    expect(isRedirect('locations/fl/tampa/semaglutide/index.html')).toBe(true);
  });

  it('is not among the moved addresses the clinic server answers 301 for', () => {
    const moved = parseRedirects(brandRedirects(model.locations.map((l) => ({ path: l.path, config: l.site.config }))).map(([f, t]) => `${f} ${t} 301`).join('\n'));
    expect(moved.get('/locations/fl/tampa/trt-therapy/')).toBeUndefined();
    expect(moved.get('/locations/fl/orlando/trt-therapy/')).toBe('/trt-therapy/');
    expect(moved.get('/locations/fl/tampa/about/')).toBe('/locations/fl/tampa/');
  });

  it("shows on the city's own stand-alone page of the treatment too, under the clinic's heading", () => {
    const site = render(edit(sampleConfig('tampa')));
    const trt = dom(site['trt-therapy/index.html'] as string);
    expect(text(trt.querySelector('#own-text h2'))).toBe('TRT Therapy at Our Tampa Clinic');
    expect(text(trt.querySelector('#own-text'))).toContain('Follow-up labs are drawn on site');
    expect(dom(render(sampleConfig('tampa'))['trt-therapy/index.html'] as string).querySelector('#own-text')).toBeNull();
  });

  it('is refused in a config for a treatment the catalogue does not know, naming the field', () => {
    const r = clinicConfigSchema.safeParse({ ...sampleConfig('tampa'), localContent: { treatmentText: { testosterone: 'x' } } });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toContain('localContent.treatmentText');
  });
});
