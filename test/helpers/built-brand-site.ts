import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { runCli, tempDir } from './cli.js';
import { ROOT } from './site.js';

/** Builds the sample brand site (configs/brand/northstar.yaml, its three locations) with the real CLI into a temp folder and returns the folder. */
export function buildBrandSample(): string {
  const out = join(tempDir('brand-sample-'), 'site');
  const r = runCli(['build', '--site', 'configs/brand/northstar.yaml', '--config', 'configs', '--out', out, '--contact-endpoint', 'https://clinic.example.com/api/contact']);
  if (r.code !== 0) throw new Error(`build failed: ${r.stderr}`);
  return out;
}

/**
 * buildBrandSample without blocking this process (a loaded machine may take a minute or two),
 * for browser tests whose beforeAll also starts a server and a browser; quiet.
 */
export async function buildBrandSampleAsync(prefix: string): Promise<string> {
  const out = join(tempDir(prefix), 'site');
  const args = ['build', '--site', 'configs/brand/northstar.yaml', '--config', 'configs', '--out', out, '--contact-endpoint', 'https://clinic.example.com/api/contact', '-q'];
  await new Promise<void>((resolve, reject) =>
    execFile(process.execPath, [join(ROOT, 'bin/clinic-gen.js'), ...args], { cwd: ROOT, env: { ...process.env, CI: '1' }, timeout: 170_000 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`clinic-gen build --site failed: ${stderr || error.message}`)) : resolve(),
    ),
  );
  return out;
}

/** The URL path of every page of a built site (`/`, `/about/`, ...: each folder's index.html), sorted. */
export function pagePaths(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f === 'index.html' || f.endsWith(`${sep}index.html`))
    .map((f) => `/${f.split(sep).slice(0, -1).map((s) => `${s}/`).join('')}`)
    .sort();
}
