import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../test/helpers/site.js';
import { readConfigText } from './load.js';
import { documentData, parseYamlDocument, readYaml } from './yaml.js';
import { hasAnchorOrAlias, readFast } from './yaml-fast.js';

/** The one way configs are read from YAML (config/yaml.ts): js-yaml when it may, else capped yaml. */
const tampa = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8');

/** Nine levels of ten aliases: ten billion strings once expanded. */
function aliasBomb(): string {
  const levels = 'abcdefghi'.split('');
  return levels.map((l, i) => `${l}: &${l} [${i === 0 ? 'x, x, x, x, x, x, x, x, x, x' : Array(10).fill(`*${levels[i - 1]}`).join(', ')}]`).join('\n');
}

describe('the YAML reader', () => {
  it('sends anchors and aliases to yaml, and only where a node may start', () => {
    for (const text of ['a: &x 1\n', 'a: *x\n', '- &x 1\n', 'a: [*x]\n', 'a: {b: *x}\n', '&x a: 1\n', '# &x\n']) expect(hasAnchorOrAlias(text), text).toBe(true);
    for (const text of ['a: b&c\n', 'a: 2*3\n', 'a: "x"\n', 'a: & \n', tampa]) expect(hasAnchorOrAlias(text), text).toBe(false);
    expect(readFast('a: &x 1\nb: *x\n')).toBeUndefined();
  });

  it('reads with js-yaml when it may, telling an empty document from a refusal', () => {
    expect(readFast('a: 1\nb: [x, "y"]\n')).toEqual({ data: { a: 1, b: ['x', 'y'] } });
    expect(readFast('')).toEqual({ data: undefined });
    expect(readFast('a: !local b\n')).toBeUndefined();
    // CORE_SCHEMA: no JavaScript types, no timestamps.
    expect(readFast('a: 2024-01-02\n')).toEqual({ data: { a: '2024-01-02' } });
  });

  it('reads what js-yaml refuses with yaml, as the same data', () => {
    const twice = `%YAML 1.2\n%YAML 1.2\n---\n${tampa}`;
    expect(readFast(twice)).toBeUndefined();
    expect(readYaml(twice)).toEqual(readFast(tampa)!.data);
    expect(readYaml('a: &x [1, 2]\nb: *x\n')).toEqual({ a: [1, 2], b: [1, 2] });
  });

  it('reads a document the way readYaml does, positions kept', () => {
    const text = 'a: &x [1, 2]\nb: *x\n';
    const doc = parseYamlDocument(text);
    expect(doc.errors).toEqual([]);
    expect(documentData(doc)).toEqual(readYaml(text));
    expect(doc.contents?.range?.[0]).toBe(0);
  });

  it('refuses an alias bomb and duplicate keys on both of its roads', () => {
    const bomb = aliasBomb();
    expect(() => readYaml(bomb)).toThrow(/alias/i);
    expect(() => documentData(parseYamlDocument(bomb))).toThrow(/alias/i);
    const dup = 'a: 1\nb: 2\na: 3\n';
    // js-yaml refuses it too, so even a text without an alias gets yaml's answer.
    expect(readFast(dup)).toBeUndefined();
    expect(() => readYaml(dup)).toThrow(/Map keys must be unique/);
    expect(parseYamlDocument(dup).errors[0]?.message).toMatch(/Map keys must be unique/);
  });

  it('hands the loader its data: one parse gives the config and the text as written', () => {
    const r = readConfigText(tampa, 'tampa.yaml');
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.input).toEqual(readYaml(tampa));
  });
});
