import { describe, expect, it } from 'vitest';
import { configWith, dom, render, text } from '../../../test/helpers/site.js';

const cardOf = (html: string, title: string) => dom(html).querySelectorAll('#contact h3').find((h) => text(h) === title)!.parentNode!;

describe('contact page cards', () => {
  it('writes the address card with the state\'s name, as the spec does', () => {
    const address = cardOf(render()['contact/index.html']!, 'Address').querySelector('address')!;
    expect(text(address)).toBe('5950 Newberry Pines Avenue Wesley Chapel, Florida 33545');
  });

  it('names the state of another config too (Texas for TX)', () => {
    const html = render(configWith({ city: 'Austin', state: 'TX', zipCode: '78701', address: '100 Congress Avenue' }))['contact/index.html']!;
    expect(text(cardOf(html, 'Address').querySelector('address'))).toBe('100 Congress Avenue Austin, Texas 78701');
  });

  it('keeps each opening time in one piece, and every row laid out alike in the columns of the list', () => {
    const list = cardOf(render()['contact/index.html']!, 'Hours').querySelector('dl')!;
    const rows = list.querySelectorAll(':scope > div');
    expect(rows.map((r) => `${text(r.querySelector('dt'))} ${text(r.querySelector('dd'))}`)).toEqual(['Monday-Friday 9:00 AM-6:00 PM', 'Saturday 9:00 AM-2:00 PM', 'Sunday Closed']);
    // One switch for the whole list (a container query on its box), rows sharing its columns.
    expect(list.parentNode!.getAttribute('class')).toContain('@container');
    expect(list.getAttribute('class')).toContain('@min-[17rem]:grid-cols-[auto_auto]');
    for (const r of rows) {
      expect(r.getAttribute('class')).toContain('grid-cols-subgrid');
      expect(r.querySelector('dd')!.getAttribute('class')).toContain('whitespace-nowrap');
    }
  });
});
