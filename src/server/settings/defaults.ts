import { DEFAULT_URL_TEMPLATE } from './url-template.js';

/**
 * Each default of `clinic-gen serve`, written once. config.ts fills them in; the CLI shows them in
 * its help. A module of its own with no heavy imports, so the CLI can read it without loading the
 * server (hono, SQLite, nodemailer).
 */
export const SERVER_DEFAULTS = {
  port: 3000,
  /** Deployed sites and previews listen on their own port (their own origin): `port` + this. */
  sitesPortOffset: 1,
  host: '127.0.0.1',
  dataDir: './data',
  /** Contact messages stored per client address and minute. */
  rateLimit: 5,
  /** Failed contact posts (a typo, a bot) a client may make per minute: this many times `rateLimit`. */
  contactFailuresPerMessage: 4,
  /** Largest contact body: a message of a few thousand characters and room to spare. */
  maxBodyBytes: 32 * 1024,
  /**
   * Open connections (http/connection-limit.ts): in all, lowered to 70% of the process's
   * descriptor limit when that is lower (`ulimit -n 1024` gives 700); from one client address; and
   * how long a new connection may take to send its first request head.
   */
  connections: { max: 700, perClient: 64, firstRequestMs: 10_000 },
  /** Failed sign-ins per client address and minute. */
  authFailuresPerClient: 20,
  /** Failed sign-ins against one account per minute, from any number of addresses. */
  authFailuresPerAccount: 5,
  /** Failed admin password attempts of all clients together per minute (IPv6 makes addresses cheap). */
  authFailuresGlobal: 100,
  /** Where "Visit Site" points unless DEPLOY_URL_TEMPLATE says otherwise. */
  urlTemplate: DEFAULT_URL_TEMPLATE,
  /** Import the sample configs as saved cities on a data folder's first start (--no-samples turns it off). */
  seedSamples: true,
  /** PostgreSQL connections of one server (DATABASE_POOL_SIZE), besides its listening connection. */
  databasePoolSize: 10,
} as const;
