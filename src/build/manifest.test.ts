import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/cli.js';
import { fileCount, fileList, fileNames, intact, MANIFEST, readManifest, removeLeftovers, siteDirStamps, writeManifest, type SiteRecord } from './manifest.js';

const record = (over: Partial<SiteRecord> = {}): SiteRecord => ({
  config: '../configs/tampa.yaml',
  slug: 'tampa',
  digest: 'd',
  text: 't',
  configDigest: 'c',
  assets: [],
  files: fileList(['index.html', 'about/index.html']),
  dirs: '',
  warnings: [],
  ...over,
});

/**
 * Waits out the file system's clock tick: on kernels with coarse timestamps, a change in the same
 * few milliseconds as the stamp keeps it (git's "racily clean" case), which no build meets.
 */
function tick(): void {
  const until = Date.now() + 15;
  while (Date.now() < until);
}

describe('the build manifest', () => {
  it('is written whole through a rename, read back, and removed when it lists no site', () => {
    const dir = tempDir();
    writeManifest(dir, { sites: { tampa: record() } });
    expect(readdirSync(dir)).toEqual([MANIFEST]);
    expect(readManifest(dir).sites.tampa).toEqual(record());
    expect(fileNames(readManifest(dir).sites.tampa!)).toEqual(['about/index.html', 'index.html']);
    expect(fileCount(record())).toBe(2);
    expect(fileCount(record({ files: '' }))).toBe(0);
    writeManifest(dir, { sites: {} });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('reads a manifest it cannot use as an empty one (every city is then rebuilt)', () => {
    const dir = tempDir();
    for (const text of ['{', '{"tool":"other","format":1,"sites":{}}', JSON.stringify({ tool: 'clinic-gen', format: 99, sites: { tampa: record() } })]) {
      writeFileSync(join(dir, MANIFEST), text);
      expect(readManifest(dir)).toEqual({ sites: {} });
    }
    // A broken entry is dropped, the others kept.
    writeFileSync(join(dir, MANIFEST), JSON.stringify({ tool: 'clinic-gen', format: 1, sites: { tampa: record(), orlando: { ...record(), files: 3 } } }));
    expect(Object.keys(readManifest(dir).sites)).toEqual(['tampa']);
  });

  it("tells a site still whole from one that lost a file, gained one, or was replaced by another folder", () => {
    const out = join(tempDir(), 'tampa');
    mkdirSync(join(out, 'about'), { recursive: true });
    writeFileSync(join(out, 'index.html'), 'home');
    writeFileSync(join(out, 'about/index.html'), 'about');
    const dirs = siteDirStamps(out, ['index.html', 'about/index.html']);
    expect(dirs.split('\n')).toHaveLength(2);
    expect(intact(out, dirs)).toBe(true);
    tick();
    // Rewriting a file in place is not seen (and build never does it); its name leaving is.
    writeFileSync(join(out, 'index.html'), 'home, edited');
    expect(intact(out, dirs)).toBe(true);
    rmSync(join(out, 'about/index.html'));
    expect(intact(out, dirs)).toBe(false);
    writeFileSync(join(out, 'about/index.html'), 'about');
    const again = siteDirStamps(out, ['index.html', 'about/index.html']);
    tick();
    writeFileSync(join(out, 'notes.txt'), 'mine');
    expect(intact(out, again)).toBe(false);
    rmSync(join(out, 'notes.txt'));
    const now = siteDirStamps(out, ['index.html', 'about/index.html']);
    tick();
    // The same files in another folder moved into place: another inode.
    const copy = `${out}-copy`;
    mkdirSync(join(copy, 'about'), { recursive: true });
    writeFileSync(join(copy, 'index.html'), 'home, edited');
    writeFileSync(join(copy, 'about/index.html'), 'about');
    renameSync(out, `${out}-old`);
    renameSync(copy, out);
    expect(intact(out, now)).toBe(false);
    expect(intact(join(out, 'nowhere'), now)).toBe(false);
    expect(intact(out, '')).toBe(false);
  });

  it("removes what killed builds left (their temporary and old folders, a manifest being written), never a live build's, nor others' files", () => {
    const dir = tempDir();
    const dead = 2 ** 22 + 17; // above Linux's pid_max: no process has it
    const names = [`.tampa.tmp-${dead}-0a1b2c3d`, `.tampa.old-${dead}-0a1b2c3d`, `.orlando.tmp-${process.pid}-ffffffff`, `${MANIFEST}.tmp-${dead}-01234567`];
    const kept = [`.tampa.tmp-1-0a1b2c3d`, '.tampa.tmp-notes', 'tampa', '.tampa.tmp-12-xyz'];
    for (const n of [...names, ...kept]) mkdirSync(join(dir, n));
    writeFileSync(join(dir, `.tampa.tmp-${dead}-0a1b2c3d`, 'index.html'), 'half');
    // A one-city build sweeps only its own folder's leftovers.
    removeLeftovers(dir, new Set(['orlando']));
    expect(readdirSync(dir).sort()).toEqual([...kept, `.tampa.tmp-${dead}-0a1b2c3d`, `.tampa.old-${dead}-0a1b2c3d`].sort());
    removeLeftovers(dir);
    expect(readdirSync(dir).sort()).toEqual([...kept].sort());
  });
});
