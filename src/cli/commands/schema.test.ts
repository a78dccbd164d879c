import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { clinicConfigJsonSchema, clinicConfigJsonSchemaText } from '../../config/json-schema.js';
import { parseConfigText } from '../../config/load.js';
import { runMain, tempDir } from '../../../test/helpers/cli.js';
import { ROOT, SAMPLES } from '../../../test/helpers/site.js';

const committed = readFileSync(join(ROOT, 'schema/clinic-config.schema.json'), 'utf8');
// Formats are hints for editors; the patterns beside them carry the rule, so Ajv need not know them.
// strictRequired is off for the root `anyOf: [{ required: [domainName] }, { required: [website] }]`,
// plain JSON Schema that Ajv's strict mode flags only because the branches repeat no `properties`.
const ajv = new Ajv({ strict: true, strictRequired: false, allErrors: true, formats: { email: true, uri: true } });
const validate = ajv.compile(clinicConfigJsonSchema());
const tampa = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8');

describe('clinic-gen schema', () => {
  it('prints the committed schema/clinic-config.schema.json, which matches the zod schema', async () => {
    // Regenerate and compare: if this fails, run `clinic-gen schema --out schema/clinic-config.schema.json`.
    expect(clinicConfigJsonSchemaText()).toBe(committed);
    const r = await runMain(['schema']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(committed);
  });

  it('writes the schema with --out', async () => {
    const out = join(tempDir(), 'sub', 'config.schema.json');
    const r = await runMain(['schema', '--out', out]);
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(committed);
  });

  it('describes what a user writes: defaults optional, unknown fields refused, formats and patterns kept', () => {
    const s = JSON.parse(committed);
    expect(s.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(s.required).toEqual(['businessName', 'city', 'state', 'address', 'zipCode', 'phone', 'email', 'hours', 'legal']);
    expect(s.additionalProperties).toBe(false);
    expect(s.properties.localContent.additionalProperties).toBe(false);
    expect(s.properties.localContent.properties.team.items.additionalProperties).toBe(false);
    expect(s.properties.email).toMatchObject({ format: 'email', pattern: expect.any(String) });
    expect(s.properties.website).toMatchObject({ format: 'uri', pattern: expect.stringContaining('[Hh][Tt][Tt][Pp][Ss]?://') });
    expect(s.properties.zipCode.pattern).toBe('^\\d{5}(-\\d{4})?$');
    expect(s.properties.services.properties.trt.default).toBe(true);
    expect(s.properties.city.description).toBe('A city name like Tampa.');
    // A rule JSON Schema cannot say is named in the field's description.
    expect(s.properties.hours.items.properties.closes.description).toMatch(/later than opens.*cannot compare/);
  });

  it('prints an example in --help', async () => {
    expect((await runMain(['schema', '--help'])).stdout).toMatch(/Examples:\n  clinic-gen schema --out/);
  });
});

/** Config variants, each a change to the Tampa sample: [name, yaml]. */
const variants: [string, string][] = [
  ...SAMPLES.map((n) => [`sample ${n}`, readFileSync(join(ROOT, 'configs', `${n}.yaml`), 'utf8')] as [string, string]),
  ['state as a lower-case name', tampa.replace('state: FL', 'state: florida')],
  ['a city with accents', tampa.replace('city: Tampa', 'city: São Paulo')],
  ['a ZIP+4', tampa.replace('"33607"', '"33607-1234"')],
  ['a short colour', tampa.replace('"#1e40af"', '"#14a"')],
  ['an upper-case domain', tampa.replace('domainName: tampa.example.com', 'domainName: Tampa.Example.com')],
  ['only a website, no domain', tampa.replace(/^domainName: .*\n/m, '')],
  ['a social link', tampa.replace('facebook: northstartampa', 'facebook: https://www.facebook.com/northstartampa')],
  ['a site-path logo', `${tampa}logoUrl: /uploads/logo.png\n`],
  ['an http logo', `${tampa}logoUrl: https://cdn.example.com/logo.svg\n`],
  ['a missing email', tampa.replace(/^email: .*\n/m, '')],
  ['no domain and no website', tampa.replace(/^domainName: .*\n/m, '').replace(/^website: .*\n/m, '')],
  ['an unknown field', `${tampa}fax: (813) 555-0199\n`],
  ['an unknown nested field', tampa.replace('  trt: true', '  trt: true\n  botox: true')],
  ['a bad ZIP', tampa.replace('"33607"', '"3360"')],
  ['a number for the ZIP', tampa.replace('"33607"', '33607')],
  ['a bad phone', tampa.replace('(813) 555-0142', '555-0142')],
  ['a bad email', tampa.replace('tampa@example.com', 'tampa(at)example.com')],
  ['an unknown state', tampa.replace('state: FL', 'state: XX')],
  ['a city with digits', tampa.replace('city: Tampa', 'city: Tampa2')],
  ['a city in another script', tampa.replace('city: Tampa', 'city: Москва')],
  ['a domain with a scheme', tampa.replace('domainName: tampa.example.com', 'domainName: https://tampa.example.com')],
  ['an ftp website', tampa.replace('website: https://www.example.com', 'website: ftp://www.example.com')],
  ['a website without a dot in the host', tampa.replace('website: https://www.example.com', 'website: https://localhost')],
  ['a javascript: profile link', tampa.replace('https://www.example.com/profiles/northstar-tampa', '"javascript:alert(1)"')],
  ['a protocol-relative logo', `${tampa}logoUrl: //evil.example.com/x.png\n`],
  ['a named colour', tampa.replace('"#1e40af"', 'navy')],
  ['a string for a service', tampa.replace('  trt: true', '  trt: "yes"')],
  ['a day that is not a day', tampa.replace('  - days: [Saturday]', '  - days: [Funday]')],
  ['a 12-hour time', tampa.replace('    opens: "09:00"', '    opens: "9:00 AM"')],
  ['no hours', tampa.replace(/^hours:\n(?: {2}.*\n)+/m, '')],
  ['no courts', tampa.replace(/^ {2}courts: .*\n/m, '')],
  ['an effective date that is not a date', tampa.replace(/^ {2}effectiveDate: .*$/m, '  effectiveDate: January 1, 2024')],
  ['a latitude out of range', tampa.replace('latitude: 27.9592', 'latitude: 127.9592')],
  ['an empty business name', tampa.replace("businessName: Northstar Men's Health", 'businessName: ""')],
  ['a control character in the address', tampa.replace('address: 2100 North Westshore Boulevard', 'address: "2100 North\\u0007 Westshore"')],
  ['a team member without credentials', tampa.replace('      credentials: PA-C\n', '')],
  ['too many FAQ entries', tampa.replace('  faq:\n', `  faq:\n${'    - question: Q?\n      answer: A.\n'.repeat(10)}`)],
  ['a deployment type that is not static', `${tampa}deploymentType: dynamic\n`],
];

describe('the JSON Schema and the zod schema agree', () => {
  it.each(variants)('%s', (_, yaml) => {
    const zodSays = parseConfigText(yaml, 'config.yaml').ok;
    const jsonSchemaSays = validate(parse(yaml));
    expect({ jsonSchemaSays, errors: validate.errors?.map((e) => `${e.instancePath} ${e.message}`) }).toMatchObject({ jsonSchemaSays: zodSays });
  });

  it('accepts the samples and refuses every broken variant', () => {
    const verdicts = variants.map(([name, yaml]) => [name, parseConfigText(yaml, 'c.yaml').ok]);
    expect(verdicts.filter(([, ok]) => ok).length).toBe(12);
    expect(verdicts.filter(([, ok]) => !ok).length).toBe(variants.length - 12);
  });
});
