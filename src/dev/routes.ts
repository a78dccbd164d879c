import { fileForPath, folderIndexFor } from '../site/site-paths.js';
import type { SiteFiles } from '../model/files.js';

/** What the dev server answers for a path: a file of the site, a redirect, or not found. */
export type Resolved = { kind: 'file'; file: string } | { kind: 'redirect'; location: string } | { kind: 'not-found' };

/**
 * Resolves a URL path the way common static hosts serve a built site, so dev shows what a deploy
 * will: `/` and `/x/` are folders' index.html, `/x` redirects to `/x/` when that is a folder,
 * and anything else is the 404 page.
 */
export function resolvePath(files: SiteFiles, pathname: string): Resolved {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return { kind: 'not-found' };
  }
  const rel = path.replace(/^\/+/, '');
  const file = fileForPath(rel);
  if (file in files) return { kind: 'file', file };
  const index = folderIndexFor(rel);
  if (index && index in files) return { kind: 'redirect', location: `${pathname}/` };
  return { kind: 'not-found' };
}

