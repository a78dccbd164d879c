import path from 'node:path';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import * as z from 'zod';
import { SERVER_DEFAULTS } from './defaults.js';
import { parseServerEnv, type ServerEnv } from './env.js';
import { isLoopback } from './addresses.js';
import { smtpOptions } from './smtp-options.js';

/**
 * What the operator writes (flags and environment) resolved into what the code uses: one
 * ServerConfig with every default filled in here and every value checked here (Vite's UserConfig
 * and ResolvedConfig; docs/decisions/006-server-config.md). Nothing downstream defaults again.
 */

/** The command-line flags of `clinic-gen serve`; an absent flag takes its default. */
export interface ServerFlags {
  port?: number;
  /** `--sites-port`: the listener of deployed sites and previews; wins over SITES_PORT. */
  sitesPort?: number;
  host?: string;
  /** `--data`: the database, uploads and deployments live here. */
  dataDir?: string;
  /** `--rate-limit`; wins over CONTACT_RATE_LIMIT. */
  rateLimit?: number;
  /** `--no-samples` gives false; wins over CLINIC_GEN_SEED_SAMPLES. */
  seedSamples?: boolean;
}

/** Email notification settings, present only when the environment gives all of them. */
export interface MailSettings {
  smtp: SMTPTransport.Options;
  from: string;
  to: string;
  /** The email links to `<publicUrl>/admin#messages`. */
  publicUrl: string;
}

/** The server's settings, resolved: every field has its final value. */
export interface ServerConfig {
  /** The admin's listener: the admin, its API, the clinic's own site. 0 picks a free port. */
  port: number;
  /**
   * The listener of hosted content (deployed sites, previews): another port is another origin,
   * so a deployed page can never act as the admin (docs/decisions/009-hosted-sites-origin.md).
   * 0 picks a free port.
   */
  sitesPort: number;
  /** SITES_URL: the public URL of the sites listener, for links; else the admin's host name on sitesPort. */
  sitesUrl?: string;
  host: string;
  /** ALLOWED_HOSTS: more names (name or name:port) the listeners answer to besides their own. */
  allowedHosts: string[];
  /** Absolute; the database is `<dataDir>/clinic.db`, uploads and deployments beside it. */
  dataDir: string;
  /** Contact posts per client address and minute; 0 lifts the limit. */
  rateLimit: number;
  /** Largest accepted contact body in bytes. */
  maxBodyBytes: number;
  /** Peer addresses whose X-Forwarded-For / X-Forwarded-Proto are believed ('loopback' = 127.0.0.1 and ::1). */
  trustProxy: string[];
  /** Origins (https://tampa.example.com) of deployed city sites allowed to post contact messages. */
  corsOrigins: string[];
  /**
   * ADMIN_EMAIL and ADMIN_PASSWORD: the first owner, made on a store with no account
   * (docs/decisions/017-staff-accounts.md); ignored once an account exists.
   */
  adminPassword?: string;
  adminEmail?: string;
  /** ACCESS_LOG: one JSON line a request (metrics/observe.ts); on by default. */
  accessLog: boolean;
  /** METRICS_TOKEN: the scraper's bearer token for GET /metrics; without it only a signed-in owner reads it. */
  metricsToken?: string;
  /** Where the data key comes from (crypto/data-key.ts loadDataKey): DATA_KEY, DATA_KEY_FILE, DATA_KEY_PREVIOUS and the folders a made key goes to. */
  keyEnv: Record<string, string | undefined>;
  /** This server's public URL (PUBLIC_URL): same-origin for admin calls, the origin of deployment URLs. */
  publicUrl?: string;
  /** Where "Visit Site" points, checked: `{origin}` and `{siteName}` placeholders. */
  urlTemplate: string;
  /**
   * Import the package's sample configs (and the served clinic's) as saved cities on the first
   * start of a data folder (docs/decisions/012-stored-cities.md).
   */
  seedSamples: boolean;
  /**
   * UPGRADE_BACKUP: the backup taken before a start seals the messages an earlier release kept in
   * clear (store/upgrade.ts): a start that would seal them refuses without it.
   */
  upgradeBackup?: string;
  mail?: MailSettings;
  /**
   * DATABASE_URL: every store in PostgreSQL, shared by any number of servers
   * (docs/decisions/015-postgresql.md). Absent: SQLite and the data folder, one server.
   */
  database?: { url: string; poolSize: number };
}

export type ServerConfigResult = { ok: true; config: ServerConfig } | { ok: false; errors: string[] };

/** A whole-number flag; every way of being wrong gets the same hint. */
const wholeNumber = (hint: string, max = Number.MAX_SAFE_INTEGER) =>
  z.number({ error: hint }).int({ error: hint }).min(0, { error: hint }).max(max, { error: hint });
const text = (hint: string) => z.string({ error: hint }).trim().min(1, { error: hint });

const flagsSchema = z.object({
  port: wholeNumber('expected a whole number from 0 to 65535', 65535).default(SERVER_DEFAULTS.port),
  sitesPort: wholeNumber('expected a whole number from 0 to 65535', 65535).optional(),
  host: text('expected an address like 127.0.0.1').default(SERVER_DEFAULTS.host),
  dataDir: text('expected a folder').default(SERVER_DEFAULTS.dataDir),
  rateLimit: wholeNumber('expected a whole number (0 lifts the limit)').optional(),
  seedSamples: z.boolean({ error: 'expected true or false' }).optional(),
});

/** How the operator spells each flag, for error messages. */
const FLAG_NAMES: Record<keyof ServerFlags, string> = {
  port: '--port',
  sitesPort: '--sites-port',
  host: '--host',
  dataDir: '--data',
  rateLimit: '--rate-limit',
  seedSamples: '--no-samples',
};

/** True for host names that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopback(host.replace(/^\[|\]$/g, ''));
}

/**
 * Resolves flags and environment (process.env) into the ServerConfig, or lists every problem,
 * each naming the flag or variable at fault.
 */
export function resolveServerConfig(input: { flags?: ServerFlags; env: Record<string, string | undefined> }): ServerConfigResult {
  const parsedEnv = parseServerEnv(input.env);
  const flags = flagsSchema.safeParse(input.flags ?? {});
  const errors = parsedEnv.ok ? [] : [...parsedEnv.errors];
  if (!flags.success) {
    for (const issue of flags.error.issues) errors.push(`${FLAG_NAMES[issue.path[0] as keyof ServerFlags]}: ${issue.message}`);
  }
  if (!parsedEnv.ok || !flags.success) return { ok: false, errors };
  const env = parsedEnv.env;
  const { host } = flags.data;
  const sites = sitesListener(flags.data.port, flags.data.sitesPort, env);
  if (!sites.ok) return { ok: false, errors: sites.errors };
  const smtp = smtpOptions(env);
  // env.ts already refused half a mail configuration, so this is all or nothing.
  const { MAIL_FROM: from, NOTIFY_TO: to, PUBLIC_URL: publicUrl } = env;
  const mail = smtp && from && to && publicUrl ? { smtp, from, to, publicUrl } : undefined;
  return {
    ok: true,
    config: {
      port: flags.data.port,
      sitesPort: sites.port,
      sitesUrl: env.SITES_URL,
      host,
      allowedHosts: env.ALLOWED_HOSTS.map((h) => h.toLowerCase()),
      dataDir: path.resolve(flags.data.dataDir),
      rateLimit: flags.data.rateLimit ?? env.CONTACT_RATE_LIMIT ?? SERVER_DEFAULTS.rateLimit,
      maxBodyBytes: SERVER_DEFAULTS.maxBodyBytes,
      trustProxy: env.TRUST_PROXY,
      corsOrigins: env.CORS_ORIGINS,
      adminPassword: env.ADMIN_PASSWORD,
      adminEmail: env.ADMIN_EMAIL,
      accessLog: env.ACCESS_LOG !== 'off',
      metricsToken: env.METRICS_TOKEN,
      keyEnv: {
        DATA_KEY: env.DATA_KEY,
        DATA_KEY_FILE: env.DATA_KEY_FILE,
        DATA_KEY_PREVIOUS: env.DATA_KEY_PREVIOUS,
        DATA_KEY_PREVIOUS_FILE: env.DATA_KEY_PREVIOUS_FILE,
        XDG_CONFIG_HOME: input.env.XDG_CONFIG_HOME,
        HOME: input.env.HOME,
      },
      publicUrl: env.PUBLIC_URL,
      urlTemplate: env.DEPLOY_URL_TEMPLATE ?? SERVER_DEFAULTS.urlTemplate,
      seedSamples: flags.data.seedSamples ?? env.CLINIC_GEN_SEED_SAMPLES ?? SERVER_DEFAULTS.seedSamples,
      ...(env.UPGRADE_BACKUP ? { upgradeBackup: env.UPGRADE_BACKUP } : {}),
      mail,
      database: env.DATABASE_URL ? { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE ?? SERVER_DEFAULTS.databasePoolSize } : undefined,
    },
  };
}

/**
 * The sites listener's port (flag, SITES_PORT, else the admin's port + 1, or a free one with
 * --port 0), checked to differ from the admin's, and SITES_URL checked to name another host than
 * PUBLIC_URL: hosted pages on the admin's host could use the admin with its credentials.
 */
function sitesListener(port: number, flag: number | undefined, env: ServerEnv): { ok: true; port: number } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const given = flag ?? env.SITES_PORT;
  const name = flag !== undefined ? '--sites-port' : 'SITES_PORT';
  const sitesPort = given ?? (port === 0 ? 0 : port + SERVER_DEFAULTS.sitesPortOffset);
  if (given === undefined && sitesPort > 65535) errors.push(`--sites-port: --port ${port} leaves no next port for deployed sites; set --sites-port or SITES_PORT`);
  else if (sitesPort > 65535) errors.push(`${name}: expected a whole number from 0 to 65535`);
  else if (sitesPort !== 0 && sitesPort === port) errors.push(`${name}: must differ from --port (${port}); deployed sites need an origin of their own`);
  // Host, not origin: https://x and http://x are two origins to a browser, yet a hosted page on the
  // admin's name passes any check that goes by host (the Host allowlist, a proxy's routing).
  const publicHost = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).host : undefined;
  if (env.SITES_URL && publicHost && new URL(env.SITES_URL).host === publicHost) {
    errors.push(
      `SITES_URL: must name another host than PUBLIC_URL (both are ${publicHost}); deployed sites must never share the admin's ` +
        'host name, even on another scheme. Give SITES_URL its own name or port, like https://sites.clinic.example.com',
    );
  }
  return errors.length ? { ok: false, errors } : { ok: true, port: sitesPort };
}
