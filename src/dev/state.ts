import type { SiteFiles } from '../model/files.js';
import { resolvePath } from './routes.js';

/** What dev serves: the last good site (pages and logo, from the site pipeline), and the build each file last changed in. */
export interface DevState {
  files?: SiteFiles;
  /** `session.n`: a restarted dev server never takes a page for up to date. */
  build: string;
  changedIn: Map<string, string>;
  errors?: string[];
}

/**
 * True when the page at `path`, served from `build`, has changed since. Builds are named
 * `session.n`: a page from before a restart of dev is always stale.
 */
export function isStale(state: DevState, path: string, build: string): boolean {
  if (!state.files) return false;
  const [session, at] = build.split('.');
  const [current] = state.build.split('.');
  if (session !== current) return true;
  const r = resolvePath(state.files, path);
  const file = r.kind === 'file' ? r.file : '404.html';
  const changed = state.changedIn.get(file);
  return changed !== undefined && Number(changed.split('.')[1]) > Number(at);
}
