import { describe, expect, it } from 'vitest';
import { words } from './page-text.js';

/** The words of a text as the check read them before the ASCII fast path (issue 39 item 7). */
const reference = (text: string) => text.toLowerCase().replace(/[\u2018\u2019]/g, "'").match(/[\p{L}\p{N}]+(?:'[\p{L}\p{N}]+)*/gu) ?? [];

describe('words', () => {
  it.each([
    "Men's Health — Tampa © 2026: TRT, NAD+ & B12 (813) 555-0142",
    'Dr. Aaron Patel’s clinic, Land O’ Lakes; it’s open 9:00–19:00',
    'Café Nuñez in São Paulo, Zürich and Kraków: naïve résumé',
    'Decomposed e\u0301 and the Kelvin sign \u212A, math 𝐀𝐁 and digits ٣٤',
    "a lone surrogate \ud800 here, 'quoted' words and don't'",
    '',
  ])('reads %j as the Unicode classes do', (text) => {
    expect(words(text)).toEqual(reference(text));
  });
});
