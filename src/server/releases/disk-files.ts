import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { link, lstat, mkdir, readdir, readFile, readlink, rename, rm, symlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { RELEASE_ID } from './store.js';

/**
 * The file-system moves a deploy is made of. Each one is either complete or has no visible effect:
 * a release is written in a hidden temporary folder and renamed into place; the live pointer is a
 * symlink replaced with rename(2), which swaps it in one step, so a reader sees the old release or
 * the new one and never a half-written folder, and a crash at any point leaves the previous
 * release live.
 *
 * Speed (`npm run bench -- redeploy`): a deploy's time goes to the file system (the kernel's work
 * of making each file and folder, and the waits for fsync), not to JavaScript. So the calls are
 * issued side by side through libuv's thread pool (the file system then commits a release's files
 * together rather than one by one), and a file an earlier release already holds is linked, not
 * written again (writeTree's `earlier`).
 */

/** Files and folders open at once: a 200-file site must not take 200 descriptors from a server under `ulimit -n 1024`. */
const FILES_AT_ONCE = 32;

/** Temporary names this process is still working in: removeStale leaves them alone. */
const working = new Set<string>();

/**
 * Unique suffix for temporary names; carries the pid so a later process can tell stale leftovers.
 * The tag counts as work in progress until a rename moves the name away (durableRename,
 * swapSymlink) or `settleTemp` is called, so a release may be written outside the store's lock
 * while another deploy sweeps the same folder.
 */
export function tempTag(): string {
  const tag = `${process.pid}-${randomBytes(6).toString('hex')}`;
  working.add(tag);
  return tag;
}

/** Ends the work in progress of a temporary name (`.tmp-<tag>`), removed or moved by its caller. */
export function settleTemp(path: string): void {
  const tag = /^\.(?:tmp|link|trash)-(\d+-[0-9a-f]+)$/.exec(basename(path))?.[1];
  if (tag) working.delete(tag);
}

/**
 * A callback-style fs call as a promise. Plain descriptors, not FileHandle: a FileHandle costs the
 * main thread about twice as much per file, and a redeploy of a hundred cities makes thousands.
 */
function call<T = void>(start: (done: (err: NodeJS.ErrnoException | null, value?: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => start((err, value) => (err ? reject(err) : resolve(value as T))));
}

/** Creates the file `path` (which must not exist) holding `bytes`; with `durable`, its data is on disk before this resolves. */
async function writeNew(path: string, bytes: Uint8Array, durable: boolean): Promise<void> {
  const fd = await call<number>((done) => fs.open(path, 'wx', done));
  try {
    for (let at = 0; at < bytes.byteLength; ) at += await call<number>((done) => fs.write(fd, bytes, at, bytes.byteLength - at, null, done));
    // fdatasync: the contents, and the size and blocks needed to read them back; a new file's times do not matter.
    if (durable) await call((done) => fs.fdatasync(fd, done));
  } finally {
    await call((done) => fs.close(fd, done));
  }
}

/** Flushes a folder to disk, so a power cut cannot lose the names written in it. */
async function fsyncPath(path: string): Promise<void> {
  const fd = await call<number>((done) => fs.open(path, 'r', done));
  try {
    await call((done) => fs.fsync(fd, done));
  } finally {
    await call((done) => fs.close(fd, done));
  }
}

/** Runs `work` on every item with at most `limit` running at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** The folders `names` need, grouped by depth (parents in an earlier group than their children). */
export function foldersByDepth(names: Iterable<string>): string[][] {
  const dirs = new Set<string>();
  for (const name of names) for (let d = dirname(name); d !== '.' && !dirs.has(d); d = dirname(d)) dirs.add(d);
  const levels: string[][] = [];
  for (const d of dirs) (levels[d.split('/').length - 1] ??= []).push(d);
  return levels.filter(Boolean);
}

/** What writeTree did: files written anew, and files linked from the earlier release (same bytes). */
export interface TreeWritten {
  written: number;
  linked: number;
}

/**
 * Writes `files` into the new folder `dir` (which must not exist). With `durable`, every file and
 * folder is on disk before this resolves: each file's data, then every folder (the names in it).
 * Folders of one depth are made together; files, and then folder syncs, run up to FILES_AT_ONCE
 * together.
 *
 * `earlier`: a complete release of the same site (the live one). A file whose bytes are exactly
 * those of the file of the same name there is hard-linked instead of written. This holds because
 * no release file is ever changed in place (a deploy makes new files; pruning only unlinks), the
 * earlier file's data was synced before that release went live, and the new name is made durable
 * by the folder's fsync like any other. A redeploy after a phone number changed then writes the
 * pages, not the scripts, styles, fonts and images again.
 */
export async function writeTree(dir: string, files: ReadonlyMap<string, Uint8Array>, durable: boolean, earlier?: string): Promise<TreeWritten> {
  await mkdir(dir);
  const levels = foldersByDepth(files.keys());
  for (const level of levels) await Promise.all(level.map((d) => mkdir(join(dir, d))));
  const done: TreeWritten = { written: 0, linked: 0 };
  await eachLimited([...files], FILES_AT_ONCE, async ([name, bytes]) => {
    if (earlier && (await linkSame(join(earlier, name), join(dir, name), bytes))) {
      done.linked++;
      return;
    }
    await writeNew(join(dir, name), bytes, durable);
    done.written++;
  });
  if (durable) await eachLimited([dir, ...levels.flat().map((d) => join(dir, d))], FILES_AT_ONCE, fsyncPath);
  return done;
}

/** Hard-links `from` as `to` when `from` is a regular file holding exactly `bytes`; false when it is not (or is gone). */
async function linkSame(from: string, to: string, bytes: Uint8Array): Promise<boolean> {
  try {
    // The size first: a page that changed usually changed its length, and then nothing is read.
    const st = await lstat(from);
    if (!st.isFile() || st.size !== bytes.byteLength) return false;
    const old = await readFile(from);
    if (!old.equals(bytes)) return false;
    await link(from, to);
    return true;
  } catch {
    return false;
  }
}

/** Renames `from` to `to` and makes the rename itself durable by syncing the parent folder. */
export async function durableRename(from: string, to: string, durable: boolean): Promise<void> {
  await rename(from, to);
  settleTemp(from);
  if (durable) await fsyncPath(dirname(to));
}

/**
 * Points the symlink `link` at `target` (relative to the link's folder) in one atomic step: a new
 * symlink under a temporary name, renamed over the old one.
 */
export async function swapSymlink(link: string, target: string, durable: boolean): Promise<void> {
  const tmp = join(dirname(link), `.link-${tempTag()}`);
  await symlink(target, tmp);
  try {
    await durableRename(tmp, link, durable);
  } catch (err) {
    await rm(tmp, { force: true });
    settleTemp(tmp);
    throw err;
  }
}

/** True when a process with this pid is running (EPERM: it runs under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes leftovers of deploys that died mid-way (`.tmp-<pid>-...`, `.link-<pid>-...`,
 * `.trash-<pid>-...`) whose process is gone. Another live process's work in progress is left
 * alone, and so is this process's own (tempTag). Other leftovers with our own pid are stale: a
 * restarted server in a container often gets the pid its crashed predecessor had.
 */
export async function removeStale(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  await Promise.all(
    names.map(async (name) => {
      const m = /^\.(tmp|link|trash)-((\d+)-[0-9a-f]+)$/.exec(name);
      // A `.trash-` folder is only ever deleted, so sweeping it with its owner at work is harmless.
      if (!m || (m[1] !== 'trash' && working.has(m[2]!))) return;
      const pid = Number(m[3]);
      if (pid !== process.pid && alive(pid)) return;
      await rm(join(dir, name), { recursive: true, force: true });
    }),
  );
}

/**
 * The release a site folder's `current` names, and how: a symlink (as the store writes it), or a
 * text file holding the link's target, as a copy made without symlinks leaves it (an archive
 * unpacked without them, a checkout with core.symlinks=false). Undefined when there is none.
 */
export async function livePointer(siteDir: string): Promise<{ id: string; as: 'link' | 'text' } | undefined> {
  const pointer = join(siteDir, 'current');
  const idOf = (target: string) => {
    const id = target.trim().startsWith('releases/') ? target.trim().slice('releases/'.length) : '';
    return RELEASE_ID.test(id) ? id : undefined;
  };
  try {
    const id = idOf(await readlink(pointer));
    return id ? { id, as: 'link' } : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EINVAL') return undefined;
    const text = await readFile(pointer, 'utf8').catch(() => '');
    const id = text.length < 200 ? idOf(text) : undefined;
    return id ? { id, as: 'text' } : undefined;
  }
}
