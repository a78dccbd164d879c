import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readYaml } from '../config/yaml.js';
import { cityOfText, outputClash } from './clash.js';

const dir = mkdtempSync(join(tmpdir(), 'clinic-clash-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('cityOfText', () => {
  it.each([
    ['businessName: X\ncity: Tampa\nstate: FL\n'],
    ['city: Saint Petersburg # the bay side\n'],
    ["city: 'O''Fallon'\n"],
    ['city: "Port St. Lucie"\n'],
    ['city: "Cœur d\\u2019Alene"\n'],
    ['city: >-\n  Wesley\n  Chapel\n'],
    ['city: {a: 1}\n'],
    ['address:\n  city: Nested\ncity: Top Level\n'],
  ])('reads %j as the loader does', (text) => {
    const data = readYaml(text) as { city?: unknown };
    expect(cityOfText(text)).toBe(typeof data.city === 'string' ? data.city : undefined);
  });

  it('leaves a text it cannot read to the build', () => {
    expect(cityOfText('city: [unclosed\n')).toBeUndefined();
    expect(cityOfText('state: FL\n')).toBeUndefined();
  });
});

describe('outputClash', () => {
  it('names the two configs that build one folder, and nothing when every city has its own', () => {
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const a = write('a.yaml', 'city: Tampa\n');
    const b = write('b.yaml', 'city: Orlando\n');
    const c = write('c.yaml', "city: 'tampa'\n");
    const out = { root: join(dir, 'dist') };
    expect(outputClash([{ configPath: a, out }, { configPath: b, out }])).toBeUndefined();
    expect(outputClash([{ configPath: a, out }, { configPath: b, out }, { configPath: c, out }])).toEqual({ first: a, second: c, outDir: join(dir, 'dist', 'tampa') });
  });
});
