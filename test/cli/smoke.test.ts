import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';

// The commands are tested in-process beside their code (src/cli/commands/*.test.ts). This file runs
// the built binary as a user does: the bin script, the bundle in lib/, its build workers, the pipes.

describe('the clinic-gen binary', () => {
  it('prints its version and help', () => {
    const v = runCli(['--version']);
    expect([v.code, v.stdout.trim()]).toEqual([0, JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version]);
    const help = runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: clinic-gen \[options\] \[command\]\n/);
  });

  it('builds a folder of cities on worker threads, the manifest beside the sites and nothing inside them', () => {
    const configs = tempDir();
    const tampa = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8');
    // More than one batch of 8, so a worker thread builds some of them.
    const cities = ['Ocala', 'Naples', 'Sarasota', 'Clearwater', 'Destin', 'Sebring', 'Venice', 'Largo', 'Tavares', 'Apopka'];
    for (const c of cities) writeFileSync(join(configs, `${c.toLowerCase()}.yaml`), tampa.replace('city: Tampa', `city: ${c}`));
    const out = tempDir();
    const r = runCli(['build', '--config', configs, '--out', out, '--json', '--contact-endpoint', 'same-origin']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).sites).toHaveLength(cities.length);
    // The first batch of 8 goes to the worker as it starts; this thread builds the rest meanwhile.
    expect(JSON.parse(r.stdout).threads).toEqual({ main: 2, workers: 8 });
    for (const c of cities) {
      expect(readFileSync(join(out, c.toLowerCase(), 'index.html'), 'utf8')).toContain(`Revitalize Your Health in ${c}`);
      expect(existsSync(join(out, c.toLowerCase(), '.clinic-gen-site'))).toBe(false);
      expect(JSON.parse(readFileSync(join(out, '.clinic-gen-build.json'), 'utf8')).sites[c.toLowerCase()].files.split('\n')).toContain('index.html');
    }
    // Built again over its own output: no --force needed, and nothing to do.
    const again = runCli(['build', '--config', configs, '--out', out, '--contact-endpoint', 'same-origin']);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^10 of 10 sites up to date: 0 rebuilt, 10 unchanged; 0 files written in \d+ ms\n$/);
    expect(runCli(['build', '--config', configs, '--out', out, '-q', '--force', '--contact-endpoint', 'same-origin']).code).toBe(0);
  });

  it('builds 200 cities on worker threads alone, each city as a build of it alone makes it', () => {
    const configs = tempDir();
    const tampa = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8');
    // From 200 cities (WORKERS_ONLY_FROM in src/build/pool.ts) the main thread builds none of them.
    const name = (i: number) => String.fromCharCode(65 + Math.floor(i / 26)) + String.fromCharCode(97 + (i % 26));
    const cities = Array.from({ length: 200 }, (_, i) => `${name(i)} Springs`);
    cities.forEach((c, i) => writeFileSync(join(configs, `city-${i}.yaml`), tampa.replace('city: Tampa', `city: ${c}`)));
    const out = tempDir();
    const r = runCli(['build', '--config', configs, '--out', out, '--json', '--contact-endpoint', 'same-origin']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { sites: unknown[]; threads: { main: number; workers: number } };
    expect(report.sites).toHaveLength(200);
    expect(report.threads).toEqual({ main: 0, workers: 200 });
    for (const c of cities) expect(readFileSync(join(out, c.toLowerCase().replace(' ', '-'), 'index.html'), 'utf8')).toContain(`Revitalize Your Health in ${c}`);
    const one = tempDir();
    expect(runCli(['build', '--config', join(configs, 'city-137.yaml'), '--out', one, '-q', '--contact-endpoint', 'same-origin']).code).toBe(0);
    const files = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).sort();
    const folder = join(out, cities[137]!.toLowerCase().replace(' ', '-'));
    expect(files(folder)).toEqual(files(one));
    for (const f of files(one).filter((f) => f.endsWith('.html') || f.endsWith('.png'))) {
      expect(readFileSync(join(folder, f)).equals(readFileSync(join(one, f))), f).toBe(true);
    }
  });

  it('starts through its #! line with a plain `env node`: busybox and older coreutils have no `env -S`', () => {
    expect(readFileSync(join(ROOT, 'bin/clinic-gen.js'), 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
  });

  it('refuses --out . in the working folder and leaves it whole', () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'tampa.yaml'), readFileSync(join(ROOT, 'configs/tampa.yaml')));
    mkdirSync(join(cwd, '.git'));
    writeFileSync(join(cwd, 'canary.txt'), 'still here');
    const r = runCli(['build', '--config', 'tampa.yaml', '--out', '.', '--force', '--contact-endpoint', 'same-origin'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^refusing to replace \.: it is the working folder$/m);
    expect(readdirSync(cwd).sort()).toEqual(['.git', 'canary.txt', 'tampa.yaml']);
  });
});

/** Runs the binary with its stdout read by nobody: the pipe is closed before it writes. */
function withReaderGone(args: string[], cwd = ROOT): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/clinic-gen.js'), ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.destroy();
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => void (stderr += String(d)));
  return new Promise((done) => child.on('close', (code) => done({ code, stderr })));
}

describe('the clinic-gen binary when its reader goes away (clinic-gen --help | head -1)', () => {
  it('exits quietly, with its usual code', async () => {
    expect(await withReaderGone(['--help'])).toEqual({ code: 0, stderr: '' });
    expect(await withReaderGone(['schema'])).toEqual({ code: 0, stderr: '' });
  });

  it('still finishes its work', async () => {
    const out = join(tempDir(), 'site');
    // With an endpoint, so the build has no warning to print and stderr must stay empty.
    const args = ['build', '--config', 'configs/tampa.yaml', '--out', out, '--contact-endpoint', 'https://clinic.example.com/api/contact'];
    expect(await withReaderGone(args)).toEqual({ code: 0, stderr: '' });
    expect(existsSync(join(out, 'index.html'))).toBe(true);
  });
});
