import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../../test/helpers/cli.js';
import { ROOT } from '../../../test/helpers/site.js';

const tampa = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8');
const ENDPOINT = 'contactEndpoint: https://clinic.example.com/api/contact\n';
/** The error of a config whose form has nowhere to post (NOTES.md decision 13), as build says it. */
const noEndpoint = (file: string) =>
  `${file} contactEndpoint: missing: the contact form has nowhere to post, and on a static host every patient's message would be lost. Set contactEndpoint in the config to the clinic server's contact API, like https://clinic.example.com/api/contact, or pass --contact-endpoint with that URL, or --contact-endpoint same-origin when the clinic server itself serves the site.\n`;

describe('clinic-gen validate', () => {
  it('fails each config whose form has nowhere to post, naming the field and the flag, as build does', async () => {
    const r = await runMain(['validate', '--config', 'configs']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(['configs/orlando.yaml', 'configs/tampa.yaml', 'configs/wesley-chapel.yaml'].map(noEndpoint).join(''));
  });

  it('says each sample is valid with --contact-endpoint same-origin, or a path in the config', async () => {
    const r = await runMain(['validate', '--config', 'configs', '--contact-endpoint', 'same-origin', '--strict']);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toBe('configs/orlando.yaml: valid\nconfigs/tampa.yaml: valid\nconfigs/wesley-chapel.yaml: valid\n');
    const cwd = tempDir();
    writeFileSync(join(cwd, 'tampa.yaml'), `${tampa}contactEndpoint: /api/contact\n`);
    const path = await runMain(['validate', '-c', 'tampa.yaml', '--strict'], { cwd });
    expect([path.code, path.stdout, path.stderr]).toEqual([0, 'tampa.yaml: valid\n', '']);
  });

  it("names each of a city's own facts it leaves out: hours, the terms' law and courts, the effective date (decision 14)", async () => {
    const cwd = tempDir();
    const without = tampa.replace(/^hours:\n(?: {2}.*\n)+/m, '').replace(/^legal:\n(?: {2}.*\n)+/m, '');
    expect(without).not.toMatch(/^(hours|legal):/m);
    writeFileSync(join(cwd, 'tampa.yaml'), without + ENDPOINT);
    const r = await runMain(['validate', '-c', 'tampa.yaml'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^tampa\.yaml:\d+:\d+ hours: required: this city's own opening hours, as a list like /m);
    expect(r.stderr).toMatch(/^tampa\.yaml:\d+:\d+ legal\.governingLaw: required: the state whose law governs this city's terms, like Florida$/m);
    expect(r.stderr).toMatch(/^tampa\.yaml:\d+:\d+ legal\.courts: required: the courts this city's terms name for disputes, like Hillsborough County$/m);
    expect(r.stderr).toMatch(/^tampa\.yaml:\d+:\d+ legal\.effectiveDate: required: the date this city's privacy policy and terms take effect, a date like 2024-01-01$/m);
    // No other city's facts stand in: an empty week is refused as well.
    writeFileSync(join(cwd, 'tampa.yaml'), tampa.replace(/^hours:\n(?: {2}.*\n)+/m, 'hours: []\n') + ENDPOINT);
    expect((await runMain(['validate', '-c', 'tampa.yaml'], { cwd })).stderr).toMatch(/^tampa\.yaml:\d+:\d+ hours: expected at least one entry: this city's own opening hours/m);
  });

  it('says nothing more when the config or --contact-endpoint names the clinic server', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'tampa.yaml'), tampa + ENDPOINT);
    const named = await runMain(['validate', '-c', 'tampa.yaml', '--strict'], { cwd });
    expect([named.code, named.stdout, named.stderr]).toEqual([0, 'tampa.yaml: valid\n', '']);
    const flag = await runMain(['validate', '-c', 'configs/tampa.yaml', '--contact-endpoint', 'https://clinic.example.com/api/contact', '--strict']);
    expect([flag.code, flag.stdout, flag.stderr]).toEqual([0, 'configs/tampa.yaml: valid\n', '']);
  });

  it('fails with --strict on an endpoint at a loopback or private address, naming it and PUBLIC_URL', async () => {
    const r = await runMain(['validate', '-c', 'configs/tampa.yaml', '--contact-endpoint', 'http://127.0.0.1:4700/api/contact', '--strict']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^configs\/tampa\.yaml contactEndpoint: http:\/\/127\.0\.0\.1:4700\/api\/contact posts to a loopback or private address \(127\.0\.0\.1\).*PUBLIC_URL/m);
  });

  it('reports every problem of every config by file, line and field, and exits 1', async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, 'moscow.yaml'), tampa.replace('city: Tampa', 'city: Москва'));
    writeFileSync(join(cwd, 'tampa.yaml'), tampa + ENDPOINT);
    const r = await runMain(['validate', '-c', 'moscow.yaml', '-c', 'tampa.yaml'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('tampa.yaml: valid\n');
    expect(r.stderr).toBe('moscow.yaml:4:7 city: expected a city name written in Latin letters (its web address is made from it), like Tampa\n');
  });

  it('refuses a --contact-endpoint that is neither an http(s) URL nor same-origin', async () => {
    const r = await runMain(['validate', '-c', 'configs/tampa.yaml', '--contact-endpoint', '/api/contact']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'error: --contact-endpoint must be the http:// or https:// URL of the clinic server\'s contact API, or same-origin, not "/api/contact"\nFor example: --contact-endpoint https://clinic.example.com/api/contact, or --contact-endpoint same-origin for a site the clinic server itself serves.\n',
    );
  });

  it('names a config that is not there', async () => {
    const r = await runMain(['validate', '-c', 'configs/nowhere.yaml']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: config not found: configs/nowhere.yaml\nPass a YAML file such as configs/tampa.yaml, or a folder of them.\n');
  });
});
