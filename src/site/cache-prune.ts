import { closeSync, fstatSync, futimesSync, openSync, readSync } from 'node:fs';
import { lstat, open, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * clinic-gen's cache folder (`.clinic-gen-cache/`, `<data>/cache/` or `$CLINIC_GEN_CACHE_DIR`:
 * images/cache-dir.ts) holds photos encoded (`images/`), card bands drawn (`cards/`) and compiled
 * pages (`templates/`), all named by content and settings. Nothing in it is ever replaced, so
 * without a bound it only grows: every photo uploaded again, every config edit (a city's own card
 * bands), every new version of the tool (its templates, and photos when the encoder changes).
 *
 * It is kept as a build cache keeps itself (ccache): entries are told apart by when they were last
 * used (their modification time, renewed on a read at most once a day, so a warm build does not
 * rewrite the cache), and once a day, when the folder holds more than its limit
 * (CLINIC_GEN_CACHE_MAX_MB, 1,024 MB unless set), the least recently used go until it holds three
 * quarters of it; entries used within the last day always stay (a limit smaller than one day's
 * builds need is said, not obeyed by throwing their work away). A limit of 0 keeps every entry.
 * What is removed is only ever made again when needed: a photo encoded, a band drawn, a shape
 * rendered. Files a crash left half-written and locks of encoders that died go once a day old.
 * Only names clinic-gen writes are looked at (NAMES).
 */

export const CACHE_MAX_ENV = 'CLINIC_GEN_CACHE_MAX_MB';
const DEFAULT_CACHE_MAX_MB = 1024;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The file whose time says when the folder was last looked over. */
const STAMP = '.last-pruned';
/** What a prune leaves, as a share of the limit: a folder just over it is not pruned every day. */
const KEEP_SHARE = 0.75;

type Env = Readonly<Record<string, string | undefined>>;

/** The cache's limit in bytes from the environment (0: no limit); undefined when the value is no whole number of MB. */
export function cacheLimitBytes(env: Env = process.env): number | undefined {
  const raw = env[CACHE_MAX_ENV]?.trim();
  if (!raw) return DEFAULT_CACHE_MAX_MB * 1024 * 1024;
  return /^\d{1,9}$/.test(raw) ? Number(raw) * 1024 * 1024 : undefined;
}

/** Renews an entry's time of use when it is a day old or more (a failure, as in a read-only cache, changes nothing). */
function renew(fd: number, mtimeMs: number, now: number): void {
  if (now - mtimeMs < DAY_MS) return;
  try {
    const t = new Date(now);
    futimesSync(fd, t, t);
  } catch {
    // Not ours to touch (a cache shared read-only): it is read all the same.
  }
}

/**
 * A cache file's bytes, read at once (the readers of bands and templates do so: see band-cache.ts),
 * marking it used. Throws as readFileSync does when it is missing.
 */
export function readCacheFile(path: string, now = Date.now()): Buffer {
  const fd = openSync(path, 'r');
  try {
    const st = fstatSync(fd);
    const bytes = Buffer.allocUnsafe(st.size);
    let at = 0;
    while (at < bytes.length) {
      const n = readSync(fd, bytes, at, bytes.length - at, at);
      if (n === 0) break;
      at += n;
    }
    renew(fd, st.mtimeMs, now);
    return at === bytes.length ? bytes : bytes.subarray(0, at);
  } finally {
    closeSync(fd);
  }
}

/** A cache file's text, read without blocking (a photo entry's manifest), marking it used. */
export async function readCacheText(path: string, now = Date.now()): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const st = await handle.stat();
    const text = await handle.readFile('utf8');
    if (now - st.mtimeMs >= DAY_MS) {
      const t = new Date(now);
      await handle.utimes(t, t).catch(() => undefined);
    }
    return text;
  } finally {
    await handle.close();
  }
}

export interface PruneResult {
  /** Entries and bytes found. */
  entries: number;
  bytes: number;
  /** Entries and bytes removed (leftovers of crashes included). */
  removed: number;
  removedBytes: number;
  /** Bytes of entries used within the last day: kept whatever the limit; above it, the limit is too small for one day's builds. */
  recentBytes: number;
}

interface Entry {
  path: string;
  bytes: number;
  used: number;
  /** A leftover (half-written, a dead lock): removed once a day old, whatever the limit. */
  leftover: boolean;
}

/** A file's size and time, or undefined when it has gone meanwhile (another process pruning). */
async function statOf(path: string): Promise<{ size: number; mtimeMs: number; dir: boolean } | undefined> {
  const st = await lstat(path).catch(() => undefined);
  return st && { size: st.size, mtimeMs: st.mtimeMs, dir: st.isDirectory() };
}

/** How many entries are looked at at once: libuv's threads share the work, a server's loop is never held. */
const AT_ONCE = 64;

/**
 * The names clinic-gen writes in each folder of its cache, and nothing else (a cache folder set to
 * a folder that holds other files too loses none of them): keys are 32 hex digits, a write's
 * random suffix 8 (images/cache.ts, cards/band-cache.ts, build/template-cache.ts).
 */
const NAMES: Record<string, { entry: RegExp; leftover: RegExp }> = {
  // A photo's folder of files; its lock while it is encoded; the folder it is written in.
  images: { entry: /^[0-9a-f]{32}$/, leftover: /^([0-9a-f]{32}\.lock|\.[0-9a-f]{32}\.tmp-[0-9a-f]{8})$/ },
  cards: { entry: /^[0-9a-f]{32}\.band$/, leftover: /^\.[0-9a-f]{32}\.[0-9a-f]{8}\.tmp$/ },
  templates: { entry: /^[0-9a-f]{32}\.json$/, leftover: /^[0-9a-f]{32}\.json\.[0-9a-f]{8}\.tmp$/ },
};

async function entriesOf(root: string): Promise<Entry[]> {
  const out: Entry[] = [];
  const entryOf = async (dir: string, name: string, leftover: boolean): Promise<Entry | undefined> => {
    const path = join(dir, name);
    const st = await statOf(path);
    if (!st) return undefined;
    if (!st.dir) return { path, bytes: st.size, used: st.mtimeMs, leftover };
    // A photo's entry: a folder of its files, used when its manifest was last read.
    const files = await readdir(path).catch(() => [] as string[]);
    const sizes = await Promise.all(files.map(async (f) => (await statOf(join(path, f)))?.size ?? 0));
    const manifest = await stat(join(path, 'manifest.json')).catch(() => undefined);
    return { path, bytes: sizes.reduce((a, b) => a + b, 0), used: manifest?.mtimeMs ?? st.mtimeMs, leftover };
  };
  for (const [kind, names] of Object.entries(NAMES)) {
    const dir = join(root, kind);
    const found = (await readdir(dir).catch(() => [] as string[])).flatMap((n) =>
      names.entry.test(n) ? [{ n, leftover: false }] : names.leftover.test(n) ? [{ n, leftover: true }] : [],
    );
    for (let i = 0; i < found.length; i += AT_ONCE) {
      for (const e of await Promise.all(found.slice(i, i + AT_ONCE).map((f) => entryOf(dir, f.n, f.leftover)))) if (e) out.push(e);
    }
  }
  return out;
}

/**
 * Looks the cache folder `root` over: leftovers a day old go, and over `maxBytes` (0: no limit)
 * the least recently used entries go until it holds three quarters of it, but never one used
 * within the last day (a build's own entries: reads renew an entry's time when it is a day old).
 * An entry that cannot be removed (another user's, in a shared cache) is left and not counted.
 * `stop`: asked between removals; true ends the work (a server stopping).
 */
export async function pruneCache(root: string, maxBytes: number, now = Date.now(), stop: () => boolean = () => false): Promise<PruneResult> {
  const entries = await entriesOf(root);
  const bytes = entries.reduce((n, e) => n + e.bytes, 0);
  const recent = entries.filter((e) => !e.leftover && now - e.used < DAY_MS);
  const result: PruneResult = { entries: entries.length, bytes, removed: 0, removedBytes: 0, recentBytes: recent.reduce((n, e) => n + e.bytes, 0) };
  let held = bytes;
  const remove = async (e: Entry) => {
    try {
      await rm(e.path, { recursive: true, force: true });
    } catch {
      return;
    }
    result.removed++;
    result.removedBytes += e.bytes;
    held -= e.bytes;
  };
  for (const e of entries) {
    if (stop()) return result;
    if (e.leftover && now - e.used >= DAY_MS) await remove(e);
  }
  if (maxBytes > 0 && held > maxBytes) {
    const older = entries.filter((e) => !e.leftover && now - e.used >= DAY_MS).sort((a, b) => a.used - b.used);
    for (const e of older) {
      if (held <= maxBytes * KEEP_SHARE || stop()) break;
      await remove(e);
    }
  }
  return result;
}

/**
 * pruneCache once a day per folder, `limit` from cacheLimitBytes: undefined when the folder was
 * looked over less than a day ago, or never (a new cache, whose first build need not walk what it
 * just wrote: the day counts from then), or does not exist. The mark is set first, so processes
 * starting together do not all prune.
 */
export async function pruneCacheIfDue(root: string, limit: number, now = Date.now(), stop?: () => boolean): Promise<PruneResult | undefined> {
  const stamp = join(root, STAMP);
  const last = await stat(stamp).catch(() => undefined);
  if (last && now - last.mtimeMs < DAY_MS) return undefined;
  if (!(await stat(root).catch(() => undefined))?.isDirectory()) return undefined;
  try {
    await writeFile(stamp, '');
    const t = new Date(now);
    await utimes(stamp, t, t);
  } catch {
    // A folder this process cannot write to is not this process's to prune.
    return undefined;
  }
  return last ? pruneCache(root, limit, now, stop) : undefined;
}
