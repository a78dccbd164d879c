import type { Hono } from 'hono';
import type { ClinicConfig } from '../config/schema.js';
import type { Logger } from './logger.js';
import type { MessageStore } from './store/types.js';

/**
 * What `createApp` needs from the outside world. Everything with a side effect (storage, clock,
 * mail) comes in here so route tests can swap it.
 */

/** The no-JavaScript form post's answer: the confirmation, or the form again with its errors. */
export type FormPostResult = { ok: true } | { ok: false; values: Record<string, string>; errors: Record<string, string> };

/** Renders the page answering a no-JavaScript form post (src/pages/form-post-page.tsx in production). */
export type FormPageRenderer = (result: FormPostResult) => string;

export interface AppOptions {
  /** Contact posts per client address and minute; 0 lifts the limit. Default 5. */
  rateLimit: number;
  /** Peer addresses whose X-Forwarded-For / X-Forwarded-Proto are believed ('loopback' = 127.0.0.1 and ::1). */
  trustProxy: string[];
  /** Origins (https://tampa.example.com) of deployed city sites allowed to post contact messages. */
  corsOrigins: string[];
  /** When set, /admin* and the admin API ask for HTTP Basic auth with this password. */
  adminPassword?: string;
  /** Largest accepted contact body in bytes. Default 32 KiB. */
  maxBodyBytes: number;
  /** Extra public origin of this server (PUBLIC_URL), accepted as same-origin for admin calls. */
  publicUrl?: string;
}

export interface AppDeps {
  config: ClinicConfig;
  /** The rendered site: relative path ('trt-therapy/index.html') -> contents. */
  files: Record<string, string | Uint8Array>;
  store: MessageStore;
  /** The clock; messages take their received time from it. */
  now?: () => Date;
  logger?: Logger;
  options?: Partial<AppOptions>;
  /** Page for the no-JS form post. Without it a plain built-in page answers. */
  renderFormPage?: FormPageRenderer;
  /** Called after a message is stored, so the mail worker can wake up at once. */
  onMessageStored?: () => void;
  /**
   * Routes a later issue adds (/admin, /api/upload-logo, /api/generate-clinic-website,
   * /api/deploy-website, /api/deployments*, /sites/*). Mounted after the admin guard, so every
   * path under /admin and /api is password-protected; GET and HEAD of /sites/* (deployed sites
   * are public web sites) and routes elsewhere (/uploads/*) are public.
   */
  extraRoutes?: Hono<AppEnv>;
}

/** Values middleware leaves for later handlers. */
export interface AppVariables {
  /** The percent-decoded, checked request path (see http/path-guard.ts). */
  path: string;
  /** A stricter Content-Security-Policy a route asks for (uploaded files); see app.ts. */
  csp?: string;
}

/** The Hono environment of the app; `Bindings` come from @hono/node-server (absent in app.request tests). */
export type AppEnv = { Variables: AppVariables };

export const DEFAULT_OPTIONS: AppOptions = {
  rateLimit: 5,
  trustProxy: [],
  corsOrigins: [],
  maxBodyBytes: 32 * 1024,
};
