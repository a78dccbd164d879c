import { mkdirSync, renameSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/cli.js';
import { configAssetSource, dirAssetSource, memoryAssetSource } from './asset-source.js';

/** Long enough for a file just written to count as settled (RACY_MS in asset-source.ts). */
const settle = () => new Promise((r) => setTimeout(r, 150));

/** Where the pipeline reads the files a config names by site path. */
describe('dirAssetSource', () => {
  const setup = () => {
    const root = tempDir();
    const site = join(root, 'configs');
    mkdirSync(join(site, 'uploads'), { recursive: true });
    writeFileSync(join(site, 'uploads/logo.png'), 'inside');
    writeFileSync(join(root, 'secret.txt'), 'outside');
    return { root, site };
  };

  it('reads a site path under the folder, which stands for the site root', async () => {
    const { site } = setup();
    const source = dirAssetSource(site);
    expect(Buffer.from((await source.read('/uploads/logo.png'))!).toString()).toBe('inside');
    expect(await source.read('/uploads/missing.png')).toBeUndefined();
    expect(await source.read('/uploads')).toBeUndefined();
    expect(source.fileFor('/uploads/logo.png')).toBe(join(site, 'uploads/logo.png'));
  });

  it('refuses paths that leave the folder, by name or through a symbolic link', async () => {
    const { root, site } = setup();
    symlinkSync(join(root, 'secret.txt'), join(site, 'uploads/link.png'));
    symlinkSync(root, join(site, 'up'));
    const source = dirAssetSource(site);
    expect(await source.read('/../secret.txt')).toBeUndefined();
    expect(await source.read('/uploads/link.png')).toBeUndefined();
    expect(await source.read('/up/secret.txt')).toBeUndefined();
  });

  it('follows a symbolic link that stays inside, and a folder that is itself a link', async () => {
    const { root, site } = setup();
    symlinkSync(join(site, 'uploads/logo.png'), join(site, 'alias.png'));
    symlinkSync(site, join(root, 'linked'));
    expect(Buffer.from((await dirAssetSource(site).read('/alias.png'))!).toString()).toBe('inside');
    expect(Buffer.from((await dirAssetSource(join(root, 'linked')).read('/uploads/logo.png'))!).toString()).toBe('inside');
  });

  it('reads a file once while it is unchanged, again when it changes, and never through a link turned outside', async () => {
    const { root, site } = setup();
    const file = join(site, 'uploads/logo.png');
    // Written, read and written again at once, the same length: most likely within one tick of
    // the file clock, so the stamp alone cannot tell the two apart.
    expect(Buffer.from((await dirAssetSource(site).read('/uploads/logo.png'))!).toString()).toBe('inside');
    writeFileSync(file, 'INSIDE');
    expect(Buffer.from((await dirAssetSource(site).read('/uploads/logo.png'))!).toString()).toBe('INSIDE');
    writeFileSync(file, 'inside');
    await settle();
    const first = await dirAssetSource(site).read('/uploads/logo.png');
    // Another city's source, same file: the bytes already read.
    expect(await configAssetSource(join(site, 'orlando.yaml')).read('/uploads/logo.png')).toBe(first);
    // Rewritten in place with other bytes of the same length, and replaced by another file.
    writeFileSync(file, 'INSIDE');
    expect(Buffer.from((await dirAssetSource(site).read('/uploads/logo.png'))!).toString()).toBe('INSIDE');
    writeFileSync(join(site, 'next.png'), 'the next logo');
    renameSync(join(site, 'next.png'), file);
    expect(Buffer.from((await dirAssetSource(site).read('/uploads/logo.png'))!).toString()).toBe('the next logo');
    // Now a link to a file outside the folder: refused, not served from what was read before.
    unlinkSync(file);
    symlinkSync(join(root, 'secret.txt'), file);
    expect(await dirAssetSource(site).read('/uploads/logo.png')).toBeUndefined();
  });

  it('refuses a file outside its folder through a link, though another source read it inside its own', async () => {
    const { site } = setup();
    mkdirSync(join(site, 'city'));
    // configs/city/logo.png leads to configs/uploads/logo.png: inside configs/, outside configs/city/.
    symlinkSync(join(site, 'uploads/logo.png'), join(site, 'city/logo.png'));
    await settle();
    expect(Buffer.from((await dirAssetSource(site).read('/city/logo.png'))!).toString()).toBe('inside');
    expect(await dirAssetSource(join(site, 'city')).read('/logo.png')).toBeUndefined();
  });

  it('for a config, is the config\'s folder', async () => {
    const { site } = setup();
    const source = configAssetSource(join(site, 'tampa.yaml'));
    expect(source.name).toBe("the config's folder");
    expect(Buffer.from((await source.read('/uploads/logo.png'))!).toString()).toBe('inside');
  });
});

describe('memoryAssetSource', () => {
  it('gives text as UTF-8 bytes and nothing for other paths', async () => {
    const source = memoryAssetSource({ '/logo.svg': '<svg/>' });
    expect(Buffer.from((await source.read('/logo.svg'))!).toString()).toBe('<svg/>');
    expect(await source.read('/toString')).toBeUndefined();
  });
});
