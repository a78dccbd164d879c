import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
