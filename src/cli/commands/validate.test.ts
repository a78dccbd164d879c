import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../../test/helpers/cli.js';
import { ROOT } from '../../../test/helpers/site.js';

describe('clinic-gen validate', () => {
  it('says each valid config is valid', async () => {
    const r = await runMain(['validate', '--config', 'configs']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('configs/orlando.yaml: valid\nconfigs/tampa.yaml: valid\nconfigs/wesley-chapel.yaml: valid\n');
  });

  it('reports every problem of every config by file, line and field, and exits 1', async () => {
    const cwd = tempDir();
    const tampa = readFileSync(join(ROOT, 'configs/tampa.yaml'), 'utf8');
    writeFileSync(join(cwd, 'moscow.yaml'), tampa.replace('city: Tampa', 'city: Москва'));
    writeFileSync(join(cwd, 'tampa.yaml'), tampa);
    const r = await runMain(['validate', '-c', 'moscow.yaml', '-c', 'tampa.yaml'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('tampa.yaml: valid\n');
    expect(r.stderr).toBe('moscow.yaml:4:7 city: expected a city name written in Latin letters (its web address is made from it), like Tampa\n');
  });

  it('names a config that is not there', async () => {
    const r = await runMain(['validate', '-c', 'configs/nowhere.yaml']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: config not found: configs/nowhere.yaml\nPass a YAML file such as configs/tampa.yaml, or a folder of them.\n');
  });
});
