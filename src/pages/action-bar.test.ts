import { describe, expect, it } from 'vitest';
import { configWith, dom, render, sampleConfig, text } from '../../test/helpers/site.js';
import { ACTION_BAR_SELECTOR } from './islands/action-bar.js';
import { renderSite } from './render-site.js';
import type { Placement } from './placement.js';

/**
 * Issue 35, item 4: one tap to call, book or find the clinic. The phone's bottom bar on every page
 * of a city's site, every Schedule Consultation landing on the form itself, and for a city without
 * a booking page a copy of the contact page per service, the service chosen (decision 023).
 */
const BOOKING = 'https://booking.example.com/northstar?src=site&x=1';
const DIRECTIONS = 'https://www.google.com/maps/search/?api=1&query=5950%20Newberry%20Pines%20Avenue%2C%20Wesley%20Chapel%2C%20FL%2033545';
const noBooking = render();
const booking = render(configWith({ bookingUrl: BOOKING }));
const pages = (files: Record<string, string>) => Object.keys(files).filter((f) => f.endsWith('.html'));
const bar = (html: string) => dom(html).querySelector(ACTION_BAR_SELECTOR);
/** The bar's actions: visible word, what a screen reader hears, and where each goes. */
const actions = (html: string) =>
  bar(html)!.querySelectorAll('a').map((a) => ({ word: text(a).replace(text(a.querySelector('.sr-only')), '').trim(), name: text(a), href: a.getAttribute('href'), rel: a.getAttribute('rel') }));
const SERVICE_CONTACT_PAGES = ['contact/trt-therapy/index.html', 'contact/semaglutide/index.html', 'contact/nad-therapy/index.html', 'contact/hormone-optimization/index.html'];

describe('the phone bar of Call, Book and Directions', () => {
  it('ends every page of a city without a booking page, Book opening the contact form at its card', () => {
    const expected: Record<string, string> = {
      'index.html': 'contact/#send-message',
      'about/index.html': '../contact/#send-message',
      'contact/index.html': '../contact/#send-message',
      'contact/sent/index.html': '../../contact/#send-message',
      'privacy/index.html': '../contact/#send-message',
      'terms/index.html': '../contact/#send-message',
      // A service page's Book opens its own service's copy of the contact page, the service chosen.
      'trt-therapy/index.html': '../contact/trt-therapy/#send-message',
      'semaglutide/index.html': '../contact/semaglutide/#send-message',
      'nad-therapy/index.html': '../contact/nad-therapy/#send-message',
      'hormone-optimization/index.html': '../contact/hormone-optimization/#send-message',
      ...Object.fromEntries(SERVICE_CONTACT_PAGES.map((f) => [f, '../../contact/#send-message'])),
      // The not-found page links from the site root, as all its links do.
      '404.html': '/contact/#send-message',
    };
    expect(pages(noBooking).sort()).toEqual(Object.keys(expected).sort());
    for (const file of pages(noBooking)) {
      const a = actions(noBooking[file]!);
      expect(a.map((x) => x.word), file).toEqual(['Call', 'Book', 'Directions']);
      expect(a.map((x) => x.name), file).toEqual(['Call (813) 555-0100', 'Book a consultation', 'Directions (opens Google Maps)']);
      expect(a[0]!.href, file).toBe('tel:+18135550100');
      expect(a[2]!.href, file).toBe(DIRECTIONS);
      expect(a[1]!.href, file).toBe(expected[file]);
    }
  });

  it("opens the city's booking page from every page of a city that has one", () => {
    for (const file of pages(booking)) {
      const a = actions(booking[file]!);
      expect(a.map((x) => x.href), file).toEqual(['tel:+18135550100', BOOKING, DIRECTIONS]);
      expect(a[1]!.rel, file).toBe('noopener');
    }
  });

  it('is fixed to the bottom on phones only, labelled, an icon over each word, not printed, and the body leaves room for it', () => {
    const page = dom(noBooking['trt-therapy/index.html']!);
    const nav = page.querySelector(ACTION_BAR_SELECTOR)!;
    expect(nav.getAttribute('aria-label')).toBe('Call, book or get directions');
    for (const c of ['fixed', 'bottom-0', 'sm:hidden', 'print:hidden']) expect(nav.classList.contains(c), c).toBe(true);
    for (const a of nav.querySelectorAll('a')) {
      expect(a.querySelector('svg[aria-hidden="true"]'), text(a)).not.toBeNull();
      // 56 px tall: more than the 44 px a thumb needs.
      expect(a.classList.contains('h-14'), text(a)).toBe(true);
    }
    expect(page.querySelector('body')!.classList.contains('action-bar-room')).toBe(true);
    // After the footer: the last thing on the page, in the static HTML (no layout shift).
    expect(page.querySelector('body')!.childNodes.filter((n) => n.nodeType === 1).at(-1)).toBe(nav);
  });

  it("ends a city's pages placed inside the brand site too", () => {
    const placement: Placement = {
      siteUrl: 'https://brand.example.com/locations/fl/wesley-chapel',
      canonicalUrl: 'https://brand.example.com/locations/fl/wesley-chapel',
      trail: [{ name: 'Home', url: 'https://brand.example.com/' }],
      organization: { id: 'https://brand.example.com/#organization', name: 'Northstar', url: 'https://brand.example.com/' },
    };
    const placed = renderSite(sampleConfig(), { placement });
    expect(actions(placed['trt-therapy/index.html']!).map((x) => x.href)).toEqual(['tel:+18135550100', '../contact/trt-therapy/#send-message', DIRECTIONS]);
    const copy = dom(placed['contact/trt-therapy/index.html']!);
    expect(copy.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://brand.example.com/locations/fl/wesley-chapel/contact/');
    expect(copy.querySelector('#service option[selected]')!.getAttribute('value')).toBe('TRT Therapy');
  });
});

describe('Schedule Consultation', () => {
  const schedule = (files: Record<string, string>, file: string) =>
    dom(files[file]!).querySelectorAll('a').filter((a) => text(a) === 'Schedule Consultation').map((a) => a.getAttribute('href'));

  it("leads to the form itself, on a service page the service's own copy of the contact page", () => {
    expect(schedule(noBooking, 'index.html')).toEqual(['contact/#send-message', 'contact/#send-message']);
    expect(schedule(noBooking, 'about/index.html')).toEqual(['../contact/#send-message', '../contact/#send-message']);
    expect(schedule(noBooking, 'trt-therapy/index.html')).toEqual(['../contact/trt-therapy/#send-message', '../contact/trt-therapy/#send-message']);
    expect(schedule(noBooking, 'nad-therapy/index.html')).toEqual(['../contact/nad-therapy/#send-message', '../contact/nad-therapy/#send-message']);
    // The card the fragment names holds the form.
    const card = dom(noBooking['contact/trt-therapy/index.html']!).querySelector('#send-message')!;
    expect(text(card)).toBe('Send Us a Message');
    expect(card.parentNode!.querySelector('form#contact-form')).not.toBeNull();
  });

  it('goes to the booking page of a city that has one', () => {
    expect(schedule(booking, 'trt-therapy/index.html')).toEqual([BOOKING, BOOKING]);
  });
});

describe("a service's copy of the contact page (a city without a booking page)", () => {
  const trt = dom(noBooking['contact/trt-therapy/index.html']!);

  it('exists for each service the city offers, and only without a booking page', () => {
    expect(pages(noBooking).filter((f) => /^contact\/(?!sent\/)[^/]+\/index\.html$/.test(f)).sort()).toEqual([...SERVICE_CONTACT_PAGES].sort());
    expect(pages(booking).filter((f) => /^contact\/(?!sent\/)[^/]+\/index\.html$/.test(f))).toEqual([]);
    const nadOnly = render(configWith({ services: { trt: false, semaglutide: false, nadTherapy: true, peptideTherapy: false, vitaminInjections: false, hormone_optimization: false } }));
    expect(pages(nadOnly).filter((f) => /^contact\/(?!sent\/)[^/]+\/index\.html$/.test(f))).toEqual(['contact/nad-therapy/index.html']);
  });

  it('is the contact page with the service chosen in the form, without script', () => {
    const select = trt.querySelector('form#contact-form select#service')!;
    expect(select.querySelectorAll('option[selected]').map((o) => o.getAttribute('value'))).toEqual(['TRT Therapy']);
    expect(text(trt.querySelector('h1'))).toBe("Contact Northstar Men's Health");
    const semaglutide = dom(noBooking['contact/semaglutide/index.html']!);
    expect(semaglutide.querySelectorAll('#service option[selected]').map((o) => o.getAttribute('value'))).toEqual(['Semaglutide Weight Loss']);
    // The contact page itself chooses none.
    expect(dom(noBooking['contact/index.html']!).querySelectorAll('#service option[selected]').map((o) => o.getAttribute('value'))).toEqual(['']);
  });

  it('names its own page in the form, so a message sent without script lands on the site\'s contact/sent/ page', () => {
    const hidden = trt.querySelectorAll('#contact-form input[type="hidden"]').map((i) => [i.getAttribute('name'), i.getAttribute('value')]);
    expect(hidden).toEqual([['site', 'wesley-chapel'], ['page', 'contact/trt-therapy/']]);
  });

  it('is kept out of search engines: noindex, canonical at the contact page, not in the sitemap', () => {
    const contactCanonical = dom(noBooking['contact/index.html']!).querySelector('link[rel="canonical"]')!.getAttribute('href')!;
    expect(contactCanonical).toMatch(/^https:\/\/.+\/contact\/$/);
    for (const file of SERVICE_CONTACT_PAGES) {
      const p = dom(noBooking[file]!);
      expect(p.querySelector('meta[name="robots"]')!.getAttribute('content'), file).toBe('noindex');
      expect(p.querySelectorAll('link[rel="canonical"]').map((l) => l.getAttribute('href')), file).toEqual([contactCanonical]);
      expect(p.querySelector('meta[property="og:url"]')!.getAttribute('content'), file).toBe(contactCanonical);
      // Shared, it shows what the contact page shows.
      expect(p.querySelector('meta[property="og:image"]')?.getAttribute('content'), file).toBe(dom(noBooking['contact/index.html']!).querySelector('meta[property="og:image"]')?.getAttribute('content'));
    }
    expect(noBooking['sitemap.xml']).toContain('/contact/</loc>');
    expect(noBooking['sitemap.xml']).not.toMatch(/\/contact\/[a-z]/);
    // The contact page itself stays indexable.
    expect(dom(noBooking['contact/index.html']!).querySelector('meta[name="robots"]')).toBeNull();
  });
});
