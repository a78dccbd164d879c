import { describe, expect, it } from 'vitest';
import { configWith, dom, render } from '../../../test/helpers/site.js';
import { fitGrid, gridColumns } from './ui.js';

describe('grids that fit their count', () => {
  it.each([
    [1, 3, 1], [2, 3, 2], [3, 3, 3], [4, 3, 2], [5, 3, 3], [6, 3, 3], [7, 3, 2], [8, 4, 4], [4, 4, 4], [5, 4, 3], [6, 4, 3], [3, 4, 3], [3, 2, 2],
  ] as const)('%i cards, at most %i columns: %i columns', (count, max, columns) => {
    expect(gridColumns(count, max)).toBe(columns);
  });

  it('centres and caps a grid of one or two cards', () => {
    expect(fitGrid(1)).toBe('grid gap-6 mx-auto max-w-md');
    expect(fitGrid(2)).toBe('grid gap-6 mx-auto max-w-4xl md:grid-cols-2');
    expect(fitGrid(3)).toBe('grid gap-6 md:grid-cols-3');
  });

  it('gives the home page\'s single "More Treatments" card and the about page\'s two team cards their own grids', () => {
    const files = render();
    expect(dom(files['index.html']!).querySelector('#more-treatments ul')!.getAttribute('class')).toBe(fitGrid(1));
    expect(dom(files['about/index.html']!).querySelector('#team ul')!.getAttribute('class')).toBe(fitGrid(2));
    const three = render(configWith({ services: { peptideTherapy: true, vitaminInjections: true, hormone_optimization: true, trt: true, semaglutide: true, nadTherapy: true } }));
    expect(dom(three['index.html']!).querySelector('#more-treatments ul')!.getAttribute('class')).toBe(fitGrid(3));
  });
});
