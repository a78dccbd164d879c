import type { Stats } from 'node:fs';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isSiteName } from '../bundle/names.js';
import { livePointer } from '../releases/disk-files.js';
import { RELEASE_ID } from '../releases/store.js';
import { UPLOAD_NAME } from '../uploads/store.js';
import { BackupError } from './backup-error.js';
import type { TarHeader } from './tar-format.js';
import type { TarWriter } from './tar-writer.js';

/**
 * The files of a backup besides its database (backup.ts): `deployments/`, every site's releases
 * each complete or absent, their hard links kept, and `uploads/`.
 */

/** How often a site's live release is read again when a deploy replaced it while it was read. */
const LIVE_ATTEMPTS = 5;

const code = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code;
const gone = (err: unknown) => code(err) === 'ENOENT' || code(err) === 'ENOTDIR';
const seconds = (st: Stats) => Math.floor(st.mtimeMs / 1000);

const dirHeader = (path: string, st: Stats): TarHeader => ({ path, type: 'directory', mode: st.mode & 0o777, mtime: seconds(st), size: 0 });

interface ReleaseItem {
  rel: string;
  st: Stats;
  /** A file's bytes; absent for a folder, and for a file the archive already holds (a hard link of an earlier release). */
  bytes?: Buffer;
}

/** Identity of a file on disk: the hard links of one file share it (size and time guard against a reused inode number). */
const inodeKey = (st: Stats) => `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;

/** The live release id of a site folder (its `current` symlink, or the text a copy without symlinks left), or undefined. */
const liveRelease = async (siteDir: string) => (await livePointer(siteDir))?.id;

/**
 * A release's folders and files, read whole before any of it is written, so a release a deploy
 * prunes meanwhile is left out whole rather than archived in part (undefined: it is gone). Files
 * another release already put in the archive (`archived`: hard links, as deploys make them) are
 * not read again.
 */
async function readRelease(dir: string, archived: ReadonlyMap<string, string>): Promise<{ st: Stats; items: ReleaseItem[] } | undefined> {
  const items: ReleaseItem[] = [];
  const walk = async (rel: string): Promise<void> => {
    const names = (await readdir(join(dir, rel))).sort();
    for (const name of names) {
      const r = rel ? `${rel}/${name}` : name;
      const st = await lstat(join(dir, r));
      if (st.isDirectory()) {
        items.push({ rel: r, st });
        await walk(r);
      } else if (st.isFile()) {
        items.push({ rel: r, st, bytes: archived.has(inodeKey(st)) ? undefined : await readFile(join(dir, r)) });
      }
      // A deploy writes folders and files only; anything else in a release is not the server's.
    }
  };
  try {
    const st = await lstat(dir);
    if (!st.isDirectory()) return undefined;
    await walk('');
    return { st, items };
  } catch (err) {
    if (gone(err)) return undefined;
    throw err;
  }
}

/**
 * `deployments/`: for each site, its live release first (read again if a deploy replaced it
 * meanwhile), then its other releases, then `current` as the symlink it is, pointing at the live
 * release the archive holds. Temporary names of deploys in progress are left out.
 */
export async function archiveDeployments(writer: TarWriter, root: string): Promise<{ sites: number; releases: number; files: number; notes: string[] }> {
  const done = { sites: 0, releases: 0, files: 0, notes: [] as string[] };
  const rootStat = await lstat(root).catch(() => undefined);
  if (!rootStat?.isDirectory()) return done;
  await writer.add(dirHeader('deployments', rootStat));
  /** Files in the archive by identity on disk -> their path in the archive (for hard links). */
  const archived = new Map<string, string>();
  for (const site of (await readdir(root)).filter(isSiteName).sort()) {
    const siteDir = join(root, site);
    const siteStat = await lstat(siteDir).catch(() => undefined);
    if (!siteStat?.isDirectory()) continue;
    let liveId: string | undefined;
    let live: Awaited<ReturnType<typeof readRelease>>;
    /** The pointer names a release that is not there, and kept naming it: copied as it is, pointing nowhere. */
    let dangling = false;
    for (let attempt = 0, tried: string | undefined; attempt < LIVE_ATTEMPTS && !live && !dangling; attempt++) {
      liveId = await liveRelease(siteDir);
      if (!liveId) break;
      live = await readRelease(join(siteDir, 'releases', liveId), archived);
      // Read missing twice under one pointer: no deploy is switching it (a deploy prunes only releases that are no longer live).
      dangling = !live && liveId === tried;
      tried = liveId;
    }
    if (liveId && !live && !dangling) throw new BackupError(`deployments/${site}: its live release was replaced ${LIVE_ATTEMPTS} times while it was read; run the backup again`);
    if (dangling) done.notes.push(`${site}: current points to releases/${liveId}, which is missing (copied as it is)`);
    const ids = (await readdir(join(siteDir, 'releases')).catch(() => [] as string[])).filter((n) => RELEASE_ID.test(n) && n !== liveId).sort().reverse();
    if (!live && ids.length === 0) continue; // removed meanwhile, or never deployed
    const base = `deployments/${site}`;
    await writer.add(dirHeader(base, siteStat));
    const releasesStat = await lstat(join(siteDir, 'releases')).catch(() => siteStat);
    await writer.add(dirHeader(`${base}/releases`, releasesStat));
    const write = async (id: string, release: NonNullable<typeof live>) => {
      const at = `${base}/releases/${id}`;
      await writer.add(dirHeader(at, release.st));
      for (const item of release.items) {
        const path = `${at}/${item.rel}`;
        if (item.st.isDirectory()) {
          await writer.add(dirHeader(path, item.st));
          continue;
        }
        const key = inodeKey(item.st);
        const earlier = archived.get(key);
        const header = { path, mode: item.st.mode & 0o777, mtime: seconds(item.st) };
        if (earlier) await writer.add({ ...header, type: 'hardlink', size: 0, linkpath: earlier });
        else {
          await writer.add({ ...header, type: 'file', size: item.bytes!.length }, item.bytes);
          archived.set(key, path);
        }
        done.files++;
      }
      done.releases++;
    };
    if (live && liveId) await write(liveId, live);
    for (const id of ids) {
      const release = await readRelease(join(siteDir, 'releases', id), archived);
      if (release) await write(id, release);
      else done.notes.push(`${site}: release ${id} left out: a deploy removed it while the backup read it`);
    }
    if (liveId) {
      await writer.add({ path: `${base}/current`, type: 'symlink', mode: 0o777, mtime: seconds(siteStat), size: 0, linkpath: `releases/${liveId}` });
      if (live) done.sites++;
    }
  }
  return done;
}

/** `uploads/`: the files the server named (UPLOAD_NAME); an upload in progress has a temporary name and is left out. */
export async function archiveUploads(writer: TarWriter, dir: string): Promise<number> {
  const st = await lstat(dir).catch(() => undefined);
  if (!st?.isDirectory()) return 0;
  await writer.add(dirHeader('uploads', st));
  let n = 0;
  for (const name of (await readdir(dir)).filter((f) => UPLOAD_NAME.test(f)).sort()) {
    const full = join(dir, name);
    const fst = await lstat(full).catch(() => undefined);
    if (!fst?.isFile()) continue;
    const bytes = await readFile(full);
    await writer.add({ path: `uploads/${name}`, type: 'file', mode: fst.mode & 0o777, mtime: seconds(fst), size: bytes.length }, bytes);
    n++;
  }
  return n;
}
