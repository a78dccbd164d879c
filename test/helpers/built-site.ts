import { join } from 'node:path';
import { runCli, tempDir } from './cli.js';

/** Builds a sample city with the real CLI into a temp folder and returns the folder. */
export function buildSample(name: 'tampa' | 'orlando' | 'wesley-chapel' = 'tampa'): string {
  const out = join(tempDir(), name);
  const r = runCli(['build', '--config', `configs/${name}.yaml`, '--out', out, '--contact-endpoint', 'same-origin']);
  if (r.code !== 0) throw new Error(`build failed: ${r.stderr}`);
  return out;
}
