import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';

const VNU = join(ROOT, 'node_modules/vnu-jar/build/dist/vnu.jar');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

/** Every generated page of every sample city passes the Nu Html Checker. */
describe('Nu Html Checker', () => {
  it('finds no errors in any generated page of the sample cities', () => {
    const out = tempDir();
    expect(runCli(['build', '--config', 'configs', '--out', out, '--contact-endpoint', 'same-origin']).code).toBe(0);
    const files = htmlFiles(out);
    expect(files.length).toBeGreaterThanOrEqual(30);
    const r = spawnSync('java', ['-jar', VNU, '--errors-only', '--format', 'text', ...files], { encoding: 'utf8', timeout: 120_000 });
    expect(r.error).toBeUndefined();
    expect(r.stderr.trim()).toBe('Document checking completed. No errors found.');
    expect(r.status).toBe(0);
  }, 120_000);
});
