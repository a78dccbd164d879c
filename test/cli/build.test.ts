import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';

const tampa = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8');

function listFiles(dir: string, base = ''): string[] {
  return readdirSync(join(dir, base), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(dir, join(base, e.name)) : [join(base, e.name)],
  );
}

describe('clinic-gen build', () => {
  it('writes a complete site to dist/<city-slug>/ by default', () => {
    const cwd = tempDir();
    cpSync(join(ROOT, 'configs'), join(cwd, 'configs'), { recursive: true });
    const r = runCli(['build', '--config', 'configs/tampa.yaml'], { cwd });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^built tampa: 16 files in dist\/tampa\/ \(\d+ ms\)\n$/);
    const files = listFiles(join(cwd, 'dist/tampa'));
    expect(files).toEqual(expect.arrayContaining(['index.html', 'trt-therapy/index.html', 'contact/index.html', '404.html', 'sitemap.xml', 'robots.txt']));
    expect(readFileSync(join(cwd, 'dist/tampa/index.html'), 'utf8')).toContain('Revitalize Your Health in Tampa');
    // Nothing half-written or temporary is left beside the site.
    expect(readdirSync(join(cwd, 'dist'))).toEqual(['tampa']);
  });

  it('replaces an earlier build of the same city completely', () => {
    const out = join(tempDir(), 'site');
    expect(runCli(['build', '-c', 'configs/tampa.yaml', '-o', out]).code).toBe(0);
    writeFileSync(join(out, 'stale.html'), 'old');
    expect(runCli(['build', '-c', 'configs/tampa.yaml', '-o', out]).code).toBe(0);
    expect(existsSync(join(out, 'stale.html'))).toBe(false);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
  });

  it('builds a folder of configs into <out>/<city-slug>/ and reports JSON', () => {
    const out = tempDir();
    const r = runCli(['build', '--config', 'configs', '--out', out, '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.ok).toBe(true);
    expect(report.sites.map((s: { slug: string }) => s.slug)).toEqual(['orlando', 'tampa', 'wesley-chapel']);
    expect(readdirSync(out).sort()).toEqual(['orlando', 'tampa', 'wesley-chapel']);
    expect(readFileSync(join(out, 'wesley-chapel/index.html'), 'utf8')).toContain('Revitalize Your Health in Wesley Chapel');
  });

  it('builds several --config flags in one run', () => {
    const out = tempDir();
    const r = runCli(['build', '-c', 'configs/tampa.yaml', '-c', 'configs/orlando.yaml', '-o', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('built 2 of 2 sites');
    expect(readdirSync(out).sort()).toEqual(['orlando', 'tampa']);
  });
});

describe('clinic-gen build with a broken config', () => {
  const cases: [string, string, RegExp][] = [
    ['broken YAML', tampa.replace('city: Tampa', 'city: [Tampa'), /^bad\.yaml:\d+:\d+ yaml: /m],
    ['a missing required field', tampa.replace(/^email: .*$/m, ''), /^bad\.yaml:3:1 email: missing; expected an email address like hello@example\.com$/m],
    ['a javascript: URL', tampa.replace('https://www.example.com/profiles/northstar-tampa', '"javascript:alert(1)"'), /^bad\.yaml:\d+:5 businessProfiles\[0\]: expected an http:\/\/ or https:\/\/ link/m],
    ['a bad colour', tampa.replace('"#1e40af"', 'navy'), /^bad\.yaml:\d+:15 primaryColor: expected a hex colour like #1d4ed8$/m],
    ['an unknown field', `${tampa}\nfax: (813) 555-0199\n`, /^bad\.yaml:\d+:1 fax: unknown field$/m],
  ];
  it.each(cases)('%s: names file, line, column and field; exits non-zero; no stack trace', (_, yaml, pattern) => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'bad.yaml'), yaml);
    const r = runCli(['build', '--config', 'bad.yaml'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(pattern);
    expect(r.stderr).not.toMatch(/^\s+at /m);
    expect(existsSync(join(cwd, 'dist'))).toBe(false);
  });

  it('says so when the config file does not exist', () => {
    const r = runCli(['build', '--config', 'configs/nowhere.yaml']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: config not found: configs/nowhere.yaml\nPass a YAML file such as configs/tampa.yaml, or a folder of them.\n');
  });
});

describe('clinic-gen validate, --help, --version', () => {
  it('validates configs', () => {
    const r = runCli(['validate', '--config', 'configs']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('configs/orlando.yaml: valid\nconfigs/tampa.yaml: valid\nconfigs/wesley-chapel.yaml: valid\n');
  });

  it('prints help with examples and the version', () => {
    const help = runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('build [options]');
    expect(runCli(['build', '--help']).stdout).toContain('clinic-gen build --config configs/tampa.yaml');
    const v = runCli(['--version']);
    expect(v.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
  });

  it('names an unknown command and exits non-zero', () => {
    const r = runCli(['bild']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("unknown command 'bild'");
  });
});

describe('clinic-gen build with a logo beside the config', () => {
  const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const withLogo = (path: string) => tampa.replace('primaryColor:', `logoUrl: ${path}\nprimaryColor:`);

  it('copies the logo into the site, where every page finds it', () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'tampa.yaml'), withLogo('/uploads/logo.png'));
    mkdirSync(join(cwd, 'uploads'));
    writeFileSync(join(cwd, 'uploads/logo.png'), PNG);
    const r = runCli(['build', '--config', 'tampa.yaml', '--out', 'site'], { cwd });
    expect(r.stderr).toBe('');
    expect(readFileSync(join(cwd, 'site/uploads/logo.png'))).toEqual(PNG);
    expect(readFileSync(join(cwd, 'site/index.html'), 'utf8')).toContain('<img src="uploads/logo.png"');
    expect(readFileSync(join(cwd, 'site/about/index.html'), 'utf8')).toContain('<img src="../uploads/logo.png"');
  });

  it('sanitizes an SVG logo', () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'tampa.yaml'), withLogo('/logo.svg'));
    writeFileSync(join(cwd, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10" fill="#1e40af"/></svg>');
    expect(runCli(['build', '--config', 'tampa.yaml', '--out', 'site'], { cwd }).code).toBe(0);
    const svg = readFileSync(join(cwd, 'site/logo.svg'), 'utf8');
    expect(svg).toContain('<rect');
    expect(svg).not.toMatch(/script|onload|alert/);
  });

  it.each([
    ['/uploads/missing.png', /^tampa\.yaml logoUrl: no file at uploads\/missing\.png/m],
    ['/notes.png', /^tampa\.yaml logoUrl: notes\.png is not a JPG, PNG, GIF or SVG image$/m],
  ])('refuses %s with a message naming logoUrl', (path, pattern) => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'tampa.yaml'), withLogo(path));
    writeFileSync(join(cwd, 'notes.png'), 'plain text, not an image');
    const r = runCli(['build', '--config', 'tampa.yaml'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(pattern);
    expect(existsSync(join(cwd, 'dist'))).toBe(false);
  });
});
