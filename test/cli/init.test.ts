import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { askFields } from '../../src/init/ask.js';
import { INIT_FIELDS } from '../../src/init/fields.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';

const ALL = [
  '--city', 'Lakeland', '--state', 'FL', '--business-name', "Northstar Men's Health",
  '--address', '2100 South Florida Avenue', '--zip', '33803', '--phone', '(863) 555-0100',
  '--email', 'lakeland@example.com', '--domain', 'lakeland.example.com',
];

describe('clinic-gen init', () => {
  it('writes configs/<city>.yaml that validates and builds on the first try', () => {
    const cwd = tempDir();
    const r = runCli(['init', ...ALL], { cwd });
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
    expect(runCli(['validate', '--config', 'configs/lakeland.yaml'], { cwd }).stdout).toBe('configs/lakeland.yaml: valid\n');
    const built = runCli(['build', '--config', 'configs/lakeland.yaml', '--out', 'site'], { cwd });
    expect(built.code).toBe(0);
    expect(readFileSync(join(cwd, 'site/index.html'), 'utf8')).toContain('Revitalize Your Health in Lakeland');
    expect(readFileSync(join(cwd, 'site/terms/index.html'), 'utf8')).toContain('Florida');
  });

  it('in a script, lists every missing flag instead of asking', () => {
    const cwd = tempDir();
    const r = runCli(['init', '--city', 'Lakeland', '--state', 'FL'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'error: missing --business-name, --address, --zip, --phone, --email, --domain\nPass every value as a flag (see clinic-gen init --help), or run init in a terminal to be asked.\n',
    );
    expect(existsSync(join(cwd, 'configs'))).toBe(false);
  });

  it("says what is wrong with each value, in the schema's words", () => {
    const args = ALL.map((a) => (a === '33803' ? '3380' : a === 'FL' ? 'Floride' : a));
    const r = runCli(['init', ...args], { cwd: tempDir() });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: --state "Floride": expected a US state code or name like FL or Florida$/m);
    expect(r.stderr).toMatch(/^--zip "3380": expected a ZIP code like 33545$/m);
  });

  it('refuses to overwrite a config unless --force', () => {
    const cwd = tempDir();
    const out = join(cwd, 'mine.yaml');
    writeFileSync(out, 'keep me');
    const r = runCli(['init', ...ALL, '--out', 'mine.yaml'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: mine.yaml already exists; nothing was written\nPass --force to replace it, or --out to write somewhere else.\n');
    expect(readFileSync(out, 'utf8')).toBe('keep me');
    expect(runCli(['init', ...ALL, '--out', 'mine.yaml', '--force'], { cwd }).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^# yaml-language-server: \$schema=\S+clinic-config\.schema\.json$/m);
  });

  it('prints an example in --help', () => {
    expect(runCli(['init', '--help']).stdout).toMatch(/Examples:\n {2}clinic-gen init --city Lakeland --state FL/);
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

/**
 * Runs init in a pseudo-terminal (util-linux `script`), typing each answer when its prompt shows
 * (or Ctrl+C for the answer `null`); resolves with everything the terminal showed and the exit code.
 */
function initInTerminal(args: string[], answers: (string | null)[], cwd: string): Promise<{ shown: string; code: number | null }> {
  const cmd = [process.execPath, join(ROOT, 'bin/clinic-gen.js'), 'init', ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' ');
  const child = spawn('script', ['-qec', cmd, '/dev/null'], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  let shown = '';
  let answered = 0;
  child.stdout.on('data', (d: Buffer) => {
    shown += String(d);
    // Count prompts rather than look at how the output ends: a loaded machine splits it anywhere.
    const prompts = shown.match(/\(e\.g\. [^\n]*?\): /g)?.length ?? 0;
    while (answered < prompts && answers.length) {
      answered++;
      const next = answers.shift();
      child.stdin.write(next === null ? '\x03' : `${next}\r`);
    }
  });
  return new Promise((done) => child.on('close', (code) => done({ shown, code })));
}

describe.skipIf(!existsSync('/usr/bin/script'))('init on a terminal', () => {
  it('asks for what the flags leave out and writes a valid config', async () => {
    const cwd = tempDir();
    const answers = ["Northstar Men's Health", '2100 South Florida Avenue', '338', '33803', '(863) 555-0100', 'lakeland@example.com', 'lakeland.example.com'];
    const r = await initInTerminal(['--city', 'Lakeland', '--state', 'FL'], answers, cwd);
    expect(r.code).toBe(0);
    expect(r.shown).toContain('expected a ZIP code like 33545');
    expect(r.shown).toContain('wrote configs/lakeland.yaml');
    expect(runCli(['validate', '-c', 'configs/lakeland.yaml'], { cwd }).code).toBe(0);
  }, 60_000);

  it('writes nothing when the user presses Ctrl+C', async () => {
    const cwd = tempDir();
    const r = await initInTerminal(['--city', 'Lakeland'], [null], cwd);
    expect(r.code).toBe(1);
    expect(r.shown).toContain('init cancelled; nothing was written');
    expect(existsSync(join(cwd, 'configs'))).toBe(false);
  }, 60_000);
});
