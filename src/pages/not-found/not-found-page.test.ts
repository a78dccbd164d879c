import { describe, expect, it } from 'vitest';
import { configWith, dom, render, text } from '../../../test/helpers/site.js';

describe('not-found page', () => {
  it('says the page was not found and why, then links back to every page and the phone (decision 15)', () => {
    const page = dom(render()['404.html']!);
    const main = page.querySelector('main')!;
    expect(text(page.querySelector('title'))).toBe("404 Page Not Found | Northstar Men's Health");
    expect(text(main.querySelector('h1'))).toBe('Page Not Found');
    expect(text(main.querySelector('h1 + p'))).toBe('The page you were looking for is not here. The link may be old, or the address may be mistyped.');
    expect(text(main.querySelector('h1 + p + p'))).toBe('Try one of these pages instead:');
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
    expect(text(main.querySelector('a[href="tel:+18135550100"]'))).toBe('Call (813) 555-0100');
    expect(page.toString()).not.toMatch(/router/i);
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
