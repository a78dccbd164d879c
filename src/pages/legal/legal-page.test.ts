import { describe, expect, it } from 'vitest';
import { configWith, dom, render, text } from '../../../test/helpers/site.js';
import { renderSite, renderSiteDirect } from '../render-site.js';

const files = render();
/** The legal page's section whose heading ends with `title`. */
const section = (file: string, title: string) => dom(files[file]!).querySelectorAll('article section').find((s) => text(s.querySelector('h2')).endsWith(title))!;

describe('legal pages link what the spec links', () => {
  it.each([
    ['privacy/index.html', 'Contact Us'],
    ['terms/index.html', 'Contact Information'],
  ])('%s: phone is tap-to-call and email a mail link, in the clinic\'s address', (file, title) => {
    const address = section(file, title).querySelector('address')!;
    expect(address.querySelectorAll('p').map((p) => text(p))).toEqual([
      "Northstar Men's Health",
      '5950 Newberry Pines Avenue, Wesley Chapel, FL 33545',
      'Phone: (813) 555-0100',
      'Email: hello@example.com',
    ]);
    expect(address.querySelectorAll('a').map((a) => [text(a), a.getAttribute('href')])).toEqual([
      ['(813) 555-0100', 'tel:+18135550100'],
      ['hello@example.com', 'mailto:hello@example.com'],
    ]);
  });

  it('terms: "our Privacy Policy" links to the privacy page', () => {
    const privacy = section('terms/index.html', 'Privacy');
    expect(text(privacy)).toContain('is also governed by our Privacy Policy, which explains how we collect');
    expect(privacy.querySelectorAll('a').map((a) => [text(a), a.getAttribute('href')])).toEqual([['Privacy Policy', '../privacy/']]);
  });

  it('each city gets its own phone and email links, templated as React renders them', () => {
    const config = configWith({ phone: '(407) 555-0167', email: 'orlando@example.com' });
    const terms = dom(renderSite(config)['terms/index.html']!);
    expect(terms.querySelector('address a[href="tel:+14075550167"]')).not.toBeNull();
    expect(terms.querySelector('address a[href="mailto:orlando@example.com"]')).not.toBeNull();
    expect(renderSite(config)['privacy/index.html']).toBe(renderSiteDirect(config)['privacy/index.html']);
  });
});
