import { randomBytes } from 'node:crypto';
import { linkSync, lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { Message } from '../texts/message.js';
import type { SiteFiles } from '../model/files.js';
import { whyNotReplace, type KeepFolder } from './site-folder.js';

export { MARKER, type KeepFolder } from './site-folder.js';

export interface WriteSiteOptions {
  /** First written copy of each shared asset in this run, for hard links (see isHashedAsset). */
  shared?: Map<string, string>;
  /** Replace a folder that holds files clinic-gen did not write (never a kept folder, see below). */
  force?: boolean;
  /**
   * Folders the site may never replace, nor any folder holding one of them, even with `force`:
   * the config's folder, the root of a many-city build. The working folder, the home folder and
   * the file system's root are always kept.
   */
  keep?: KeepFolder[];
  /** The working folder: kept, and folders inside it are named relative to it in messages. */
  cwd?: string;
  /**
   * The files build wrote into `outDir` before, as the build manifest lists them (manifest.ts);
   * absent when the folder is not in it (a folder of an earlier version is then read by its marker).
   */
  owned?: readonly string[];
}

export type WriteSiteResult = { ok: true } | { ok: false; error: string };

/**
 * Writes a rendered site to `outDir`: first into a sibling temporary folder, then moved into place,
 * so a failed or interrupted build never leaves a half-written site where the old one was.
 * It only replaces what it wrote itself (`owned`, or a file with the very bytes about to be written
 * there): a folder holding other files is refused (unless `force`), and the working folder, a
 * folder holding the config and the like are refused always. Nothing but the site goes into the
 * folder: what build records about it lives beside it (manifest.ts).
 * Synchronous on purpose: it runs on the CLI's own thread or a build worker, and thousands of small
 * files go several times faster without a round trip through libuv's thread pool for each.
 */
export function writeSite(files: SiteFiles, outDir: string, opts: WriteSiteOptions = {}): WriteSiteResult {
  const target = resolve(outDir);
  const refusal = whyNotReplace(target, { ...opts, incoming: files });
  if (refusal) return { ok: false, error: says(refusal) };
  const { shared } = opts;
  const parent = dirname(target);
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const tmp = join(parent, `.${basename(target)}.tmp-${tag}`);
  mkdirSync(parent, { recursive: true });
  try {
    const paths = Object.keys(files).map((name) => [safeJoin(tmp, name), files[name]!] as const);
    const dirs = new Set(paths.map(([p]) => dirname(p)));
    mkdirSync(tmp);
    for (const d of [...dirs].sort()) if (d !== tmp) mkdirSync(d, { recursive: true });
    const written: string[] = [];
    for (const [p, content] of paths) {
      const name = p.slice(tmp.length + 1);
      if (shared && isHashedAsset(name) && tryLink(shared.get(name), p)) continue;
      writeFileSync(p, content);
      if (shared && isHashedAsset(name)) written.push(name);
    }
    const old = join(parent, `.${basename(target)}.old-${tag}`);
    // Asked first: a first build has no old folder, and the exception of a failed rename (its
    // stack trace) cost more than the lstat.
    let hadOld = false;
    if (lstatSync(target, { throwIfNoEntry: false })) {
      try {
        renameSync(target, old);
        hadOld = true;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    }
    renameSync(tmp, target);
    // Later sites of the same run link to this copy of each shared asset instead of writing it again.
    for (const name of written) shared!.set(name, join(target, name));
    if (hadOld) rmSync(old, { recursive: true, force: true });
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
  return { ok: true };
}

/**
 * Refuses, before a build does any work, an `outDir` no site may ever replace (the working
 * folder, a folder holding the config...: `keep` in WriteSiteOptions): such a build should not
 * spend seconds encoding photos, nor leave their cache behind, to be refused at the end. Only
 * those few paths are compared here; whether the folder holds files of its own is looked at by
 * writeSite, once, when it writes.
 */
export function refuseKeptFolder(outDir: string, opts: Omit<WriteSiteOptions, 'shared'> = {}): WriteSiteResult {
  const refusal = whyNotReplace(resolve(outDir), { ...opts, force: true });
  return refusal ? { ok: false, error: says(refusal) } : { ok: true };
}

/** One error line from a catalogue entry: the title, then its hint on the next line. */
function says(m: Message): string {
  return [m.title, m.message, m.hint].filter(Boolean).join('\n');
}

/**
 * The stylesheet, island and typeface are the same bytes in every city, under content-hashed
 * names (`assets/site.3f9a1c2b7e.css`, `assets/inter-latin-wght.3100e775e8.woff2`), and so are
 * photos and social cards several cities share (`images/front-3f9a1c2b7e-800.avif`,
 * `assets/cards/home.0a1b2c3d4e.png`): a run over many cities hard-links them to one copy, which
 * saves writing about 200 KB a city, and a few hundred KB a photo. They are never edited in place
 * (a change makes a new name).
 */
function isHashedAsset(name: string): boolean {
  return /^assets\/(cards\/)?[\w-]+\.[0-9a-f]{10}\.(css|js|woff2|png)$/.test(name) || /^images\/[a-z0-9-]+-[0-9a-f]{10}-\d+\.(avif|webp|jpg)$/.test(name);
}

function tryLink(from: string | undefined, to: string): boolean {
  if (!from) return false;
  try {
    linkSync(from, to);
    return true;
  } catch {
    return false; // another file system, or the first copy is gone: write it instead
  }
}

/** A site path made of plain names (`trt-therapy/index.html`): joined by hand, it stays inside its root. */
const PLAIN_PATH = /^(?!\.\.?(?:\/|$))[\w-][\w.-]*(?:\/(?!\.\.?(?:\/|$))[\w-][\w.-]*)*$/;

/**
 * Joins a site-relative file name to a root (absolute, as writeSite resolves it), refusing anything
 * that would land outside it. A plain path (nearly every file of a site) is joined by hand:
 * resolve() for each of a 1,000-city build's 58,000 files cost some 50 ms.
 */
export function safeJoin(root: string, name: string): string {
  if (PLAIN_PATH.test(name) && root.length > 1 && !root.endsWith(sep)) return sep === '/' ? `${root}/${name}` : `${root}${sep}${name.replaceAll('/', sep)}`;
  const full = resolve(root, name);
  if (name.includes('\0') || (full !== root && !full.startsWith(root + sep))) {
    throw new Error(`refusing to write "${name}": it is outside the site folder`);
  }
  return full;
}
