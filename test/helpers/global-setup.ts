import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CACHE_DIR_ENV } from '../../src/site/images/cache-dir.js';

/**
 * One image cache for the whole test run (src/site/images/cache-dir.ts). Encoding the sample
 * photos from cold takes seconds each (AVIF most of it), and every test that builds a sample
 * city, in this process, in a worker or in a child process (they inherit the variable), would
 * otherwise start with an empty cache beside a temporary config or data folder. Tests of the
 * cache itself pass their own folder. A cache the caller named already is kept and left alone.
 */
export function setup(): () => void {
  if (process.env[CACHE_DIR_ENV]) return () => undefined;
  const dir = mkdtempSync(join(tmpdir(), 'clinic-gen-test-cache-'));
  process.env[CACHE_DIR_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
