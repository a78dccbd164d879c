import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './site.js';

/**
 * Bundles a TypeScript fixture into plain JS that `node` can run as a child process (tsx is not
 * installed). Packages stay external and the bundle goes under node_modules/.cache, so Node
 * resolves them, better-sqlite3's native addon included, from the project's node_modules.
 */
export async function bundleFixture(entry: string): Promise<string> {
  const outDir = join(ROOT, 'node_modules/.cache/clinic-gen-tests');
  mkdirSync(outDir, { recursive: true });
  const outfile = join(outDir, `${entry.replace(/\W+/g, '_')}-${process.pid}.mjs`);
  await build({ entryPoints: [join(ROOT, entry)], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', jsx: 'automatic', logLevel: 'silent' });
  return outfile;
}
