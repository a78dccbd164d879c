import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../../test/helpers/cli.js';
import { ROOT } from '../../test/helpers/site.js';

describe('clinic-gen --help, --version and mistakes', () => {
  it('prints help with examples, and the version', async () => {
    const help = await runMain(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: clinic-gen \[options\] \[command\]$/m);
    expect(help.stdout).toContain('build [options]');
    expect(help.stdout).toMatch(/Examples:\n {2}clinic-gen build --config configs\/tampa\.yaml --contact-endpoint https:\/\/clinic\.example\.com\/api\/contact\n/);
    expect((await runMain(['build', '--help'])).stdout).toMatch(/^ {2}-f, --force +rebuild every city, and replace a site folder even\n +when it holds files clinic-gen did not write$/m);
    const v = await runMain(['--version']);
    expect(v.stdout.trim()).toBe(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version);
  });

  it('names an unknown command or option and exits non-zero, pointing at --help', async () => {
    const r = await runMain(['bild']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("error: unknown command 'bild'\n(Did you mean build?)\n(run `clinic-gen --help` for the commands)\n");
    const flag = await runMain(['build', '-c', 'configs/tampa.yaml', '--frce']);
    expect(flag.code).toBe(1);
    expect(flag.stderr).toMatch(/^error: unknown option '--frce'\n\(Did you mean --force\?\)/);
  });

  it('prints a whole-number flag mistake as a message, not a stack', async () => {
    const r = await runMain(['serve', '-c', 'configs/tampa.yaml', '--port', '99999']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: The server cannot start:\n  - --port: expected a whole number from 0 to 65535\n');
  });

  it('lists every bad flag and setting of serve together, and starts nothing', async () => {
    const data = join(tempDir(), 'never');
    const env = { DATABASE_POOL_SIZE: 'x', CORS_ORIGINS: 'bad', TRUST_PROXY: 'bad' };
    const r = await runMain(['serve', '-c', 'configs/wesley-chapel.yaml', '--rate-limit', '-3', '--port', 'abc', '--data', data], { env });
    expect(r.code).toBe(1);
    for (const name of ['TRUST_PROXY', 'CORS_ORIGINS', 'DATABASE_POOL_SIZE', '--port', '--rate-limit']) expect(r.stderr).toMatch(new RegExp(`^  - ${name}: `, 'm'));
    expect(existsSync(data)).toBe(false);
  });
});
