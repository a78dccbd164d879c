import { randomBytes } from 'node:crypto';
import type { SiteBytes } from '../bundle/files.js';
import { SITE_BODY_MAX_BYTES } from '../bundle/names.js';

/**
 * Preview (spec: "opens a new window with index.html"). The admin posts the generated files to
 * its API and opens the URL it gets back: /preview/<id>/ on the sites listener, which serves them
 * like a site folder, so navigation, the stylesheet and the logo all work in the preview window.
 * A preview is generated HTML and JavaScript, so it never runs on the admin's origin
 * (docs/decisions/009-hosted-sites-origin.md). Its id (128 random bits) is the only key: previews
 * live in memory, a few at a time (and a bounded number of bytes) and for half an hour.
 */
export const PREVIEW_LIMITS = {
  ttlMs: 30 * 60_000,
  maxPreviews: 8,
  maxBodyBytes: SITE_BODY_MAX_BYTES,
  /** Bytes all previews hold together: a few sites with photos (up to 32 MB each), not 8 of the largest. */
  maxTotalBytes: 96 * 1024 * 1024,
} as const;
/** A preview's id: 128 random bits in hex; both stores answer nothing for anything else. */
export const PREVIEW_ID = /^[0-9a-f]{32}$/;

/**
 * The previews, shared by the admin (which adds) and the sites listener (which serves): in this
 * process (one server), or in the database every server shares (previews/pg-store.ts), so a
 * preview made through one server opens through another behind the same balancer.
 */
export interface PreviewStore {
  add(files: SiteBytes): Promise<string>;
  get(id: string): Promise<SiteBytes | undefined>;
}

/** An in-memory preview store with a time limit and a cap. */
export function createPreviewStore(now: () => number = Date.now): PreviewStore {
  const previews = new Map<string, { files: SiteBytes; bytes: number; expires: number }>();
  let total = 0;
  const drop = (id: string) => {
    total -= previews.get(id)!.bytes;
    previews.delete(id);
  };
  const sweep = () => {
    for (const [id, p] of previews) if (p.expires <= now()) drop(id);
    // Oldest first in a Map: drop from the front beyond the caps, never the newest.
    while (previews.size > PREVIEW_LIMITS.maxPreviews || (previews.size > 1 && total > PREVIEW_LIMITS.maxTotalBytes)) drop(previews.keys().next().value!);
  };
  return {
    async add(files) {
      const id = randomBytes(16).toString('hex');
      let bytes = 0;
      for (const b of files.values()) bytes += b.byteLength;
      previews.set(id, { files, bytes, expires: now() + PREVIEW_LIMITS.ttlMs });
      total += bytes;
      sweep();
      return id;
    },
    async get(id) {
      sweep();
      return PREVIEW_ID.test(id) ? previews.get(id)?.files : undefined;
    },
  };
}
