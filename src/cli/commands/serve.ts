import type { Command } from 'commander';
import { SERVER_DEFAULTS } from '../../server/settings/defaults.js';
import { fromCwd } from '../configs.js';
import { serverNotStarted } from '../../texts/cli.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';

/** `clinic-gen serve`: the clinic server (live site, contact API, admin). */
export function registerServe(program: Command, io: CliIo, setCode: (c: number) => void): void {
  program
    .command('serve')
    .description('Run the clinic server: the live site, the contact API (stored in SQLite, or PostgreSQL with DATABASE_URL) and the admin; deployed sites and previews on a port of their own.')
    .requiredOption('-c, --config <file>', 'the clinic config (YAML) of the site to serve')
    // Defaults are filled in by the server's config.ts; the help only shows them.
    // Numbers are checked by the server's config.ts with the environment, so every problem is listed at once.
    .option('-p, --port <number>', `port to listen on (default: ${SERVER_DEFAULTS.port})`, numberOrNaN)
    .option('--sites-port <number>', `port of deployed sites and previews, their own origin (default: --port + ${SERVER_DEFAULTS.sitesPortOffset}, or SITES_PORT)`, numberOrNaN)
    .option('--host <address>', `address to listen on; beyond loopback an account must exist (or ADMIN_EMAIL and ADMIN_PASSWORD make the first) and signing in from other machines needs https (default: "${SERVER_DEFAULTS.host}")`)
    .option('-d, --data <dir>', `folder for the database and deployments, created on first start (default: "${SERVER_DEFAULTS.dataDir}")`)
    .option('--rate-limit <n>', `contact messages stored per client address and minute, 0 for no limit (default: ${SERVER_DEFAULTS.rateLimit}, or CONTACT_RATE_LIMIT)`, numberOrNaN)
    .option('--no-samples', 'on the first start of a data folder, do not import the sample configs as saved cities (or CLINIC_GEN_SEED_SAMPLES=0)')
    .addHelpText(
      'after',
      `
Environment:
  ADMIN_EMAIL, ADMIN_PASSWORD  the admin's first owner, made on a store with no account
                   (ADMIN_PASSWORD alone: the owner "admin", as upgraded from the shared-password
                   release); ignored with a warning once an account exists (see clinic-gen users).
                   Without them, the first visit to /admin from this machine creates the owner
  DATA_KEY, DATA_KEY_FILE  the data key (32 bytes in base64, or a file holding them) that seals
                   second factors and the audit trail's key; without it one server on SQLite
                   makes $XDG_CONFIG_HOME/clinic-gen/data-key (back it up apart from the data);
                   required with DATABASE_URL
  PUBLIC_URL, SITES_URL  public URLs of the admin and of the sites listener (links, allowed Host);
                   signing in from other machines needs https: a TLS proxy in TRUST_PROXY and an
                   https PUBLIC_URL
  DATABASE_URL     postgres://user:pass@host:5432/db: keep everything in PostgreSQL, so any number
                   of servers share messages, cities and deployments (DATABASE_POOL_SIZE, default
                   ${SERVER_DEFAULTS.databasePoolSize}); without it, SQLite in --data
  DATA_KEY_PREVIOUS (or _FILE), SITES_PORT, ALLOWED_HOSTS, CONTACT_RATE_LIMIT, TRUST_PROXY, CORS_ORIGINS,
  SMTP_URL (or SMTP_HOST/PORT/USER/PASS/SECURE), MAIL_FROM, NOTIFY_TO, DEPLOY_URL_TEMPLATE,
  CLINIC_GEN_SEED_SAMPLES: see docs/serving.md

Examples:
  clinic-gen serve --config configs/wesley-chapel.yaml      (then open /admin on this machine)
  ADMIN_EMAIL=owner@example.com ADMIN_PASSWORD='a long passphrase' TRUST_PROXY=loopback \\
    PUBLIC_URL=https://clinic.example.com clinic-gen serve -c configs/wesley-chapel.yaml`,
    )
    .action(async (opts: { config: string; port?: number; sitesPort?: number; host?: string; data?: string; rateLimit?: number; samples?: boolean }) => {
      // The server's modules (hono, SQLite) load only for this command.
      const { startServer, ServerStartError } = await import('../../server/start.js');
      try {
        const server = await startServer({
          configPath: fromCwd(io.cwd, opts.config),
          port: opts.port,
          sitesPort: opts.sitesPort,
          host: opts.host,
          dataDir: opts.data === undefined ? undefined : fromCwd(io.cwd, opts.data),
          rateLimit: opts.rateLimit,
          // Absent unless --no-samples was given, so CLINIC_GEN_SEED_SAMPLES still decides.
          seedSamples: opts.samples === false ? false : undefined,
          env: io.env,
          installSignalHandlers: true,
        });
        io.err(`clinic-gen serving ${opts.config} at ${server.url} (admin: ${server.url}/admin); deployed sites and previews at ${server.sitesUrl} (Ctrl+C to stop)`);
        setCode(0);
      } catch (err) {
        if (err instanceof ServerStartError) throw new CliError(serverNotStarted(err.message));
        throw err;
      }
    });
}

/** A flag's number as written (`-3` stays -3), or NaN for anything that is not one: config.ts says why, with the rest. */
function numberOrNaN(v: string): number {
  return /^\s*-?\d+\s*$/.test(v) ? Number(v) : Number.NaN;
}
