import type { Command } from 'commander';
import { SERVER_DEFAULTS } from '../../server/settings/defaults.js';
import { fromCwd } from '../configs.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';
import { VERSION } from '../version.js';

/**
 * `clinic-gen backup` and `clinic-gen restore` (docs/backups.md): a SQLite server's data folder
 * into one tar file while the server runs, and back into an empty folder. Resolved like `serve`
 * (--data, the environment); with DATABASE_URL both refuse and name pg_dump.
 */
export function registerBackup(program: Command, io: CliIo, setCode: (c: number) => void): void {
  program
    .command('backup')
    .description(
      'Copy a server’s data folder into one tar file while it runs: the database (SQLite’s online backup, consistent while the server writes), deployments and uploads. Never the data key, never cache/. With DATABASE_URL, use pg_dump (docs/backups.md).',
    )
    .requiredOption('-o, --out <file>', 'the tar file to write (refused when it exists, unless --force)')
    .option('-d, --data <dir>', `the server's data folder (default: "${SERVER_DEFAULTS.dataDir}")`)
    .option('--force', 'replace --out when it exists')
    .addHelpText('after', '\nExample:\n  clinic-gen backup --data ./data --out clinic-$(date +%F).tar')
    .action(async (opts: { out: string; data?: string; force?: boolean }) =>
      run(async (b) => {
        const r = await b.backupTask({ dataDir: opts.data === undefined ? undefined : fromCwd(io.cwd, opts.data), env: io.env, out: fromCwd(io.cwd, opts.out), force: opts.force === true, version: VERSION });
        const m = r.manifest;
        const c = m.counts;
        io.out(`wrote ${opts.out}: ${size(r.bytes)} in ${r.ms < 1000 ? `${Math.round(r.ms)} ms` : `${(r.ms / 1000).toFixed(1)} s`}`);
        io.out(`  database: ${count(c.messages, 'message')}, ${count(c.cities, 'city', 'cities')}, ${count(c.accounts, 'account')} (schema ${m.schemaVersion}, ${size(m.databaseBytes)}, as of ${m.createdAt})`);
        io.out(`  deployments: ${count(c.sites, 'live site')}, ${count(c.releases, 'release')}, ${count(c.files, 'file')}`);
        io.out(`  uploads: ${count(c.uploads, 'file')}`);
        for (const note of r.notes) io.out(`  note: ${note}`);
        io.out(`not in it: the data key${m.dataKeyId ? ` (id ${m.dataKeyId})` : ''}, which you keep apart, and cache/, which the server rebuilds`);
        setCode(0);
      }),
    );

  program
    .command('restore')
    .description('Put a backup made by `clinic-gen backup` into an empty or missing data folder, and check its database. The server then needs the data key it had before (DATA_KEY or DATA_KEY_FILE).')
    .requiredOption('-i, --in <file>', 'the tar file `clinic-gen backup` wrote')
    .option('-d, --data <dir>', `the data folder to restore into, empty or missing (default: "${SERVER_DEFAULTS.dataDir}")`)
    .addHelpText('after', '\nExample:\n  clinic-gen restore --in clinic-2025-06-30.tar --data ./data')
    .action(async (opts: { in: string; data?: string }) =>
      run(async (b) => {
        const shown = opts.data ?? SERVER_DEFAULTS.dataDir;
        const r = await b.restoreTask({ input: fromCwd(io.cwd, opts.in), dataDir: opts.data === undefined ? undefined : fromCwd(io.cwd, opts.data), env: io.env });
        const m = r.manifest;
        const c = m.counts;
        io.out(`restored ${opts.in} into ${shown}: the backup of ${m.createdAt}, made by clinic-gen ${m.clinicGenVersion}`);
        io.out(`  database: ${count(r.messages, 'message')}; integrity check ok; schema ${r.schemaVersion}${r.migrated.length ? ` (migrated from ${m.schemaVersion})` : ''}`);
        io.out(`  deployments: ${count(c.sites, 'live site')}, ${count(c.releases, 'release')}; uploads: ${count(c.uploads, 'file')}`);
        const id = m.dataKeyId ? ` (key id ${m.dataKeyId})` : '';
        if (r.key.kind === 'matches') io.out(`the data key: ${r.key.source} is the key this data was written with${id}: start the server with it`);
        else io.out(`the data key: start the server with the same DATA_KEY or DATA_KEY_FILE as before${id}; the backup does not hold it, and a server given another key refuses this data`);
        if (r.key.kind === 'other') io.out(`  note: ${r.key.source} holds key ${r.key.id}, not this data's: a server started here without DATA_KEY or DATA_KEY_FILE would use it and refuse to start`);
        io.out('cache/ is not in a backup: the server rebuilds it on its first start (photos take seconds to encode)');
        setCode(0);
      }),
    );
}

type Backup = typeof import('../../server/backup/backup.js') & typeof import('../../server/backup/restore.js');

/** Loads the server's modules (SQLite) only for these commands; a problem the operator can fix prints as an error, exit 1. */
async function run(work: (b: Backup) => Promise<void>): Promise<void> {
  const b: Backup = { ...(await import('../../server/backup/backup.js')), ...(await import('../../server/backup/restore.js')) };
  const { ServerStartError } = await import('../../server/lifecycle/start-error.js');
  try {
    await work(b);
  } catch (err) {
    if (err instanceof b.BackupError) throw new CliError({ title: err.message });
    if (err instanceof ServerStartError) throw new CliError({ title: err.problems.join('; ') });
    throw err;
  }
}

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}
