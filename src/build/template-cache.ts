import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ShapePages, TemplateStore } from '../pages/site-files.js';
import { readCacheFile } from '../site/cache-prune.js';
import { codeId } from './inputs.js';

/**
 * The compiled pages of each site shape (pages/template.ts), kept on disk beside the photo and card
 * caches (`.clinic-gen-cache/templates`): a build renders a shape through React once per process,
 * about 60 ms for a site's ten pages, which was a fifth of rebuilding one changed city of 1,000
 * (issue 25: at most 300 ms). With the shape kept, a new process fills the city's pages at once.
 *
 * An entry is named by the code's identity (inputs.ts, codeId: a new build of the tool makes new
 * names) and the shape, written whole through a rename, and read back checked: a damaged or foreign
 * file is no entry, and the pages are rendered again.
 */
const FORMAT = 'clinic-gen templates 1';

const stores = new Map<string, TemplateStore>();

/** The template store of a build whose photos are kept in `imageCacheDir` (one per folder and process). */
export function diskTemplates(imageCacheDir: string): TemplateStore {
  const dir = join(dirname(imageCacheDir), 'templates');
  let store = stores.get(dir);
  if (!store) {
    const code = codeId();
    const file = (key: string) => join(dir, `${createHash('sha256').update(code).update('\0').update(key).digest('hex').slice(0, 32)}.json`);
    store = {
      get(key) {
        try {
          const data = JSON.parse(readCacheFile(file(key)).toString('utf8')) as { format?: unknown; key?: unknown; pages?: unknown };
          if (data.format !== FORMAT || data.key !== key || !Array.isArray(data.pages)) return undefined;
          const pages: ShapePages = [];
          for (const p of data.pages as unknown[]) {
            if (!Array.isArray(p) || typeof p[0] !== 'string' || !Array.isArray(p[1]) || !Array.isArray(p[2])) return undefined;
            const [name, parts, slots] = p as [string, unknown[], unknown[]];
            if (parts.length !== slots.length + 1 || !parts.every((x) => typeof x === 'string') || !slots.every((x) => Number.isInteger(x))) return undefined;
            pages.push([name, { parts: parts as string[], slots: slots as number[] }]);
          }
          return pages;
        } catch {
          return undefined;
        }
      },
      set(key, pages) {
        const path = file(key);
        const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
        try {
          mkdirSync(dir, { recursive: true });
          writeFileSync(tmp, JSON.stringify({ format: FORMAT, key, pages: pages.map(([name, t]) => [name, t.parts, t.slots]) }));
          renameSync(tmp, path);
        } catch {
          // A cache: a failed write costs the next process a render, nothing more.
          rmSync(tmp, { force: true });
        }
      },
    };
    stores.set(dir, store);
  }
  return store;
}
