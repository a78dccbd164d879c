import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleFixture } from '../../../test/helpers/bundle-fixture.js';
import { durableRename, foldersByDepth, removeStale, settleTemp, swapSymlink, tempTag, writeTree } from './disk-files.js';

/** The file-system moves of a deploy: complete trees, atomic switches, and sweeping only what is stale. */
const dirs: string[] = [];
const scratch = () => {
  const d = mkdtempSync(join(tmpdir(), 'clinic-release-fs-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const bytes = (text: string) => new TextEncoder().encode(text);
const site = new Map([
  ['index.html', bytes('<h1>home</h1>')],
  ['contact/index.html', bytes('<h1>contact</h1>')],
  ['contact/sent/index.html', bytes('<h1>sent</h1>')],
  ['assets/site.css', bytes('body{}')],
  ['logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255])],
  ['assets/empty.txt', new Uint8Array()],
]);

describe('writeTree', () => {
  it.each([true, false])('writes every file byte for byte in its folders (durable: %s)', async (durable) => {
    const dir = join(scratch(), 'release');
    await writeTree(dir, site, durable);
    for (const [name, content] of site) expect(new Uint8Array(readFileSync(join(dir, name)))).toEqual(content);
    expect(readdirSync(dir, { recursive: true }).map(String).sort()).toEqual(
      ['assets', 'assets/empty.txt', 'assets/site.css', 'contact', 'contact/index.html', 'contact/sent', 'contact/sent/index.html', 'index.html', 'logo.png'],
    );
  });

  it('refuses a folder that exists, leaving its contents alone', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'index.html'), 'old');
    await expect(writeTree(dir, site, true)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe('old');
  });

  it('writes a 200-file site in a process allowed 64 open files', async () => {
    // All files opened at once would fail with EMFILE here (a server under a low `ulimit -n`).
    const bundle = await bundleFixture('src/server/releases/disk-files.ts');
    const dir = join(scratch(), 'many');
    const script = `
      import { writeTree } from ${JSON.stringify(bundle)};
      const files = new Map(Array.from({ length: 200 }, (_, i) => [\`page-\${i}/index.html\`, new TextEncoder().encode('x'.repeat(20000) + i)]));
      await writeTree(process.argv[1], files, true);`;
    try {
      execFileSync('bash', ['-c', 'ulimit -n 64 && exec "$0" "$@"', process.execPath, '--input-type=module', '-e', script, dir], { stdio: 'pipe' });
    } finally {
      rmSync(bundle, { force: true });
    }
    expect(readdirSync(dir)).toHaveLength(200);
    expect(readFileSync(join(dir, 'page-199/index.html'), 'utf8')).toBe('x'.repeat(20000) + '199');
  });

  it('links the files an earlier release holds byte for byte, and writes the others', async () => {
    const root = scratch();
    await writeTree(join(root, 'r1'), site, true);
    mkdirSync(join(root, 'r1/new-page.html')); // a folder where the next release has a file
    const next = new Map(site);
    next.set('index.html', bytes('<h1>HOME</h1>')); // same length, other bytes
    next.set('contact/index.html', bytes('<h1>contact us</h1>'));
    next.set('new-page.html', bytes('new'));
    next.set('assets/extra.js', bytes('x'));

    const done = await writeTree(join(root, 'r2'), next, true, join(root, 'r1'));
    expect(done).toEqual({ written: 4, linked: 4 });
    const ino = (p: string) => statSync(join(root, p)).ino;
    for (const name of ['contact/sent/index.html', 'assets/site.css', 'assets/empty.txt', 'logo.png']) expect(ino(`r2/${name}`), name).toBe(ino(`r1/${name}`));
    for (const name of ['index.html', 'contact/index.html']) expect(ino(`r2/${name}`), name).not.toBe(ino(`r1/${name}`));
    for (const [name, content] of next) expect(new Uint8Array(readFileSync(join(root, 'r2', name))), name).toEqual(content);
    // The earlier release is as it was.
    expect(readFileSync(join(root, 'r1/index.html'), 'utf8')).toBe('<h1>home</h1>');

    // An earlier release that is gone: everything is written.
    expect(await writeTree(join(root, 'r3'), next, true, join(root, 'gone'))).toEqual({ written: 8, linked: 0 });
  });

  it('groups the folders a site needs by depth, parents first', () => {
    expect(foldersByDepth(['index.html', 'a/b/c/x.html', 'a/y.html', 'd/z.html'])).toEqual([['a', 'd'], ['a/b'], ['a/b/c']]);
    expect(foldersByDepth(['index.html'])).toEqual([]);
  });
});

describe('swapSymlink', () => {
  it('points the link at the new target and leaves no temporary link behind', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'releases/a'), { recursive: true });
    mkdirSync(join(dir, 'releases/b'));
    await swapSymlink(join(dir, 'current'), 'releases/a', true);
    await swapSymlink(join(dir, 'current'), 'releases/b', true);
    expect(readlinkSync(join(dir, 'current'))).toBe('releases/b');
    expect(readdirSync(dir).sort()).toEqual(['current', 'releases']);
  });
});

describe('removeStale', () => {
  it("sweeps dead processes' leftovers and our own finished ones, never work in progress", async () => {
    const dir = scratch();
    const deadPid = 2 ** 22 + 17; // above Linux's pid_max: no process has it
    const leftovers = [`.tmp-${deadPid}-0a1b2c3d4e5f`, `.link-${deadPid}-0a1b2c3d4e5f`, `.trash-${deadPid}-0a1b2c3d4e5f`, `.tmp-${process.pid}-ffffffffffff`];
    for (const name of leftovers) mkdirSync(join(dir, name));
    // pid 1 is alive (EPERM counts as alive): another process's deploy in progress.
    const othersWork = `.tmp-1-0a1b2c3d4e5f`;
    const ours = `.tmp-${tempTag()}`;
    for (const name of [othersWork, ours, 'tampa', '.tmp-notes']) mkdirSync(join(dir, name));

    await removeStale(dir);
    expect(readdirSync(dir).sort()).toEqual([othersWork, ours, '.tmp-notes', 'tampa'].sort());

    // Once renamed into place, the name is no longer ours to keep.
    await durableRename(join(dir, ours), join(dir, 'release-1'), true);
    expect(existsSync(join(dir, 'release-1'))).toBe(true);
    const abandoned = `.tmp-${tempTag()}`;
    mkdirSync(join(dir, abandoned));
    await removeStale(dir);
    expect(readdirSync(dir)).toContain(abandoned);
    settleTemp(join(dir, abandoned));
    await removeStale(dir);
    expect(readdirSync(dir)).not.toContain(abandoned);
  });
});
