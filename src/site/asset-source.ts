import { realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileBytes } from '../model/files.js';

/**
 * Where the site pipeline reads the files a config names by site path (`logoUrl: /uploads/x.png`;
 * later photos, social cards, fonts). One small interface so every caller gets the same site from
 * the same config: the folder beside the config (build, dev, serve), the server's uploads (the
 * admin), a map (tests).
 */
export interface AssetSource {
  /** What the source is, in messages: `the config's folder (configs/)`, `this server's uploads`. */
  readonly name: string;
  /** What to do when a named file is not there, in messages (`upload the file again`). */
  readonly hint?: string;
  /**
   * The bytes of the file at a site path (`/uploads/logo.png`, already checked by the pipeline's
   * site path rules), or undefined when the source has no such file or refuses the path.
   */
  read(sitePath: string): Promise<Uint8Array | undefined>;
}

/** Asset sources on disk also say which file a site path stands for (dev watches it). */
export interface DirAssetSource extends AssetSource {
  /** The file a site path names under the folder (whether or not it exists). */
  fileFor(sitePath: string): string;
}

/**
 * Files under `dir`, which stands for the site's root: `/uploads/logo.png` is
 * `<dir>/uploads/logo.png`. A path that leaves the folder, also through a symbolic link, is
 * refused: real paths are compared, so a config cannot copy `/etc/passwd` into a public site.
 */
export function dirAssetSource(dir: string, opts: { name?: string; hint?: string } = {}): DirAssetSource {
  const root = resolve(dir);
  const shown = relative(process.cwd(), root);
  let realRoot: string | undefined;
  const fileFor = (sitePath: string) => resolve(root, `.${sitePath.startsWith('/') ? '' : '/'}${sitePath}`);
  return {
    name: opts.name ?? `the folder ${shown ? `${shown}/` : './'}`,
    hint: opts.hint,
    fileFor,
    async read(sitePath) {
      const file = fileFor(sitePath);
      if (!file.startsWith(root + sep)) return undefined;
      // The same file read before in this thread, and not changed since (a build of 1,000 cities
      // naming one logo reads it once). A file reached through a link that now leads elsewhere has
      // another device and inode, so it is checked and read again below.
      // Kept by root and file: a file that is inside one source's folder through a link may be
      // outside another's, and each source checks it once for itself.
      const stamp = fileStamp(file);
      const key = `${root}\0${file}`;
      const known = stamp && recent.get(key);
      if (known && known.stamp === stamp) return known.bytes;
      try {
        // realpath and stat answer in microseconds: synchronous, they cost a build of many cities
        // less than their round trips through the thread pool did. The read itself stays async.
        realRoot ??= realpathSync(root);
        const real = realpathSync(file);
        // Only regular files: a FIFO or device named in a config must not hang or flood a build.
        if (!real.startsWith(realRoot + sep) || !statSync(real).isFile()) return undefined;
        const bytes: Uint8Array = await readFile(real);
        if (stamp) remember(key, stamp, bytes);
        return bytes;
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * Files dirAssetSource read in this thread, by the source's folder and the file's path, with the
 * file's stamp, up to RECENT_BYTES in all (the oldest go first). Their bytes are shared by every
 * reader: nothing changes them.
 */
const recent = new Map<string, { stamp: string; bytes: Uint8Array }>();
const RECENT_BYTES = 16 * 1024 * 1024;
let recentBytes = 0;

function remember(key: string, stamp: string, bytes: Uint8Array): void {
  const old = recent.get(key);
  if (old) {
    recent.delete(key);
    recentBytes -= old.bytes.byteLength;
  }
  if (bytes.byteLength > RECENT_BYTES / 4) return;
  recent.set(key, { stamp, bytes });
  recentBytes += bytes.byteLength;
  for (const [k, v] of recent) {
    if (recentBytes <= RECENT_BYTES) break;
    recent.delete(k);
    recentBytes -= v.bytes.byteLength;
  }
}

/**
 * Which version of a file is on disk (device, inode, size, times), or undefined when it cannot be
 * seen or changed too lately to tell. File times move in clock ticks of a few milliseconds, so a
 * file written twice within one tick, at the same size, keeps its stamp: one changed in the last
 * RACY_MS has none, and is read again each time (as git treats a "racily clean" file). `racyMs`:
 * a longer window, for a stamp kept across runs on file systems whose times tick in seconds.
 */
export function fileStamp(file: string, racyMs = RACY_MS): string | undefined {
  try {
    const st = statSync(file, { bigint: true, throwIfNoEntry: false });
    if (!st) return undefined;
    const changed = Number((st.mtimeNs > st.ctimeNs ? st.mtimeNs : st.ctimeNs) / 1_000_000n);
    if (Date.now() - changed < racyMs) return undefined;
    return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
  } catch {
    return undefined;
  }
}

const RACY_MS = 100;

/**
 * The files a config names by site path, read from the config's folder, which stands for the
 * site's root (`logoUrl: /uploads/logo.png` is `configs/uploads/logo.png`): one rule for build,
 * dev and serve.
 */
export function configAssetSource(configPath: string): DirAssetSource {
  return dirAssetSource(dirname(configPath), {
    name: "the config's folder",
    hint: "the config's folder stands for the site's root (/uploads/logo.png is uploads/logo.png beside the config)",
  });
}

/** Files held in memory, by site path (`/uploads/logo.svg`): for tests. */
export function memoryAssetSource(files: Record<string, string | Uint8Array>, name = 'memory'): AssetSource {
  return {
    name,
    read: async (sitePath) => (Object.hasOwn(files, sitePath) ? fileBytes(files[sitePath]!) : undefined),
  };
}
