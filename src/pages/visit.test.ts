import { describe, expect, it } from 'vitest';
import { configWith, dom, text } from '../../test/helpers/site.js';
import type { ClinicConfigInput } from '../config/schema.js';
import { renderSite, renderSiteDirect } from './render-site.js';
import type { SiteExtras } from './page-model.js';

// What patients look for first (issue 23): hours and the special hours ahead, directions, the
// booking page, the facts the config states, the city's own questions, one phone format.

const HOLIDAYS: Partial<ClinicConfigInput> = {
  specialHours: [
    { label: 'Christmas Eve', date: '2026-12-24', opens: '09:00', closes: '12:00' },
    { label: 'Thanksgiving', date: '2026-11-26', closed: true },
    { label: 'Winter break', date: '2026-12-31', through: '2027-01-02', closed: true },
  ],
};

function site(patch: Partial<ClinicConfigInput>, extras: SiteExtras = {}) {
  const files = renderSite(configWith(patch), extras);
  return { files, page: (file: string) => dom(files[file]!) };
}

/** What an element reads, a space between its blocks (dt, dd, p... each its own line). */
const reads = (el: ReturnType<typeof dom> | null) => (el?.structuredText ?? '').replace(/\s+/g, ' ').trim();

/** The JSON-LD of a page, parsed. */
function jsonLd(html: string): Record<string, unknown> {
  const script = dom(html).querySelector('script[type="application/ld+json"]')!;
  return JSON.parse(script.text) as Record<string, unknown>;
}

describe('special hours', () => {
  it('lists the entries not yet over on the build day, soonest first, on the home and contact pages', () => {
    const { page } = site(HOLIDAYS, { today: '2026-11-20' });
    const home = reads(page('index.html').querySelector('#visit'));
    expect(home).toContain('Special Hours Thanksgiving Thursday, November 26, 2026 Closed Christmas Eve Thursday, December 24, 2026 9:00 AM-12:00 PM Winter break December 31, 2026 through January 2, 2027 Closed');
    const contact = page('contact/index.html');
    expect(reads(contact.querySelector('#contact'))).toContain('Special Hours Thanksgiving Thursday, November 26, 2026 Closed');
    expect(contact.querySelectorAll('time').map((t) => t.getAttribute('datetime'))).toEqual(['2026-11-26', '2026-12-24', '2026-12-31']);
  });

  it('shows an entry on its last day and not the day after', () => {
    expect(text(site(HOLIDAYS, { today: '2026-11-26' }).page('index.html').querySelector('#visit'))).toContain('Thanksgiving');
    const after = site(HOLIDAYS, { today: '2026-11-27' }).page('index.html');
    expect(text(after.querySelector('#visit'))).not.toContain('Thanksgiving');
    expect(text(after.querySelector('#visit'))).toContain('Christmas Eve');
    const gone = site(HOLIDAYS, { today: '2027-01-03' });
    for (const file of ['index.html', 'contact/index.html']) {
      expect(text(gone.page(file).querySelector('main'))).not.toMatch(/Special Hours|Thanksgiving|Winter break/);
      expect(jsonLd(gone.files[file]!)).not.toHaveProperty('specialOpeningHoursSpecification');
    }
  });

  it('carries them in the JSON-LD with validFrom and validThrough, a day closed at 00:00 to 00:00', () => {
    const ld = jsonLd(site(HOLIDAYS, { today: '2026-11-27' }).files['index.html']!);
    expect(ld.specialOpeningHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', opens: '09:00', closes: '12:00', validFrom: '2026-12-24', validThrough: '2026-12-24' },
      { '@type': 'OpeningHoursSpecification', opens: '00:00', closes: '00:00', validFrom: '2026-12-31', validThrough: '2027-01-02' },
    ]);
  });

  it('shows none when rendered without a build day: the renderer reads no clock', () => {
    const { page, files } = site(HOLIDAYS);
    expect(text(page('index.html').querySelector('main'))).not.toContain('Thanksgiving');
    expect(jsonLd(files['index.html']!)).not.toHaveProperty('specialOpeningHoursSpecification');
  });
});

describe('the week and the way there', () => {
  it('shows the week on the home page, with the address, the number and a directions link', () => {
    const visit = site({}).page('index.html').querySelector('#visit')!;
    expect(text(visit.querySelector('h2'))).toBe('Hours & Location in Wesley Chapel');
    expect(reads(visit)).toContain('Office Hours Monday-Friday 9:00 AM-6:00 PM Saturday 9:00 AM-2:00 PM Sunday Closed');
    expect(text(visit.querySelector('address'))).toBe('5950 Newberry Pines Avenue Wesley Chapel, FL 33545 (813) 555-0100');
    const directions = visit.querySelectorAll('a').find((a) => text(a).startsWith('Get directions'))!;
    expect(directions.getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=5950%20Newberry%20Pines%20Avenue%2C%20Wesley%20Chapel%2C%20FL%2033545');
    expect(text(directions)).toBe('Get directions (opens Google Maps)');
  });

  it('encodes the address for the URL and escapes it for the page', () => {
    const { files } = site({ address: '1 Main & 2nd "Street" <A>' });
    expect(files['contact/index.html']).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=1%20Main%20%26%202nd%20%22Street%22%20%3CA%3E%2C%20Wesley%20Chapel%2C%20FL%2033545"');
    expect(jsonLd(files['index.html']!).hasMap).toBe('https://www.google.com/maps/search/?api=1&query=1%20Main%20%26%202nd%20%22Street%22%20%3CA%3E%2C%20Wesley%20Chapel%2C%20FL%2033545');
  });
});

describe('the booking page (the specification notes, decision 11)', () => {
  const BOOKING = 'https://booking.example.com/northstar-wesley-chapel?src=site&x=1';

  it('sends every Schedule Consultation there and keeps the form on /contact', () => {
    const { page, files } = site({ bookingUrl: BOOKING });
    for (const file of ['index.html', 'trt-therapy/index.html', 'about/index.html']) {
      const links = page(file).querySelectorAll('a').filter((a) => text(a) === 'Schedule Consultation');
      expect(links.length, file).toBeGreaterThan(0);
      for (const a of links) expect(a.getAttribute('href'), file).toBe(BOOKING);
    }
    const contact = page('contact/index.html');
    expect(contact.querySelector('form')).not.toBeNull();
    const book = contact.querySelectorAll('a').find((a) => text(a) === 'Schedule a consultation online')!;
    expect(book.getAttribute('href')).toBe(BOOKING);
    expect(jsonLd(files['index.html']!).potentialAction).toEqual({
      '@type': 'ReserveAction',
      name: 'Schedule Consultation',
      target: { '@type': 'EntryPoint', urlTemplate: BOOKING, actionPlatform: ['https://schema.org/DesktopWebPlatform', 'https://schema.org/MobileWebPlatform'] },
    });
  });

  it('without one, Schedule Consultation goes to the contact form and the JSON-LD has no action', () => {
    const { page, files } = site({});
    const links = page('index.html').querySelectorAll('a').filter((a) => text(a) === 'Schedule Consultation');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['contact/#send-message', 'contact/#send-message']);
    expect(jsonLd(files['index.html']!)).not.toHaveProperty('potentialAction');
    expect(text(page('contact/index.html').querySelector('main'))).not.toContain('Book Online');
  });
});

describe('facts patients scan for', () => {
  it('says what the config states, and nothing when it states nothing', () => {
    const yes = site({ isAcceptingNewPatients: true, telehealth: true });
    for (const file of ['index.html', 'contact/index.html']) {
      const main = text(yes.page(file).querySelector('main'));
      expect(main, file).toContain('Accepting new patients. New patients can schedule a first consultation.');
      expect(main, file).toContain('Video visits available. Some visits can take place by secure video. Your provider decides when an in-person visit or lab work is needed.');
    }
    expect(jsonLd(yes.files['index.html']!).isAcceptingNewPatients).toBe(true);
    const no = site({ isAcceptingNewPatients: false, telehealth: false });
    expect(text(no.page('index.html').querySelector('main'))).toContain('Not accepting new patients right now.');
    expect(text(no.page('index.html').querySelector('main'))).toContain('In-person visits only.');
    expect(jsonLd(no.files['index.html']!).isAcceptingNewPatients).toBe(false);
    const silent = site({});
    expect(text(silent.page('index.html').querySelector('main'))).not.toMatch(/new patients|Video visits|In-person visits only/);
    expect(jsonLd(silent.files['index.html']!)).not.toHaveProperty('isAcceptingNewPatients');
  });
});

describe('the city\'s own questions on the home page (the specification notes, decision 12)', () => {
  it('follow the six of the specification under a heading of their own', () => {
    const faq = site({
      localContent: { faq: [{ question: 'Is there parking at the Wesley Chapel clinic?', answer: 'Yes, free parking in front of the building.' }] },
    }).page('index.html').querySelector('#faq')!;
    const questions = faq.querySelectorAll('details summary').map((s) => text(s));
    expect(questions).toHaveLength(7);
    expect(questions[6]).toBe('Is there parking at the Wesley Chapel clinic?');
    const heading = faq.querySelector('h3')!;
    expect(text(heading)).toBe('Questions About Our Wesley Chapel Clinic');
    expect(faq.querySelectorAll('details[name="local-faq"]')).toHaveLength(1);
    expect(faq.querySelectorAll('details[name="faq"]')).toHaveLength(6);
  });

  it('has no such heading for a city without questions', () => {
    const faq = site({ localContent: {} }).page('index.html').querySelector('#faq')!;
    expect(faq.querySelector('h3')).toBeNull();
  });
});

describe('phone numbers', () => {
  it('show in one format on every page however the config wrote them, and dial in E.164', () => {
    const { files } = site({ phone: '727-555-0199' });
    for (const [file, html] of Object.entries(files)) {
      if (!file.endsWith('.html')) continue;
      expect(html, file).not.toContain('727-555-0199');
      const page = dom(html);
      for (const a of page.querySelectorAll('a[href^="tel:"]')) expect(a.getAttribute('href'), file).toBe('tel:+17275550199');
    }
    expect(text(dom(files['contact/index.html']!).querySelector('#contact'))).toContain('(727) 555-0199');
    expect(jsonLd(files['index.html']!).telephone).toBe('+17275550199');
  });

  it('never break: every tel: link, and the number inside a sentence, keeps to one line', () => {
    const { files } = site({});
    for (const [file, html] of Object.entries(files)) {
      if (!file.endsWith('.html')) continue;
      const page = dom(html);
      for (const a of page.querySelectorAll('a[href^="tel:"]')) {
        const nowrap = a.classList.contains('whitespace-nowrap') || a.querySelectorAll('span').some((s) => s.classList.contains('whitespace-nowrap') && text(s) === '(813) 555-0100');
        expect(nowrap, `${file}: ${a.outerHTML}`).toBe(true);
      }
      // Text outside links: every "(813) 555-0100" of the page sits in a nowrap element.
      for (const p of page.querySelectorAll('main p')) {
        if (!text(p).includes('(813) 555-0100') || p.closest('a')) continue;
        const held = p.querySelectorAll('.whitespace-nowrap').some((s) => text(s).includes('(813) 555-0100'));
        expect(held, `${file}: ${p.outerHTML}`).toBe(true);
      }
    }
  });
});

describe('templated rendering of the new parts', () => {
  it.each([
    ['special hours on their day', { ...HOLIDAYS }, { today: '2026-11-26' }],
    ['a booking page and facts', { bookingUrl: 'https://booking.example.com/a?b=1&c="2"', isAcceptingNewPatients: false, telehealth: true }, {}],
    ['a phone written otherwise, hostile special hours', { phone: '+1 813.555.0100', specialHours: [{ label: '<b>Closed</b> & "out"', date: '2026-12-24', closed: true }] }, { today: '2026-12-01' }],
  ] as const)('gives the same bytes as React with %s', (_, patch, extras) => {
    const config = configWith(patch as Partial<ClinicConfigInput>);
    expect(renderSite(config, extras)).toEqual(renderSiteDirect(config, extras));
  });
});
