import type { Command } from 'commander';
import { SERVER_DEFAULTS } from '../../server/defaults.js';
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
    .option('--host <address>', `address to listen on; anything but loopback needs ADMIN_PASSWORD (default: "${SERVER_DEFAULTS.host}")`)
    .option('-d, --data <dir>', `folder for the database and deployments, created on first start (default: "${SERVER_DEFAULTS.dataDir}")`)
    .option('--rate-limit <n>', `contact messages stored per client address and minute, 0 for no limit (default: ${SERVER_DEFAULTS.rateLimit}, or CONTACT_RATE_LIMIT)`, numberOrNaN)
    .option('--no-samples', 'on the first start of a data folder, do not import the sample configs as saved cities (or CLINIC_GEN_SEED_SAMPLES=0)')
    .addHelpText(
      'after',
      `
Environment:
  ADMIN_PASSWORD   password of /admin and the admin API (HTTP Basic, user "admin"); without it the
                   server only listens on loopback and answers to localhost names only
  PUBLIC_URL, SITES_URL  public URLs of the admin and of the sites listener (links, allowed Host)
  DATABASE_URL     postgres://user:pass@host:5432/db: keep everything in PostgreSQL, so any number
                   of servers share messages, cities and deployments (DATABASE_POOL_SIZE, default
                   ${SERVER_DEFAULTS.databasePoolSize}); without it, SQLite in --data
  SITES_PORT, ALLOWED_HOSTS, CONTACT_RATE_LIMIT, TRUST_PROXY, CORS_ORIGINS, SMTP_URL (or
  SMTP_HOST/PORT/USER/PASS/SECURE), MAIL_FROM, NOTIFY_TO, DEPLOY_URL_TEMPLATE,
  CLINIC_GEN_SEED_SAMPLES: see docs/serving.md

Examples:
  clinic-gen serve --config configs/wesley-chapel.yaml
  ADMIN_PASSWORD='a long passphrase' clinic-gen serve -c configs/wesley-chapel.yaml --host 0.0.0.0 --port 8080`,
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
