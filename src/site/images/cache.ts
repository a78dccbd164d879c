import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ByteLru } from '../byte-lru.js';
import { readCacheText } from '../cache-prune.js';
import { encodePhoto, type EncodedPhoto, type EncodeResult } from './encode.js';
import { FORMAT_EXT, sha256, type PhotoFormat, type PhotoRole } from './settings.js';

/**
 * Encoding a photo takes seconds; a build of 1,000 cities sharing one hero photo must encode it
 * once, and a rebuild not at all. Three layers, by cache key (settings.ts: source hash, role,
 * settings, encoder): the photos this thread holds in memory, the encodes under way in it (the
 * 1,000 cities ask at once), and a folder on disk shared by threads, processes and later runs,
 * where a lock file makes one of them encode while the others wait for its entry.
 */

/** Memory held for encoded photos, by their bytes; least recently used go first. */
const memory = new ByteLru<EncodedPhoto>(64 * 1024 * 1024);
const inFlight = new Map<string, Promise<EncodeResult>>();

/** A lock not touched for this long belongs to a process that died mid-encode. */
const STALE_LOCK_MS = 30_000;
const HEARTBEAT_MS = 2_000;
/** Waiting for another encoder at most this long, then encoding anyway. */
const MAX_WAIT_MS = 10 * 60_000;

/**
 * The encoded photo for `key`: from memory, from an encode under way, from `dir`, or encoded now
 * from `bytes()` (read only then). `dir` absent: memory only.
 */
export function cachedPhoto(key: string, role: PhotoRole, bytes: () => Promise<Uint8Array | undefined>, dir?: string): Promise<EncodeResult> {
  const held = memory.get(key);
  if (held) return Promise.resolve({ ok: true, photo: held });
  let pending = inFlight.get(key);
  if (!pending) {
    pending = load(key, role, bytes, dir).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** Drops the photos held in memory, as a new process would start: for tests of the disk cache. */
export function forgetPhotosInMemory(): void {
  memory.clear();
}

async function load(key: string, role: PhotoRole, bytes: () => Promise<Uint8Array | undefined>, dir?: string): Promise<EncodeResult> {
  const encode = async (): Promise<EncodeResult> => {
    const source = await bytes();
    if (!source) return { ok: false, reason: 'unreadable' };
    const r = await encodePhoto(source, role);
    if (r.ok && dir) await writeEntry(dir, key, r.photo);
    return r;
  };
  const result = dir ? ((await readEntry(dir, key)) ?? (await underLock(dir, key, encode))) : await encode();
  if (result.ok) memory.set(key, result.photo, result.photo.variants.reduce((n, v) => n + v.bytes.byteLength, 0));
  return result;
}

interface Manifest {
  width: number;
  height: number;
  variants: { format: PhotoFormat; width: number; height: number; hash: string; file: string }[];
}

/** An entry on disk, each file checked against its hash; undefined when missing or damaged. */
async function readEntry(dir: string, key: string): Promise<EncodeResult | undefined> {
  try {
    const entry = join(dir, key);
    // The manifest's time is the entry's last use, for the cache's bound (cache-prune.ts).
    const m = JSON.parse(await readCacheText(join(entry, 'manifest.json'))) as Manifest;
    const variants = await Promise.all(
      m.variants.map(async (v) => {
        const bytes = new Uint8Array(await readFile(join(entry, v.file)));
        if (sha256(bytes) !== v.hash) throw new Error('damaged cache entry');
        return { format: v.format, width: v.width, height: v.height, hash: v.hash, bytes };
      }),
    );
    return { ok: true, photo: { width: m.width, height: m.height, variants } };
  } catch {
    return undefined;
  }
}

/**
 * Writes an entry whole or not at all (a folder renamed into place); a failed write (read-only
 * folder, full disk) leaves the photo in memory only.
 */
async function writeEntry(dir: string, key: string, photo: EncodedPhoto): Promise<void> {
  const tmp = join(dir, `.${key}.tmp-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(tmp, { recursive: true });
    const variants = photo.variants.map((v) => ({ format: v.format, width: v.width, height: v.height, hash: v.hash, file: `${v.width}.${FORMAT_EXT[v.format]}` }));
    await Promise.all(photo.variants.map((v, i) => writeFile(join(tmp, variants[i]!.file), v.bytes)));
    const manifest: Manifest = { width: photo.width, height: photo.height, variants };
    await writeFile(join(tmp, 'manifest.json'), `${JSON.stringify(manifest)}\n`);
    await rename(tmp, join(dir, key));
  } catch {
    // Another thread put the same entry in place first, or the folder cannot be written.
  } finally {
    await rm(tmp, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * Runs `encode` holding `<dir>/<key>.lock`, or waits for the holder's entry. The holder touches
 * the lock while it works, so a lock left by a process that died goes stale and is taken over.
 */
async function underLock(dir: string, key: string, encode: () => Promise<EncodeResult>): Promise<EncodeResult> {
  const lock = join(dir, `${key}.lock`);
  const started = Date.now();
  // Looked at again every 20 ms at first, then every 50: a city waiting for a photo another thread
  // encodes goes on within 50 ms of its entry (issue 41; at 250 ms a cold build's cities sat idle
  // that long after the last encode).
  for (let delay = 20; ; delay = Math.min(delay * 2, 50)) {
    let handle;
    try {
      await mkdir(dir, { recursive: true });
      handle = await open(lock, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return encode(); // no lock to be had: work alone
      const done = await readEntry(dir, key);
      if (done) return done;
      const age = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (age > STALE_LOCK_MS) await rm(lock, { force: true });
      else if (Date.now() - started > MAX_WAIT_MS) return encode();
      else await sleep(delay);
      continue;
    }
    const beat = setInterval(() => void utimes(lock, new Date(), new Date()).catch(() => undefined), HEARTBEAT_MS);
    beat.unref();
    try {
      return (await readEntry(dir, key)) ?? (await encode());
    } finally {
      clearInterval(beat);
      await handle.close();
      await rm(lock, { force: true });
    }
  }
}
