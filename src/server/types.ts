import type { IncomingMessage } from 'node:http';
import type { ClinicConfig } from '../config/schema.js';
import type { SiteFiles } from '../site/files.js';
import type { CityStore } from './cities/types.js';
import type { ServerConfig } from './config.js';
import type { ReleaseStoreOptions } from './deploy/release-store.js';
import type { Logger } from './logger.js';
import type { MessageStore } from './store/types.js';
import type { PreviewStore } from './admin-api/preview-routes.js';
import type { ReleaseStore } from './deploy/releases.js';
import type { RateCounters } from './http/rate-limit.js';
import type { UploadStore } from './uploads/upload-files.js';

/** The state besides messages and cities that a server keeps where every server of a group can reach it. */
export interface SharedStores {
  releases: ReleaseStore;
  uploads: UploadStore;
  previews: PreviewStore;
  counters: RateCounters;
}

/**
 * What `createApps` (both listeners' apps) needs from the outside world. Everything with a side effect (storage, clock,
 * mail) comes in here so route tests can swap it.
 */

/** The no-JavaScript form post's answer: the confirmation, or the form again with its errors. */
export type FormPostResult = { ok: true } | { ok: false; values: Record<string, string>; errors: Record<string, string> };

/** Renders the page answering a no-JavaScript form post (src/pages/form-post-page.tsx in production). */
export type FormPageRenderer = (result: FormPostResult) => string;

export interface AppDeps {
  /** The served clinic: its site, its contact form, the admin form's first values. */
  clinic: ClinicConfig;
  /** The server's resolved settings (resolveServerConfig in config.ts). */
  server: ServerConfig;
  /** The rendered site: relative path ('trt-therapy/index.html') -> contents. */
  files: SiteFiles;
  store: MessageStore;
  /** The clock; messages take their received time from it. */
  now?: () => Date;
  logger?: Logger;
  /** Page for the no-JS form post. Without it a plain built-in page answers. */
  renderFormPage?: FormPageRenderer;
  /** Called after a message is stored, so the mail worker can wake up at once. */
  onMessageStored?: () => void;
  /** Release store settings besides its folder (kept releases, fsync, test hooks). */
  releases?: Omit<ReleaseStoreOptions, 'root'>;
  /**
   * The stores every server of a group shares (server-store.ts): the deployments, uploads,
   * previews and rate counts. Without it, the data folder's and this process's: one server.
   */
  shared?: SharedStores;
  /**
   * The stored cities and redeploy runs (the data folder's store, open-sqlite.ts). Without it, a
   * store in memory: for tests and benches that do not look at cities.
   */
  cities?: CityStore;
  /**
   * Folders standing for a city's site root, for pictures it names outside /uploads/ (stored
   * city deploys and the admin's Generate read them alike:
   * cities/assets.ts). Default: the package's configs/ (the sample cities' pictures).
   */
  cityAssetFolders?: string[];
  /** Cities a redeploy-all works on at once (default 8). */
  redeployConcurrency?: number;
}

/** Values middleware leaves for later handlers. */
export interface AppVariables {
  /** The percent-decoded, checked request path (see http/path-guard.ts). */
  path: string;
  /** A stricter Content-Security-Policy a route asks for (uploaded files); see app.ts. */
  csp?: string;
}

/**
 * The Hono environment of the app. `Bindings` come from @hono/node-server on a real socket and are
 * absent in app.request() tests, hence optional.
 */
export type AppEnv = { Variables: AppVariables; Bindings: { incoming?: IncomingMessage } };
