import { describe, expect, it } from 'vitest';
import { SAMPLES, configWith, sampleConfig } from '../../test/helpers/site.js';
import type { ClinicConfigInput } from '../config/schema.js';
import { renderSite, renderSiteDirect } from './render-site.js';
import { escapeHtml } from './template.js';
import { fakePhotos } from './components/photos-fixture.js';
import { NO_PHOTOS } from '../model/photos.js';
import { fileBytes } from '../model/files.js';

const hostile = `A&B "Men's" <Health> </script><script>alert(1)</script>`;
const variants: [string, Partial<ClinicConfigInput>][] = [
  ['hostile text everywhere', {
    businessName: hostile,
    address: `1 <b>Main</b> & "Second" Street`,
    description: `'quoted' & <tags> \u2028 line`,
    localContent: { team: [{ name: hostile, credentials: 'MD & <PhD>', bio: '"bio"' }], areasServed: ['<A>', "B's"], faq: [{ question: 'Q <1>?', answer: 'A & B' }], whyCity: 'First <p>.\n\nSecond & last.' },
  }],
  ['every service on', { services: { trt: true, semaglutide: true, nadTherapy: true, peptideTherapy: true, vitaminInjections: true, hormone_optimization: true } }],
  ['only NAD+', { services: { trt: false, semaglutide: false, nadTherapy: true, peptideTherapy: false, vitaminInjections: false, hormone_optimization: false } }],
  ['a site-path logo', { logoUrl: '/uploads/logo-1a2b.png' }],
  ['an absolute logo', { logoUrl: 'https://cdn.example.com/a/logo.svg?v=2&x=1' }],
  ['no social, no local content, no description', { socialMedia: {}, localContent: {}, description: undefined, businessProfiles: [] }],
  ['other hours and colour', { hours: [{ days: ['Sunday'], opens: '10:00', closes: '12:00' }], primaryColor: '#123' }],
  ['an absolute contact endpoint', { contactEndpoint: 'https://clinic.example.com/api/contact' }],
  ['a booking page', { bookingUrl: 'https://booking.example.com/a?b=1&c="2"' }],
];

describe('templated rendering', () => {
  it.each(SAMPLES)('gives the same bytes as React for the sample %s', (name) => {
    expect(renderSite(sampleConfig(name))).toEqual(renderSiteDirect(sampleConfig(name)));
  });

  it.each(variants)('gives the same bytes as React with %s', (_, patch) => {
    const config = configWith(patch);
    expect(renderSite(config)).toEqual(renderSiteDirect(config));
  });

  it.each([
    ['a hero, gallery and team photos', fakePhotos()],
    ['only a hero photo', { ...NO_PHOTOS, hero: fakePhotos().hero }],
  ])('gives the same bytes as React with %s', (_, photos) => {
    const config = configWith({ services: { trt: true, semaglutide: true, nadTherapy: true, peptideTherapy: true, vitaminInjections: true, hormone_optimization: true } });
    const files = renderSite(config, { photos });
    expect(files).toEqual(renderSiteDirect(config, { photos }));
    expect(files['privacy/index.html']).toContain('images/hero-0123456789-800.avif 800w');
  });

  it.each([...SAMPLES.map((n) => [`the sample ${n}`, sampleConfig(n)] as const), ...variants.map(([n, patch]) => [n, configWith(patch)] as const)])(
    'gives the pages as the same UTF-8 bytes when asked for bytes: %s',
    (_, config) => {
      const text = renderSite(config);
      const bytes = renderSite(config, {}, { html: 'bytes' });
      expect(Object.keys(bytes).sort()).toEqual(Object.keys(text).sort());
      for (const [file, content] of Object.entries(text)) expect(Buffer.from(fileBytes(bytes[file]!)).equals(Buffer.from(content)), file).toBe(true);
    },
  );

  it('fills each city with its own values when two cities share a shape', () => {
    const a = renderSite(configWith({ city: 'Lakeland', phone: '(863) 555-0101' }));
    const b = renderSite(configWith({ city: 'Brandon', phone: '(813) 555-0102' }));
    expect(a['index.html']).toContain('Revitalize Your Health in Lakeland');
    expect(b['index.html']).toContain('Revitalize Your Health in Brandon');
    expect(b['index.html']).not.toContain('Lakeland');
    expect(b['contact/index.html']).toContain('tel:+18135550102');
  });

  it('escapes as React does', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#x27;&amp;&#x27;&lt;/a&gt;');
  });
});
