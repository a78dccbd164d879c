import type { SiteFiles } from '../pages/render-site.js';

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
  const name = path.replace(/^\/+/, '');
  if (path.endsWith('/')) return name + 'index.html' in files ? { kind: 'file', file: name + 'index.html' } : { kind: 'not-found' };
  if (name in files) return { kind: 'file', file: name };
  if (`${name}/index.html` in files) return { kind: 'redirect', location: `${pathname}/` };
  return { kind: 'not-found' };
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  ico: 'image/x-icon',
};

/** The Content-Type of a file by its extension. */
export function contentType(file: string): string {
  return TYPES[/\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}
