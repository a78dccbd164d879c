import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './site.js';

/** Runs the built `clinic-gen` bin as a user would, and returns what it printed and its exit code. */
export function runCli(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/clinic-gen.js'), ...args], {
    cwd: opts.cwd ?? ROOT,
    encoding: 'utf8',
    env: { ...process.env, CI: '1', ...opts.env },
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function tempDir(prefix = 'clinic-gen-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
