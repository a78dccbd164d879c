import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, symlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * The file-system moves a deploy is made of. Each one is either complete or has no visible effect:
 * a release is written in a hidden temporary folder and renamed into place; the live pointer is a
 * symlink replaced with rename(2), which swaps it in one step, so a reader sees the old release or
 * the new one and never a half-written folder, and a crash at any point leaves the previous
 * release live.
 */

/** Unique suffix for temporary names; carries the pid so a later process can tell stale leftovers. */
export function tempTag(): string {
  return `${process.pid}-${randomBytes(6).toString('hex')}`;
}

/** Flushes a file or folder to disk, so a power cut cannot leave a pointer to unwritten data. */
async function fsyncPath(path: string): Promise<void> {
  const fh = await open(path, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/**
 * Writes `files` into the new folder `dir` (which must not exist). With `durable`, every file and
 * folder is fsynced before this resolves.
 */
export async function writeTree(dir: string, files: ReadonlyMap<string, Uint8Array>, durable: boolean): Promise<void> {
  await mkdir(dir);
  const dirs = new Set<string>();
  for (const name of files.keys()) for (let d = dirname(name); d !== '.'; d = dirname(d)) dirs.add(d);
  // Parents before children: sorting puts 'a' before 'a/b'.
  for (const d of [...dirs].sort()) await mkdir(join(dir, d), { recursive: true });
  await Promise.all(
    [...files].map(async ([name, bytes]) => {
      const fh = await open(join(dir, name), 'wx');
      try {
        await fh.writeFile(bytes);
        if (durable) await fh.sync();
      } finally {
        await fh.close();
      }
    }),
  );
  if (durable) await Promise.all([dir, ...[...dirs].map((d) => join(dir, d))].map(fsyncPath));
}

/** Renames `from` to `to` and makes the rename itself durable by syncing the parent folder. */
export async function durableRename(from: string, to: string, durable: boolean): Promise<void> {
  await rename(from, to);
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
 * `.trash-<pid>-...`) whose process is gone. Another live process's work in progress is left alone.
 * Leftovers with our own pid are stale too: callers hold the site's lock, and a restarted server
 * in a container often gets the pid its crashed predecessor had.
 */
export async function removeStale(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = /^\.(tmp|link|trash)-(\d+)-/.exec(name);
    if (!m) continue;
    const pid = Number(m[2]);
    if (pid !== process.pid && alive(pid)) continue;
    await rm(join(dir, name), { recursive: true, force: true });
  }
}
