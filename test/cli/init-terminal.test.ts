import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain, tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';

// These spawn the built binary on purpose: init asks only when stdin and stdout are a terminal,
// and a pseudo-terminal (util-linux `script`) is the one faithful way to give it one, Ctrl+C included.

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
    const answers = [
      "Northstar Men's Health", '2100 South Florida Avenue', '338', '33803', '(863) 555-0100', 'lakeland@example.com', 'lakeland.example.com',
      'Mon-Fri 9-5', 'Mon-Fri 09:00-17:00', 'Florida', 'Polk County', '2026-12-01',
    ];
    const r = await initInTerminal(['--city', 'Lakeland', '--state', 'FL'], answers, cwd);
    expect(r.code).toBe(0);
    expect(r.shown).toContain('expected a ZIP code like 33545');
    expect(r.shown).toContain('expected 24-hour times like 09:00-18:00, not "9-5"');
    expect(r.shown).toContain('wrote configs/lakeland.yaml');
    expect((await runMain(['validate', '-c', 'configs/lakeland.yaml', '--contact-endpoint', 'same-origin'], { cwd })).code).toBe(0);
  }, 60_000);

  it('writes nothing when the user presses Ctrl+C', async () => {
    const cwd = tempDir();
    const r = await initInTerminal(['--city', 'Lakeland'], [null], cwd);
    expect(r.code).toBe(1);
    expect(r.shown).toContain('init cancelled; nothing was written');
    expect(existsSync(join(cwd, 'configs'))).toBe(false);
  }, 60_000);
});
