import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, SAMPLES } from '../../test/helpers/site.js';
import { parseConfigText } from './load.js';

const FILE = 'configs/tampa.yaml';
const tampa = readFileSync(join(ROOT, FILE), 'utf8');
const lines = tampa.split('\n');
const lineOf = (prefix: string) => lines.findIndex((l) => l.startsWith(prefix)) + 1;

/** Tampa's config with one line replaced (or removed, when `to` is null). */
function edit(prefix: string, to: string | null): string {
  return lines.flatMap((l) => (l.startsWith(prefix) ? (to === null ? [] : [to]) : [l])).join('\n');
}

function errorsOf(text: string): string[] {
  const r = parseConfigText(text, FILE);
  if (r.ok) throw new Error('expected the config to be rejected');
  return r.errors;
}

describe('loading a clinic config', () => {
  it.each(SAMPLES)('accepts the sample config %s', (name) => {
    const r = parseConfigText(readFileSync(join(ROOT, 'configs', `${name}.yaml`), 'utf8'), name);
    expect(r.ok && r.warnings).toEqual([]);
  });

  const MINIMAL = 'businessName: A\ncity: Lakeland\nstate: FL\naddress: 1 Main Street\nzipCode: "33801"\nphone: (863) 555-0100\nemail: a@example.com\ndomainName: lakeland.example.com\n';
  const FACTS = 'hours:\n  - days: [Monday, Thursday]\n    opens: "08:00"\n    closes: "12:00"\nlegal:\n  governingLaw: Florida\n  courts: Polk County\n  effectiveDate: 2026-12-01\n';

  it('refuses a day in two hours entries, or twice in one, naming the entry and its line', () => {
    const twice = edit('  - days: [Saturday]', '  - days: [Saturday, Monday]');
    expect(errorsOf(twice)).toEqual([`${FILE}:${lineOf('  - days: [Saturday]')}:11 hours[1].days: expected each day once: Monday is also in hours[0]`]);
    expect(errorsOf(edit('  - days: [Saturday]', '  - days: [Saturday, Saturday]'))[0]).toMatch(/ hours\[1\]\.days: expected each day once: Saturday is listed twice$/);
  });

  it('fills the spec defaults: services, deployment type; the hours and legal facts are the city\'s as written', () => {
    const r = parseConfigText(MINIMAL + FACTS, 'x.yaml');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.config.services).toEqual({ trt: true, semaglutide: true, nadTherapy: true, peptideTherapy: false, vitaminInjections: false, hormone_optimization: true });
    expect(r.config.deploymentType).toBe('static');
    // No default: where the form posts is decided by who places the site (src/site/pipeline.ts).
    expect(r.config.contactEndpoint).toBeUndefined();
    expect(r.config.hours).toEqual([{ days: ['Monday', 'Thursday'], opens: '08:00', closes: '12:00' }]);
    expect(r.config.legal).toEqual({ governingLaw: 'Florida', courts: 'Polk County', effectiveDate: '2026-12-01' });
  });

  it('fills in no hours, law, courts or effective date a file does not give (decision 14), naming each', () => {
    const r = parseConfigText(MINIMAL, 'x.yaml');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.replace(/^x\.yaml:\d+:\d+ /, '').replace(/:.*$/, ''))).toEqual(['hours', 'legal.governingLaw', 'legal.courts', 'legal.effectiveDate']);
  });

  it('reads a version the server stored before decision 14 with the facts it published then, and nothing else', () => {
    const r = parseConfigText(`${MINIMAL}legal:\n  courts: Orange County\n`, 'x.yaml', { publishedFacts: true });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.config.hours).toEqual([
      { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '18:00' },
      { days: ['Saturday'], opens: '09:00', closes: '14:00' },
    ]);
    expect(r.config.legal).toEqual({ governingLaw: 'Florida', courts: 'Orange County', effectiveDate: '2024-01-01' });
    // What a stored version gives stays as given.
    const own = parseConfigText(MINIMAL + FACTS, 'x.yaml', { publishedFacts: true });
    expect(own.ok && own.config.hours).toEqual([{ days: ['Monday', 'Thursday'], opens: '08:00', closes: '12:00' }]);
    // A file read as written gets none of them.
    expect(parseConfigText(`${MINIMAL}legal:\n  courts: Orange County\n`, 'x.yaml').ok).toBe(false);
  });

  it('names file, line, column and field of a bad phone number', () => {
    const row = lineOf('phone:');
    expect(errorsOf(edit('phone:', 'phone: call us'))).toEqual([`${FILE}:${row}:8 phone: expected a phone number like (813) 555-0142`]);
  });

  it('reports broken YAML with its position', () => {
    const row = lineOf('city:');
    const [err] = errorsOf(edit('city:', 'city: [Tampa'));
    expect(err).toMatch(new RegExp(`^${FILE}:\\d+:\\d+ yaml: `));
    expect(Number(err!.split(':')[1])).toBeGreaterThanOrEqual(row);
  });

  it('reports a missing required field at its map', () => {
    expect(errorsOf(edit('email:', null))).toEqual([`${FILE}:3:1 email: missing; expected an email address like hello@example.com`]);
  });

  it('refuses a javascript: URL', () => {
    const text = tampa.replace('  - https://www.example.com/profiles/northstar-tampa', '  - "javascript:alert(1)"');
    const row = text.split('\n').findIndex((l) => l.includes('javascript:')) + 1;
    expect(errorsOf(text)).toEqual([`${FILE}:${row}:5 businessProfiles[0]: expected an http:// or https:// link to a business profile`]);
  });

  it('refuses a colour that is not hex', () => {
    const row = lineOf('primaryColor:');
    expect(errorsOf(edit('primaryColor:', 'primaryColor: blue'))).toEqual([`${FILE}:${row}:15 primaryColor: expected a hex colour like #1d4ed8`]);
  });

  it('names an unknown field and suggests the one meant', () => {
    const text = `${tampa}\nphoneNumber: (813) 555-0100\n`;
    const row = text.split('\n').findIndex((l) => l.startsWith('phoneNumber')) + 1;
    expect(errorsOf(text)).toEqual([`${FILE}:${row}:1 phoneNumber: unknown field; did you mean phone?`]);
  });

  it('reports every problem at once, nested fields by path', () => {
    const text = edit('zipCode:', 'zipCode: "ABCDE"').replace('  instagram: "@northstartampa"', '  instagram: "<script>"');
    const errs = errorsOf(text);
    expect(errs).toHaveLength(2);
    expect(errs[0]).toMatch(/:\d+:\d+ zipCode: expected a ZIP code like 33545$/);
    expect(errs[1]).toMatch(/:\d+:\d+ socialMedia\.instagram: expected an Instagram handle/);
  });

  it('warns when the brand colour fails AA contrast on white', () => {
    const r = parseConfigText(edit('primaryColor:', 'primaryColor: "#fbbf24"'), FILE);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.warnings[0]).toMatch(/^configs\/tampa\.yaml:\d+:15 primaryColor: #fbbf24 has a contrast ratio of 1\.67:1/);
  });

  it('rejects a document that is not a mapping', () => {
    expect(errorsOf('- a\n- b\n')).toEqual([`${FILE}:1:1 config: expected a mapping of fields like "businessName: Summit Men's Health"`]);
  });
});

describe('the fast and the positioned YAML paths', () => {
  it.each(SAMPLES)('give the same config for %s', (name) => {
    const text = readFileSync(join(ROOT, 'configs', `${name}.yaml`), 'utf8');
    const fast = parseConfigText(text, name);
    // An alias sends a document down the positioned path; it must read the same.
    const slow = parseConfigText(`${text}\nx-anchor: &a 1\n`.replace('\nx-anchor: &a 1\n', '\n# &a\n'), name);
    const viaYaml = parseConfigText(text.replace(/^city: (.*)$/m, 'city: &c $1'), name);
    expect(fast).toEqual(slow);
    expect(viaYaml).toEqual(fast);
  });

  it('takes anchors and aliases through the capped parser', () => {
    const levels = 'abcdefghi'.split('');
    const bomb = levels.map((l, i) => `${l}: &${l} [${i === 0 ? 'x, x, x, x, x, x, x, x, x, x' : Array(10).fill(`*${levels[i - 1]}`).join(', ')}]`).join('\n');
    const r = parseConfigText(bomb, 'bomb.yaml');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatch(/^bomb\.yaml:\d+:\d+ yaml: .*alias/i);
  });

  it('reports duplicate keys with their position', () => {
    const text = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8') + '\ncity: Orlando\n';
    const r = parseConfigText(text, FILE);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatch(/^configs\/tampa\.yaml:\d+:1 yaml: Map keys must be unique/);
  });
});
