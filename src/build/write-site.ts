import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { SiteFiles } from '../pages/render-site.js';

/**
 * Writes a rendered site to `outDir`: first into a sibling temporary folder, then moved into place,
 * so a failed or interrupted build never leaves a half-written site where the old one was.
 * Synchronous on purpose: it runs on the CLI's own thread or a build worker, and thousands of small
 * files go several times faster without a round trip through libuv's thread pool for each.
 */
export function writeSite(files: SiteFiles, outDir: string): void {
  const target = resolve(outDir);
  const parent = dirname(target);
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const tmp = join(parent, `.${basename(target)}.tmp-${tag}`);
  mkdirSync(parent, { recursive: true });
  try {
    const paths = Object.keys(files).map((name) => [safeJoin(tmp, name), files[name]!] as const);
    const dirs = new Set(paths.map(([p]) => dirname(p)));
    mkdirSync(tmp);
    for (const d of [...dirs].sort()) if (d !== tmp) mkdirSync(d, { recursive: true });
    for (const [p, content] of paths) writeFileSync(p, content);
    const old = join(parent, `.${basename(target)}.old-${tag}`);
    let hadOld = true;
    try {
      renameSync(target, old);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      hadOld = false;
    }
    renameSync(tmp, target);
    if (hadOld) rmSync(old, { recursive: true, force: true });
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
}

/** Joins a site-relative file name to a root, refusing anything that would land outside it. */
export function safeJoin(root: string, name: string): string {
  const full = resolve(root, name);
  if (name.includes('\0') || (full !== root && !full.startsWith(root + sep))) {
    throw new Error(`refusing to write "${name}": it is outside the site folder`);
  }
  return full;
}
