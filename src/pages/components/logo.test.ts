import { describe, expect, it } from 'vitest';
import { configWith, dom, render, text } from '../../../test/helpers/site.js';
import type { ClinicConfigInput } from '../../config/schema.js';
import { clinicConfigSchema } from '../../config/schema.js';
import { renderSite, renderSiteDirect } from '../render-site.js';

const NAME = "Northstar Men's Health";
const pageOf = (patch: Partial<ClinicConfigInput>, file = 'about/index.html') => dom(render(configWith(patch))[file]!);
const homeLink = (page: ReturnType<typeof dom>, where: 'header' | 'footer') => page.querySelector(`${where} a[aria-label="${NAME} home"]`)!;

describe('the logo in the header and the footer', () => {
  it('without a logo image shows the mark and prints the name in both places', () => {
    const page = pageOf({ logoUrl: undefined });
    for (const where of ['header', 'footer'] as const) {
      const link = homeLink(page, where);
      expect(link.querySelector('img')).toBeNull();
      expect(text(link)).toBe(NAME);
    }
  });

  it('prints the name beside a logo that does not include it, the logo on a light plate in the dark footer', () => {
    const page = pageOf({ logoUrl: '/uploads/mark.svg' });
    const header = homeLink(page, 'header');
    expect(header.querySelector('img')!.getAttribute('src')).toBe('../uploads/mark.svg');
    expect(text(header)).toBe(NAME);
    const footer = homeLink(page, 'footer');
    expect(text(footer)).toBe(NAME);
    expect(footer.querySelector('img')!.getAttribute('src')).toBe('../uploads/mark.svg');
    expect(footer.querySelector('img')!.parentNode!.getAttribute('class')).toContain('bg-white');
    expect(header.querySelector('img')!.parentNode!.getAttribute('class')).not.toContain('bg-white');
  });

  it('with logoIncludesName shows the image alone; the name stays the link\'s accessible name', () => {
    const page = pageOf({ logoUrl: '/uploads/wordmark.png', logoIncludesName: true });
    for (const where of ['header', 'footer'] as const) {
      const link = homeLink(page, where);
      expect(text(link)).toBe('');
      expect(link.getAttribute('aria-label')).toBe(`${NAME} home`);
      expect(link.querySelector('img')!.getAttribute('alt')).toBe('');
    }
  });

  it('a logo that includes the name may be wider than a mark beside the name', () => {
    const cap = (patch: Partial<ClinicConfigInput>) => homeLink(pageOf(patch), 'header').querySelector('img')!.getAttribute('class')!.match(/max-w-\[[\d.]+rem\]/)![0];
    expect(cap({ logoUrl: '/uploads/mark.svg' })).toBe('max-w-[6rem]');
    expect(cap({ logoUrl: '/uploads/wordmark.png', logoIncludesName: true })).toBe('max-w-[10.5rem]');
  });

  it('uses logoLightUrl in the footer, with no plate, and the normal logo in the header', () => {
    const page = pageOf({ logoUrl: '/uploads/wordmark.png', logoLightUrl: 'https://cdn.example.com/wordmark-light.png', logoIncludesName: true });
    expect(homeLink(page, 'header').querySelector('img')!.getAttribute('src')).toBe('../uploads/wordmark.png');
    const footerImg = homeLink(page, 'footer').querySelector('img')!;
    expect(footerImg.getAttribute('src')).toBe('https://cdn.example.com/wordmark-light.png');
    expect(footerImg.parentNode!.getAttribute('class')).not.toContain('bg-white');
  });

  it('loads the footer logo lazily, so only the header logo is fetched for the first screen', () => {
    const page = pageOf({ logoUrl: '/uploads/wordmark.png', logoLightUrl: '/uploads/wordmark-light.png', logoIncludesName: true });
    expect(homeLink(page, 'header').querySelector('img')!.hasAttribute('loading')).toBe(false);
    expect(homeLink(page, 'footer').querySelector('img')!.getAttribute('loading')).toBe('lazy');
    const preloaded = page.querySelectorAll('head link[rel="preload"][as="image"]').map((l) => l.getAttribute('href'));
    expect(preloaded).toEqual(['../uploads/wordmark.png']);
  });

  it('links a site-path logo from the root on the not-found page, which may be served at any depth', () => {
    const page = dom(render(configWith({ logoUrl: '/logo.svg', logoLightUrl: '/logo-light.svg' }))['404.html']!);
    expect(homeLink(page, 'header').querySelector('img')!.getAttribute('src')).toBe('/logo.svg');
    expect(homeLink(page, 'footer').querySelector('img')!.getAttribute('src')).toBe('/logo-light.svg');
  });

  it.each<[string, Partial<ClinicConfigInput>]>([
    ['a site-path light logo', { logoUrl: '/logo.png', logoLightUrl: '/logo-light.png', logoIncludesName: true }],
    ['an absolute light logo', { logoUrl: 'https://cdn.example.com/a.svg', logoLightUrl: 'https://cdn.example.com/b.svg?v=1&x=2' }],
    ['only a light logo', { logoUrl: undefined, logoLightUrl: '/uploads/light.svg' }],
  ])('templated rendering gives the same bytes as React with %s', (_, patch) => {
    const config = configWith(patch);
    expect(renderSite(config)).toEqual(renderSiteDirect(config));
  });

  it('the schema defaults logoIncludesName to false and checks logoLightUrl like logoUrl', () => {
    expect(configWith({}).logoIncludesName).toBe(false);
    const bad = clinicConfigSchema.safeParse({ ...configWith({}), logoLightUrl: 'javascript:alert(1)' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['logoLightUrl']);
    const notBoolean = clinicConfigSchema.safeParse({ ...configWith({}), logoIncludesName: 'yes' });
    expect(notBoolean.error!.issues[0]!.message).toMatch(/true or false/);
  });
});
