import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_DIR_ENV, configImageCacheDir, dataImageCacheDir } from './cache-dir.js';

/** Where photos are cached: beside the config (CLI), in the data folder (server), or where CLINIC_GEN_CACHE_DIR says. */
describe('image cache folders', () => {
  it('are beside the config for the CLI and in the data folder for the server by default', () => {
    expect(configImageCacheDir('configs/tampa.yaml', {})).toBe(resolve('configs/.clinic-gen-cache/images'));
    expect(configImageCacheDir('/srv/cities/tampa.yaml', {})).toBe('/srv/cities/.clinic-gen-cache/images');
    expect(dataImageCacheDir('data', {})).toBe(resolve('data/cache/images'));
    expect(dataImageCacheDir('/var/lib/clinic', { [CACHE_DIR_ENV]: '  ' })).toBe('/var/lib/clinic/cache/images');
  });

  it('both move to CLINIC_GEN_CACHE_DIR/images when it is set, a relative path taken from the working folder', () => {
    const env = { [CACHE_DIR_ENV]: '/tmp/shared-cache' };
    expect(configImageCacheDir('configs/tampa.yaml', env)).toBe('/tmp/shared-cache/images');
    expect(dataImageCacheDir('/var/lib/clinic', env)).toBe('/tmp/shared-cache/images');
    expect(dataImageCacheDir('data', { [CACHE_DIR_ENV]: 'cache' })).toBe(join(process.cwd(), 'cache', 'images'));
  });
});
