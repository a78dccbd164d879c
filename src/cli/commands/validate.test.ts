import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../../test/helpers/cli.js';
import { ROOT } from '../../../test/helpers/site.js';

const tampa = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8');
const ENDPOINT = 'contactEndpoint: https://clinic.example.com/api/contact\n';
/** The warning of a config whose form can only work on the clinic server. */
const noEndpoint = (file: string) =>
  `warning: ${file} contactEndpoint: missing: the contact form posts to /api/contact, which only works when the clinic server itself serves the site (any other host answers with an error). Set contactEndpoint in the config to the clinic server's contact API, like https://clinic.example.com/api/contact, or pass --contact-endpoint.\n`;

describe('clinic-gen validate', () => {
  it('says each valid config is valid, and warns of a form that only works on the clinic server', async () => {
    const r = await runMain(['validate', '--config', 'configs']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('configs/orlando.yaml: valid\nconfigs/tampa.yaml: valid\nconfigs/wesley-chapel.yaml: valid\n');
    expect(r.stderr).toBe(['configs/orlando.yaml', 'configs/tampa.yaml', 'configs/wesley-chapel.yaml'].map(noEndpoint).join(''));
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

  it('fails with --strict, naming the config field and the flag', async () => {
    const r = await runMain(['validate', '-c', 'configs/tampa.yaml', '--strict']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(noEndpoint('configs/tampa.yaml').replace(/^warning: /, ''));
    expect(r.stderr).toMatch(/^configs\/tampa\.yaml contactEndpoint: .*--contact-endpoint\.$/m);
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

  it('refuses a --contact-endpoint that is not an http(s) URL', async () => {
    const r = await runMain(['validate', '-c', 'configs/tampa.yaml', '--contact-endpoint', '/api/contact']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'error: --contact-endpoint must be the http:// or https:// URL of the clinic server\'s contact API, not "/api/contact"\nFor example: --contact-endpoint https://clinic.example.com/api/contact\n',
    );
  });

  it('names a config that is not there', async () => {
    const r = await runMain(['validate', '-c', 'configs/nowhere.yaml']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: config not found: configs/nowhere.yaml\nPass a YAML file such as configs/tampa.yaml, or a folder of them.\n');
  });
});
