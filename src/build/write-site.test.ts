import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helpers/cli.js';
import { writeSite } from './write-site.js';

describe('writeSite', () => {
  it('writes every file, creating folders', async () => {
    const out = join(tempDir(), 'site');
    writeSite({ 'index.html': 'home', 'a/b/index.html': 'deep' }, out);
    expect(readFileSync(join(out, 'a/b/index.html'), 'utf8')).toBe('deep');
  });

  it('leaves the previous site whole when a write fails, and no temporary folder behind', async () => {
    const parent = tempDir();
    const out = join(parent, 'site');
    mkdirSync(out);
    writeFileSync(join(out, 'index.html'), 'previous');
    expect(() => writeSite({ 'index.html': 'new', '../escape.html': 'x' }, out)).toThrow(/outside the site folder/);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('previous');
    expect(readdirSync(parent)).toEqual(['site']);
  });
});

describe('writeSite over many cities', () => {
  const css = 'assets/site.0123456789.css';

  it('hard-links a shared asset to its first copy, and writes it again when that copy is gone', () => {
    const root = tempDir();
    const shared = new Map<string, string>();
    writeSite({ 'index.html': 'a', [css]: 'body{}' }, join(root, 'a'), shared);
    writeSite({ 'index.html': 'b', [css]: 'body{}' }, join(root, 'b'), shared);
    const [a, b] = [statSync(join(root, 'a', css)), statSync(join(root, 'b', css))];
    expect(b.ino).toBe(a.ino);
    expect(b.nlink).toBe(2);
    expect(readFileSync(join(root, 'b', css), 'utf8')).toBe('body{}');
    rmSync(join(root, 'a'), { recursive: true });
    rmSync(join(root, 'b'), { recursive: true });
    writeSite({ 'index.html': 'c', [css]: 'body{}' }, join(root, 'c'), shared);
    expect(readFileSync(join(root, 'c', css), 'utf8')).toBe('body{}');
    expect(statSync(join(root, 'c', css)).nlink).toBe(1);
  });
});
