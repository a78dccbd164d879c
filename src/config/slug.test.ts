import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../test/helpers/site.js';
import { parseConfigText } from './load.js';
import { cityHasSafeSlug, citySlug } from './slug.js';

const tampa = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8');
const withCity = (city: string) => parseConfigText(tampa.replace('city: Tampa', `city: "${city}"`), 'c.yaml');

describe('citySlug', () => {
  it.each([
    ['Wesley Chapel', 'wesley-chapel'],
    ['Tampa', 'tampa'],
    ['Orlando', 'orlando'],
    ['São Paulo', 'sao-paulo'],
    ['Coeur d\'Alene', 'coeur-dalene'],
    ['St. Petersburg', 'st-petersburg'],
    ['Winston-Salem', 'winston-salem'],
    ['Zürich', 'zurich'],
    ['Kraków', 'krakow'],
    ['Łódź', 'lodz'],
    ['Mönchengladbach', 'monchengladbach'],
    ['Straße', 'strasse'],
    ['Ærøskøbing', 'aeroskobing'],
    ['Sa\u0303o Paulo', 'sao-paulo'],
  ])('%s -> %s', (city, slug) => {
    expect(citySlug(city)).toBe(slug);
    expect(cityHasSafeSlug(city)).toBe(true);
  });

  it('gives no slug for a city written in another script, and says so', () => {
    expect(citySlug('Москва')).toBe('');
    expect(cityHasSafeSlug('Москва')).toBe(false);
    expect(cityHasSafeSlug('Tampa Москва')).toBe(false);
    expect(cityHasSafeSlug("'.'")).toBe(false);
  });
});

describe('the city field', () => {
  it('keeps the slug of every sample config', () => {
    for (const [file, slug] of [['tampa', 'tampa'], ['orlando', 'orlando'], ['wesley-chapel', 'wesley-chapel']] as const) {
      const r = parseConfigText(readFileSync(join(ROOT, 'configs', `${file}.yaml`), 'utf8'), file);
      expect(r.ok && citySlug(r.config.city)).toBe(slug);
    }
  });

  it('takes Latin cities with accents', () => {
    expect(withCity('São Paulo').ok).toBe(true);
    expect(withCity('Łódź').ok).toBe(true);
  });

  it.each(['Москва', '東京', 'Tampa Москва', 'Tǝmpa', "'", '.-.'])('refuses %s with one message naming the field', (city) => {
    const r = withCity(city);
    expect(r.ok).toBe(false);
    const errors = r.ok ? [] : r.errors;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^c\.yaml:4:7 city: expected a city name (written in Latin letters \(its web address is made from it\), like Tampa|of letters, spaces, periods, apostrophes and hyphens)$/);
  });

  it('says Latin letters when the city is letters of another script', () => {
    const r = withCity('Москва');
    expect(r.ok ? '' : r.errors[0]).toBe('c.yaml:4:7 city: expected a city name written in Latin letters (its web address is made from it), like Tampa');
    const digits = withCity('Tampa2');
    expect(digits.ok ? '' : digits.errors[0]).toBe('c.yaml:4:7 city: expected a city name of letters, spaces, periods, apostrophes and hyphens');
  });
});
