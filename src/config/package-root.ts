import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of clinic-gen's package.json, found by walking up from this module, which sits at a
 * different depth in the sources (src/config/) than in the bundle (lib/).
 */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'clinic-gen') return dir;
    dir = dirname(dir);
  }
  throw new Error('clinic-gen: cannot find its package folder');
}
