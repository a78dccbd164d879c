import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { crc32 } from 'node:zlib';
import { ByteLru } from '../byte-lru.js';
import { readCacheFile } from '../cache-prune.js';
import type { Band } from './png.js';

/**
 * Drawn bands by cache key (a hash of everything drawn: social-cards.ts): the ones this thread
 * holds in memory (a brand's top and footer serve all its cities), then a folder on disk shared by
 * threads, processes and later runs, beside the photo cache (src/site/images/cache-dir.ts): a
 * rebuild draws nothing. An entry is written whole (renamed into place) or not at all; a damaged
 * one is drawn again.
 */
const memory = new ByteLru<Band>(32 * 1024 * 1024);

/** The card cache beside the photo cache: `.clinic-gen-cache/cards` (CLI), `<data>/cache/cards` (server). */
export function cardCacheDir(imageCacheDir: string | undefined): string | undefined {
  return imageCacheDir && join(dirname(imageCacheDir), 'cards');
}

/**
 * The band stored under `key`, from memory or `dir`; undefined when it was never drawn or is damaged.
 * `keep`: held in memory once read, for the next city of the brand. A city's own band (BandSpec.local)
 * serves that city alone: held, a build of 1,000 cities filled each thread's 32 MB with them.
 */
export async function readBand(key: string, dir: string | undefined, keep = true): Promise<Band | undefined> {
  const held = memory.get(key);
  if (held) return held;
  if (!dir) return undefined;
  try {
    // A band is a few dozen KB: read at once, it costs less than the four trips to libuv's
    // threads an async read takes, which was most of a rebuild's time for cards (1,000 cities).
    // Marked used, for the cache's bound (cache-prune.ts).
    const band = decode(new Uint8Array(readCacheFile(join(dir, `${key}.band`))));
    if (band && keep) remember(key, band);
    return band;
  } catch {
    return undefined;
  }
}

/** Folders this thread has made (or found) for the cache: a cold build stores thousands of bands in one. */
const made = new Set<string>();

/**
 * Keeps a band drawn now, in memory and (when there is one) in `dir`; a failed write keeps it in
 * memory only. Written at once, as bands are read: a cold build of 1,000 cities stores 3,000 bands,
 * and the four trips to libuv's threads an async write and rename take cost more than the write.
 */
export async function storeBand(key: string, band: Band, dir: string | undefined, keep = true): Promise<void> {
  // Without a folder, memory is the only place the band is kept.
  if (keep || !dir) remember(key, band);
  if (!dir) return;
  const tmp = join(dir, `.${key}.${randomBytes(4).toString('hex')}.tmp`);
  const write = () => {
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(tmp, encode(band));
    renameSync(tmp, join(dir, `${key}.band`));
  };
  try {
    try {
      write();
    } catch {
      // The folder may have gone since this thread made it (a cache cleared): made again, once.
      made.delete(dir);
      write();
    }
  } catch {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // Nothing was written, or it cannot be removed either: the cache is only ever a help.
    }
  }
}

/** Drops the bands held in memory, as a new process starts: for tests of the disk cache. */
export function forgetBandsInMemory(): void {
  memory.clear();
}

function remember(key: string, band: Band): void {
  memory.set(key, band, band.chunk.byteLength);
}

const MAGIC = 0x43474231; // 'CGB1'

function encode(band: Band): Uint8Array {
  const out = new Uint8Array(16 + band.chunk.byteLength);
  const v = new DataView(out.buffer);
  v.setUint32(0, MAGIC);
  v.setUint32(4, band.adler);
  v.setUint32(8, band.rawLength);
  v.setUint32(12, band.rows);
  out.set(band.chunk, 16);
  return out;
}

/** A stored band, checked: its header, and the CRC its IDAT chunk carries. */
function decode(bytes: Uint8Array): Band | undefined {
  if (bytes.byteLength < 28) return undefined;
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (v.getUint32(0) !== MAGIC) return undefined;
  const chunk = bytes.subarray(16);
  const c = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  const length = c.getUint32(0);
  if (length + 12 !== chunk.byteLength || (crc32(chunk.subarray(4, 8 + length)) >>> 0) !== c.getUint32(8 + length)) return undefined;
  return { adler: v.getUint32(4), rawLength: v.getUint32(8), rows: v.getUint32(12), chunk };
}
