import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { askFields } from '../../init/ask.js';
import { INIT_FIELDS } from '../../init/field-list.js';
import { runMain, tempDir } from '../../../test/helpers/cli.js';
import { ROOT } from '../../../test/helpers/site.js';

const ALL = [
  '--city', 'Lakeland', '--state', 'FL', '--business-name', "Northstar Men's Health",
  '--address', '2100 South Florida Avenue', '--zip', '33803', '--phone', '(863) 555-0100',
  '--email', 'lakeland@example.com', '--domain', 'lakeland.example.com',
  '--hours', 'Mon-Thu 08:00-17:00, Sat 9:00-12:00', '--governing-law', 'Florida', '--courts', 'Polk County', '--effective-date', '2026-12-01',
];

describe('clinic-gen init', () => {
  it('writes configs/<city>.yaml that validates and builds on the first try', async () => {
    const cwd = tempDir();
    const r = await runMain(['init', ...ALL], { cwd });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^wrote configs\/lakeland\.yaml\n/);
    const file = join(cwd, 'configs/lakeland.yaml');
    const text = readFileSync(file, 'utf8');
    // The editor line points at the package's schema, relative to the written file.
    const ref = /^# yaml-language-server: \$schema=(\S+)\n/.exec(text)?.[1];
    expect(ref).toBeDefined();
    expect(resolve(dirname(file), ref!)).toBe(join(ROOT, 'schema/clinic-config.schema.json'));
    expect(text).toMatch(/^zipCode: "33803"$/m);
    expect(text).toMatch(/^# Local content tells this city's site apart/m);
    expect((await runMain(['validate', '--config', 'configs/lakeland.yaml', '--contact-endpoint', 'same-origin'], { cwd })).stdout).toBe('configs/lakeland.yaml: valid\n');
    const built = await runMain(['build', '--config', 'configs/lakeland.yaml', '--out', 'site', '--contact-endpoint', 'same-origin'], { cwd });
    expect(built.code).toBe(0);
    expect(readFileSync(join(cwd, 'site/index.html'), 'utf8')).toContain('Revitalize Your Health in Lakeland');
    expect(readFileSync(join(cwd, 'site/terms/index.html'), 'utf8')).toContain('Florida');
  });

  it("writes the city's own hours, law, courts and effective date, and none it was not given", async () => {
    const cwd = tempDir();
    expect((await runMain(['init', ...ALL], { cwd })).code).toBe(0);
    const text = readFileSync(join(cwd, 'configs/lakeland.yaml'), 'utf8');
    expect(text).toContain('hours:\n  - days: [Monday, Tuesday, Wednesday, Thursday]\n    opens: "08:00"\n    closes: "17:00"\n  - days: [Saturday]\n    opens: "09:00"\n    closes: "12:00"\n');
    expect(text).toMatch(/^ {2}courts: Polk County$/m);
    expect(text).toMatch(/^ {2}effectiveDate: 2026-12-01$/m);
    expect(text).not.toMatch(/Pasco/);
    const built = await runMain(['build', '--config', 'configs/lakeland.yaml', '--out', 'site', '--contact-endpoint', 'same-origin'], { cwd });
    expect(built.code).toBe(0);
    const terms = readFileSync(join(cwd, 'site/terms/index.html'), 'utf8');
    expect(terms).toContain('the courts of Polk County, Florida');
    expect(terms).toContain('Effective date: December\u00a01,\u00a02026');
    // Friday and Sunday were not named: closed, in the page and in the JSON-LD.
    const home = readFileSync(join(cwd, 'site/index.html'), 'utf8');
    expect(home).not.toMatch(/"dayOfWeek":\s*\[?[^\]]*"Friday"/);
  });

  it('says what is wrong with hours it cannot read', async () => {
    const wrong = async (hours: string) => (await runMain(['init', ...ALL.map((a) => (a.startsWith('Mon-Thu') ? hours : a))], { cwd: tempDir() })).stderr;
    expect(await wrong('Mon-Fri 9-18')).toMatch(/--hours "Mon-Fri 9-18": expected 24-hour times like 09:00-18:00, not "9-18"/);
    expect(await wrong('Mon-Fri 18:00-09:00')).toMatch(/expected the opening time before the closing time/);
    expect(await wrong('Fri-Mon 09:00-18:00')).toMatch(/expected a run of days from earlier to later in the week/);
    expect(await wrong('Mon-Fri 09:00-18:00, Fri 09:00-12:00')).toMatch(/expected each day once: Friday is in two groups/);
    expect(await wrong('Funday 09:00-18:00')).toMatch(/expected day names like Mon or Monday, not "Funday"/);
  });

  it('in a script, lists every missing flag instead of asking', async () => {
    const cwd = tempDir();
    const r = await runMain(['init', '--city', 'Lakeland', '--state', 'FL'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'error: missing --business-name, --address, --zip, --phone, --email, --domain, --hours, --governing-law, --courts, --effective-date\nPass every value as a flag (see clinic-gen init --help), or run init in a terminal to be asked.\n',
    );
    expect(existsSync(join(cwd, 'configs'))).toBe(false);
  });

  it("says what is wrong with each value, in the schema's words", async () => {
    const args = ALL.map((a) => (a === '33803' ? '3380' : a === 'FL' ? 'Floride' : a));
    const r = await runMain(['init', ...args], { cwd: tempDir() });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: --state "Floride": expected a US state code or name like FL or Florida$/m);
    expect(r.stderr).toMatch(/^--zip "3380": expected a ZIP code like 33545$/m);
  });

  it('refuses a city its web address cannot be made from, and writes nothing', async () => {
    const cwd = tempDir();
    const r = await runMain(['init', ...ALL.map((a) => (a === 'Lakeland' ? 'Москва' : a))], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: --city "Москва": expected a city name written in Latin letters \(its web address is made from it\), like Tampa$/m);
    expect(existsSync(join(cwd, 'configs'))).toBe(false);
  });

  it('refuses to overwrite a config unless --force', async () => {
    const cwd = tempDir();
    const out = join(cwd, 'mine.yaml');
    writeFileSync(out, 'keep me');
    const r = await runMain(['init', ...ALL, '--out', 'mine.yaml'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: mine.yaml already exists; nothing was written\nPass --force to replace it, or --out to write somewhere else.\n');
    expect(readFileSync(out, 'utf8')).toBe('keep me');
    expect((await runMain(['init', ...ALL, '--out', 'mine.yaml', '--force'], { cwd })).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^# yaml-language-server: \$schema=\S+clinic-config\.schema\.json$/m);
  });

  it('prints an example in --help', async () => {
    expect((await runMain(['init', '--help'])).stdout).toMatch(/Examples:\n {2}clinic-gen init --city Lakeland --state FL/);
  });
});

describe('init prompts', () => {
  it('asks for each missing value and asks again, saying why, until it passes', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let shown = '';
    const answers = ['3380', '33803', 'not a phone', '(863) 555-0100'];
    output.on('data', (d: Buffer) => {
      shown += String(d);
      // Answer each prompt as it appears, as a person would.
      if (/: $/.test(String(d))) input.write(`${answers.shift()}\n`);
    });
    const fields = INIT_FIELDS.filter((f) => f.key === 'zipCode' || f.key === 'phone');
    expect(await askFields(fields, { input, output })).toEqual({ zipCode: '33803', phone: '(863) 555-0100' });
    expect(shown).toContain('ZIP code (e.g. 33803): ');
    expect(shown).toContain('  expected a ZIP code like 33545\n');
    expect(shown).toContain('  expected a phone number like (813) 555-0142\n');
  });

  it('stops when input ends, so nothing half-asked is written', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    output.on('data', () => input.end());
    await expect(askFields(INIT_FIELDS, { input, output })).rejects.toThrow('cancelled');
  });
});
