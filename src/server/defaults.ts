import { DEFAULT_URL_TEMPLATE } from './deploy/url-template.js';

/**
 * Each default of `clinic-gen serve`, written once. config.ts fills them in; the CLI shows them in
 * its help. A module of its own with no heavy imports, so the CLI can read it without loading the
 * server (hono, SQLite, nodemailer).
 */
export const SERVER_DEFAULTS = {
  port: 3000,
  host: '127.0.0.1',
  dataDir: './data',
  /** Contact posts per client address and minute. */
  rateLimit: 5,
  /** Largest contact body: a message of a few thousand characters and room to spare. */
  maxBodyBytes: 32 * 1024,
  /** Where "Visit Site" points unless DEPLOY_URL_TEMPLATE says otherwise. */
  urlTemplate: DEFAULT_URL_TEMPLATE,
} as const;
