import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/cli.js';
import { MARKER, safeJoin, writeSite } from './write-site.js';

describe('writeSite', () => {
  it('writes every file, creating folders, and nothing else: no bookkeeping inside the site', async () => {
    const parent = tempDir();
    const out = join(parent, 'site');
    expect(writeSite({ 'index.html': 'home', 'a/b/index.html': 'deep' }, out)).toEqual({ ok: true });
    expect(readFileSync(join(out, 'a/b/index.html'), 'utf8')).toBe('deep');
    expect(readdirSync(out, { recursive: true }).sort()).toEqual(['a', 'a/b', 'a/b/index.html', 'index.html']);
    expect(readdirSync(parent)).toEqual(['site']);
  });

  it('leaves the previous site whole when a write fails, and no temporary folder behind', async () => {
    const parent = tempDir();
    const out = join(parent, 'site');
    writeSite({ 'index.html': 'previous' }, out);
    expect(() => writeSite({ 'index.html': 'new', '../escape.html': 'x' }, out, { owned: ['index.html'] })).toThrow(/outside the site folder/);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(parent)).toEqual(['site']);
  });
});

describe('writeSite replaces only what it wrote', () => {
  it('replaces its own earlier site (the files the manifest lists), and a missing or empty folder', () => {
    const out = join(tempDir(), 'site');
    writeSite({ 'index.html': 'one', 'old/index.html': 'gone soon' }, out);
    expect(writeSite({ 'index.html': 'two' }, out).ok).toBe(false);
    expect(writeSite({ 'index.html': 'two' }, out, { owned: ['index.html', 'old/index.html'] })).toEqual({ ok: true });
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('two');
    expect(existsSync(join(out, 'old'))).toBe(false);
    const empty = join(tempDir(), 'empty');
    mkdirSync(join(empty, 'sub'), { recursive: true });
    expect(writeSite({ 'index.html': 'x' }, empty)).toEqual({ ok: true });
  });

  it('refuses a folder holding files it did not write, and names it; --force replaces it', () => {
    const cwd = tempDir();
    const out = join(cwd, 'public');
    mkdirSync(out);
    writeFileSync(join(out, 'canary.txt'), 'still here');
    const r = writeSite({ 'index.html': 'x' }, out, { cwd });
    expect(r).toEqual({
      ok: false,
      error: 'public holds files clinic-gen did not write (canary.txt); nothing was replaced\nPass --force to replace the folder and everything in it, or pick a new folder with --out.',
    });
    expect(readFileSync(join(out, 'canary.txt'), 'utf8')).toBe('still here');
    expect(writeSite({ 'index.html': 'x' }, out, { cwd, force: true })).toEqual({ ok: true });
    expect(readdirSync(out).sort()).toEqual(['index.html']);
  });

  it('refuses its own site once a file was added to it', () => {
    const out = join(tempDir(), 'site');
    writeSite({ 'index.html': 'x' }, out);
    writeFileSync(join(out, 'notes.md'), 'mine');
    const r = writeSite({ 'index.html': 'y' }, out, { owned: ['index.html'] });
    expect(r.ok || r.error).toMatch(/holds files clinic-gen did not write \(notes\.md\)/);
    expect(existsSync(join(out, 'notes.md'))).toBe(true);
  });

  it('takes a folder holding nothing but the very files it is about to write (a build killed before recording it)', () => {
    const out = join(tempDir(), 'site');
    writeSite({ 'index.html': 'same', 'a/page.html': 'also same' }, out);
    const r = writeSite({ 'index.html': 'same', 'a/page.html': 'also same', 'new.html': 'n' }, out);
    expect(r).toEqual({ ok: true });
    // One byte off is not the same file.
    writeFileSync(join(out, 'index.html'), 'samE');
    expect(writeSite({ 'index.html': 'same', 'a/page.html': 'also same', 'new.html': 'n' }, out).ok).toBe(false);
  });

  it('still recognises a site of an earlier version by its .clinic-gen-site marker, which goes with the rewrite', () => {
    const out = join(tempDir(), 'site');
    mkdirSync(out);
    writeFileSync(join(out, 'index.html'), 'old');
    writeFileSync(join(out, MARKER), JSON.stringify({ tool: 'clinic-gen', files: ['index.html'] }));
    expect(writeSite({ 'index.html': 'new' }, out)).toEqual({ ok: true });
    expect(readdirSync(out)).toEqual(['index.html']);
  });

  it('never replaces the working folder, a folder holding it, a kept folder or one holding it, even with force', () => {
    const cwd = join(tempDir(), 'project');
    const configs = join(cwd, 'configs');
    mkdirSync(configs, { recursive: true });
    writeFileSync(join(configs, 'tampa.yaml'), 'city: Tampa');
    const keep = [{ path: configs, what: 'the folder of configs/tampa.yaml' }];
    const cases: [string, RegExp][] = [
      [cwd, /^refusing to replace \.: it is the working folder$/m],
      [dirname(cwd), /: it holds the working folder$/m],
      [configs, /^refusing to replace configs: it is the folder of configs\/tampa\.yaml$/m],
      ['/', /: it is the root of the file system$/m],
    ];
    for (const [out, message] of cases) {
      const r = writeSite({ 'index.html': 'x' }, out, { cwd, keep, force: true });
      expect(r.ok || r.error).toMatch(message);
    }
    expect(readFileSync(join(configs, 'tampa.yaml'), 'utf8')).toBe('city: Tampa');
    expect(readdirSync(cwd)).toEqual(['configs']);
  });
});

describe('writeSite over many cities', () => {
  const css = 'assets/site.0123456789.css';

  it('hard-links a shared asset to its first copy, and writes it again when that copy is gone', () => {
    const root = tempDir();
    const shared = new Map<string, string>();
    writeSite({ 'index.html': 'a', [css]: 'body{}' }, join(root, 'a'), { shared });
    writeSite({ 'index.html': 'b', [css]: 'body{}' }, join(root, 'b'), { shared });
    const [a, b] = [statSync(join(root, 'a', css)), statSync(join(root, 'b', css))];
    expect(b.ino).toBe(a.ino);
    expect(b.nlink).toBe(2);
    expect(readFileSync(join(root, 'b', css), 'utf8')).toBe('body{}');
    rmSync(join(root, 'a'), { recursive: true });
    rmSync(join(root, 'b'), { recursive: true });
    writeSite({ 'index.html': 'c', [css]: 'body{}' }, join(root, 'c'), { shared });
    expect(readFileSync(join(root, 'c', css), 'utf8')).toBe('body{}');
    expect(statSync(join(root, 'c', css)).nlink).toBe(1);
  });
});

describe('safeJoin', () => {
  it('joins the plain paths of a site as resolve does, and refuses any name that would leave the root', () => {
    const root = resolve('/srv/sites/tampa');
    for (const name of ['index.html', 'trt-therapy/index.html', 'assets/cards/home.0a1b2c3d4e.png', 'images/hero-7bb7b31fd4-800.avif', 'a/b.c/d_e-f', '.well-known/security.txt', 'x/./y', 'x//y']) {
      expect(safeJoin(root, name), name).toBe(resolve(root, name));
    }
    for (const name of ['../orlando/index.html', 'a/../../x', '/etc/passwd', '..', 'a\0b']) expect(() => safeJoin(root, name), name).toThrow(/outside the site folder/);
  });
});
