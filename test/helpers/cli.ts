import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import type { CliIo } from '../../src/cli/io.js';
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

/** An io that keeps what a command prints, for calling `main` in this process. */
export function captureIo(opts: { cwd: string; env?: NodeJS.ProcessEnv; isTTY?: boolean }): CliIo & { stdout(): string; stderr(): string } {
  let stdout = '';
  let stderr = '';
  const line = (t: string) => (t.endsWith('\n') ? t : `${t}\n`);
  return {
    out: (t) => void (stdout += line(t)),
    err: (t) => void (stderr += line(t)),
    write: (t) => void (stdout += t),
    isTTY: opts.isTTY ?? false,
    cwd: opts.cwd,
    env: opts.env ?? {},
    stdout: () => stdout,
    stderr: () => stderr,
  };
}

/**
 * Runs `clinic-gen <args>` in this process through `main(argv, io)`, in `cwd` (default the
 * project), and returns what it printed and its exit code, as runCli does. Paths the CLI had to
 * make absolute (this process's own folder is the project) are shown relative to `cwd` again, the
 * way a user running the command there reads them.
 */
export async function runMain(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; isTTY?: boolean } = {}) {
  const cwd = opts.cwd ?? ROOT;
  const io = captureIo({ cwd, env: opts.env, isTTY: opts.isTTY });
  // Imported here, so tests that only want tempDir do not load the whole CLI.
  const { main } = await import('../../src/cli/main.js');
  const code = await main(['node', 'clinic-gen', ...args], io);
  const seen = (t: string) => t.replaceAll(cwd + sep, '');
  return { code, stdout: seen(io.stdout()), stderr: seen(io.stderr()) };
}

export function tempDir(prefix = 'clinic-gen-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
