import { chmod, lstat, mkdir, opendir } from 'node:fs/promises';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';
import type { Logger } from '../log/logger.js';

/**
 * The data folder holds patients' messages, the accounts and the audit trail: only the user the
 * server runs as may read it (issue 38 item 6). Folders are 0700 and files 0600, however they
 * were made: by this release (the process's umask, below), or by an earlier one, a copy or a
 * restore that left 0755 and 0644 behind (tightened at every start, said once in the log).
 */

/** The mask of the processes that write the data folder: `serve` and the shell tasks (users, audit, keys). */
export const OWNER_ONLY_UMASK = 0o077;

/**
 * From now on, whatever this process makes (SQLite's files, uploads, releases, the brand file,
 * the photo cache) is its owner's alone. Process-wide, so only the CLI's own process asks; a
 * worker thread may not change it (Node refuses), and need not: it shares the process's.
 */
export function ownerOnlyUmask(): void {
  if (isMainThread) process.umask(OWNER_ONLY_UMASK);
}

/** Entries looked at, at most, in one folder tree: a bound on the walk, far above any data folder. */
const MAX_ENTRIES = 2_000_000;
/** lstat calls in flight at once. */
const BATCH = 64;

export interface Tightened {
  /** Folders and files this process owns whose mode was opened beyond their owner, now closed. */
  folders: number;
  files: number;
  /** Entries open to others but owned by another user: left as they are (chown them). */
  foreign: number;
  /** The walk stopped at MAX_ENTRIES. */
  cut: boolean;
}

export interface TightenOptions {
  /** Make the folder (0700) when it is missing. */
  create: boolean;
  /**
   * The entries of the folder to tighten, by name, each with what beside it shares its name
   * (`clinic.db` names `clinic.db-wal` too, `brand.yaml` its `brand.yaml.<pid>.tmp`): what the
   * server makes there. Anything else an operator keeps in the folder is left as it is, so a
   * data folder given as a home or project folder does not close that folder's other files.
   * Absent: every entry.
   */
  names?: readonly string[];
}

/** Whether a top entry is one of `names`, or shares its name (`clinic.db-wal`, `brand.yaml.1.tmp`). */
const named = (names: readonly string[] | undefined, entry: string) => !names || names.some((n) => entry === n || entry.startsWith(`${n}-`) || entry.startsWith(`${n}.`));

/**
 * Makes `dir` (created when missing, when `create`) and everything in it its owner's alone:
 * folders 0700, files without group or other bits (0644 -> 0600). Only what this process's
 * user owns is changed; symbolic links are neither followed nor changed (a link has no mode of
 * its own). Answers what it changed.
 */
export async function tightenFolder(dir: string, o: TightenOptions): Promise<Tightened | undefined> {
  if (o.create) await mkdir(dir, { recursive: true, mode: 0o700 });
  const root = await lstat(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });
  if (!root?.isDirectory()) return undefined;
  const uid = process.getuid?.();
  const out: Tightened = { folders: 0, files: 0, foreign: 0, cut: false };
  let seen = 0;
  const visit = async (path: string, st: Awaited<ReturnType<typeof lstat>>): Promise<boolean> => {
    const folder = st.isDirectory();
    if (!folder && !st.isFile()) return false;
    if ((Number(st.mode) & 0o077) === 0) return folder;
    if (uid !== undefined && Number(st.uid) !== uid) {
      out.foreign++;
      return folder;
    }
    await chmod(path, folder ? 0o700 : Number(st.mode) & 0o700);
    if (folder) out.folders++;
    else out.files++;
    return folder;
  };
  const folders: string[] = [];
  if (await visit(dir, root)) folders.push(dir);
  while (folders.length > 0) {
    const folder = folders.pop()!;
    const names: string[] = [];
    // A folder this user cannot read is another user's (counted above when open to others).
    const entries = await opendir(folder).catch(() => undefined);
    if (!entries) continue;
    for await (const entry of entries) {
      if (++seen > MAX_ENTRIES) {
        out.cut = true;
        return out;
      }
      if (folder !== dir || named(o.names, entry.name)) names.push(entry.name);
    }
    for (let i = 0; i < names.length; i += BATCH) {
      await Promise.all(
        names.slice(i, i + BATCH).map(async (name) => {
          const path = join(folder, name);
          // Gone meanwhile (SQLite's -wal of a server stopping): nothing left to close.
          const st = await lstat(path).catch(() => undefined);
          if (st && (await visit(path, st))) folders.push(path);
        }),
      );
    }
  }
  return out;
}

/**
 * The data folder made or tightened before the store opens, said once in the log when anything
 * was open to others (a data folder of an earlier release, a copy).
 */
export async function ownerOnlyDataFolder(dir: string, o: TightenOptions & { logger: Logger }): Promise<Tightened | undefined> {
  const t = await tightenFolder(dir, o);
  if (!t) return t;
  if (t.folders + t.files > 0) {
    o.logger.warn('data_folder.tightened', {
      folder: dir,
      folders: t.folders,
      files: t.files,
      note: 'the data folder held folders or files others could read; they are now readable by this user only (folders 0700, files 0600): it holds patients’ messages',
    });
  }
  if (t.foreign > 0) {
    o.logger.warn('data_folder.foreign', {
      folder: dir,
      entries: t.foreign,
      note: 'files or folders in the data folder belong to another user and others can read them: give them to the server’s user (chown -R) or remove them; run clinic-gen users, backup and keys as the server’s user',
    });
  }
  if (t.cut) o.logger.warn('data_folder.not_all_checked', { folder: dir, entries: MAX_ENTRIES });
  return t;
}
