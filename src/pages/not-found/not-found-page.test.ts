import { describe, expect, it } from 'vitest';
import { configWith, dom, render, text } from '../../../test/helpers/site.js';

describe('not-found page', () => {
  it('keeps the spec\'s texts first, then links back to every page and the phone', () => {
    const main = dom(render()['404.html']!).querySelector('main')!;
    expect(text(main.querySelector('h1'))).toBe('404 Page Not Found');
    expect(text(main.querySelector('h1 + p'))).toBe('Did you forget to add the page to the router?');
    const links = main.querySelectorAll('nav[aria-label="Pages of this site"] a').map((a) => [text(a), a.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['TRT Therapy', '/trt-therapy/'],
      ['Semaglutide Weight Loss', '/semaglutide/'],
      ['NAD+ Therapy', '/nad-therapy/'],
      ['Hormone Optimization', '/hormone-optimization/'],
      ['About', '/about/'],
      ['Contact', '/contact/'],
    ]);
    expect(main.querySelector('a[href="tel:+18135550100"]')).not.toBeNull();
  });

  it('lists only the services a site has', () => {
    const only = configWith({ services: { trt: false, semaglutide: false, nadTherapy: true, peptideTherapy: true, vitaminInjections: false, hormone_optimization: false } });
    const labels = dom(render(only)['404.html']!).querySelectorAll('main nav a').map((a) => text(a));
    expect(labels).toEqual(['Home', 'NAD+ Therapy', 'Peptide Therapy', 'About', 'Contact']);
  });

  it('leaves no hole in the two-column list: with an odd count, Home takes the first row whole', () => {
    const spans = (config?: Parameters<typeof render>[0]) =>
      dom(render(config)['404.html']!).querySelectorAll('main nav li').map((li) => li.getAttribute('class')?.includes('sm:col-span-2') ?? false);
    expect(spans()).toEqual([true, false, false, false, false, false, false]);
    const six = configWith({ services: { trt: true, semaglutide: true, nadTherapy: true, peptideTherapy: false, vitaminInjections: false, hormone_optimization: false } });
    expect(spans(six)).toEqual([false, false, false, false, false, false]);
  });
});
