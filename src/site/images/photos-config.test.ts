import { describe, expect, it } from 'vitest';
import { parseConfigText } from '../../config/load.js';
import { CITY_FACTS_YAML } from '../../../test/helpers/site.js';

/** The photos part of a clinic config: where a config names its photos, and what it must say. */
const BASE = `businessName: Summit Men's Health
city: Lakeland
state: FL
address: 1 Main Street
zipCode: "33801"
phone: (863) 555-0100
email: hello@example.com
domainName: lakeland.example.com
${CITY_FACTS_YAML}`;

function errorsOf(text: string): string[] {
  const r = parseConfigText(text, 'configs/lakeland.yaml');
  if (r.ok) throw new Error('expected the config to be rejected');
  return r.errors;
}

describe('photos in a clinic config', () => {
  it('takes a hero, a gallery and team photos, each with alt text', () => {
    const r = parseConfigText(
      `${BASE}photos:
  hero: { src: /photos/front.jpg, alt: The clinic's front desk }
  gallery:
    - { src: /uploads/photo-0123456789abcdef0123456789abcdef.jpg, alt: A treatment room }
localContent:
  team:
    - name: Dr. Maria Lopez
      credentials: MD
      photo: { src: /photos/lopez.png, alt: Dr. Maria Lopez smiling }
`,
      'x.yaml',
    );
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.config.photos).toEqual({
      hero: { src: '/photos/front.jpg', alt: "The clinic's front desk" },
      gallery: [{ src: '/uploads/photo-0123456789abcdef0123456789abcdef.jpg', alt: 'A treatment room' }],
    });
    expect(r.config.localContent.team[0]!.photo).toEqual({ src: '/photos/lopez.png', alt: 'Dr. Maria Lopez smiling' });
  });

  it('has no photos unless the config names some', () => {
    const r = parseConfigText(BASE, 'x.yaml');
    expect(r.ok && r.config.photos).toEqual({ gallery: [] });
  });

  it('refuses a photo without alt text, naming file, line, column and field', () => {
    expect(errorsOf(`${BASE}photos:\n  hero:\n    src: /photos/front.jpg\n`)).toEqual([
      'configs/lakeland.yaml:19:5 photos.hero.alt: missing; expected alt text that says what the photo shows, like "Dr. Maria Lopez talking with a patient"',
    ]);
    expect(errorsOf(`${BASE}photos:\n  gallery:\n    - src: /a.jpg\n      alt: "  "\n`)[0]).toMatch(/^configs\/lakeland\.yaml:20:12 photos\.gallery\[0\]\.alt: expected alt text/);
    expect(errorsOf(`${BASE}localContent:\n  team:\n    - name: Dr. A\n      credentials: MD\n      photo: { src: /a.jpg }\n`)[0]).toMatch(
      /^configs\/lakeland\.yaml:21:14 localContent\.team\[0\]\.photo\.alt: missing; expected alt text/,
    );
  });

  it.each([
    ['a URL', 'https://example.com/a.jpg'],
    ['a path that climbs out', '/photos/../../etc/passwd'],
    ['a hidden file', '/.env'],
    ['a relative path', 'photos/a.jpg'],
  ])('refuses %s as a photo source', (_, src) => {
    expect(errorsOf(`${BASE}photos:\n  hero: { src: "${src}", alt: A photo }\n`)[0]).toMatch(/^configs\/lakeland\.yaml:18:\d+ photos\.hero\.src: expected a site path like \/photos\/clinic\.jpg/);
  });

  it('takes at most 8 gallery photos', () => {
    const gallery = Array.from({ length: 9 }, (_, i) => `    - { src: /p${i}.jpg, alt: Photo ${i} }`).join('\n');
    expect(errorsOf(`${BASE}photos:\n  gallery:\n${gallery}\n`)[0]).toMatch(/photos\.gallery: expected at most 8 gallery photos$/);
  });
});
