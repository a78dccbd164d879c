import { describe, expect, it } from 'vitest';
import { configWith, dom } from '../../../test/helpers/site.js';
import { renderSite } from '../render-site.js';
import { HERO_SIZES } from './hero-photo.js';
import { fakePhotos } from './photos-fixture.js';

/**
 * The hero photo is on every page a patient reads (issue 13: every page of a city with photos
 * shows pictures), behind the first band, as the one photo fetched first: eager, high priority,
 * preloaded; every other photo of the page waits until it nears the screen.
 */
const config = configWith({ services: { trt: true, semaglutide: true, nadTherapy: true, peptideTherapy: true, vitaminInjections: true, hormone_optimization: true } });
const files = renderSite(config, { photos: fakePhotos() });
const PAGES = [
  'index.html',
  'trt-therapy/index.html',
  'semaglutide/index.html',
  'nad-therapy/index.html',
  'hormone-optimization/index.html',
  'peptide-therapy/index.html',
  'vitamin-injections/index.html',
  'about/index.html',
  'contact/index.html',
  'privacy/index.html',
  'terms/index.html',
];

describe('the hero photo on every page', () => {
  it.each(PAGES)('%s: the first band of main shows it, fetched first and eagerly, with the h1 over it', (file) => {
    const page = dom(files[file]!);
    const first = page.querySelector('main')!.childNodes.find((n) => 'tagName' in n) as ReturnType<typeof dom>;
    const img = first.querySelector('picture img')!;
    expect(img.getAttribute('alt')).toBe('The front desk & "lounge" <of> the clinic');
    expect(img.getAttribute('width')).toBe('1600');
    expect(img.getAttribute('height')).toBe('900');
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('sizes')).toBe(HERO_SIZES);
    expect(first.querySelector('source[type="image/avif"]')!.getAttribute('srcset')).toMatch(/hero-0123456789-480\.avif 480w, .*-1600\.avif 1600w$/);
    expect(first.querySelector('h1')).not.toBeNull();
    // Only the hero is a priority; the rest of the page's photos are lazy.
    const eager = page.querySelectorAll('img[loading="eager"]');
    expect(eager).toHaveLength(1);
    expect(page.querySelectorAll('img[fetchpriority]')).toHaveLength(1);
    // (React also preloads an eager <img> outside a <picture>, like the logo, by its src alone.)
    const preloads = page.querySelectorAll('head link[rel="preload"][as="image"][imagesrcset]');
    expect(preloads.map((l) => [l.getAttribute('type'), l.getAttribute('imagesizes'), l.getAttribute('fetchpriority')])).toEqual([['image/avif', HERO_SIZES, 'high']]);
  });

  it('leaves the about page\'s gallery and portraits lazy, after the hero', () => {
    const imgs = dom(files['about/index.html']!).querySelectorAll('picture img');
    expect(imgs.map((i) => i.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy', 'lazy', 'lazy']);
  });

  it('keeps the plain dark band, and no picture, without a hero photo', () => {
    const plain = renderSite(config);
    for (const file of PAGES) {
      expect(plain[file], file).not.toContain('<picture');
      expect(dom(plain[file]!).querySelectorAll('link[imagesrcset]'), file).toHaveLength(0);
    }
    expect(dom(plain['privacy/index.html']!).querySelector('article h1')).not.toBeNull();
  });

  it('sets a legal page\'s title over the photo, outside the article, with its effective date', () => {
    const page = dom(files['terms/index.html']!);
    expect(page.querySelector('article h1')).toBeNull();
    expect(page.querySelector('main h1')!.text).toBe('Terms & Conditions');
    expect(page.querySelector('main h1')!.nextElementSibling!.text).toMatch(/^Effective date: /);
  });
});
