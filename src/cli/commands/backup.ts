import type { Command } from 'commander';
import { SERVER_DEFAULTS } from '../../server/settings/defaults.js';
import { fromCwd } from '../configs.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';
import { VERSION } from '../version.js';

/**
 * `clinic-gen backup`, `backup verify` and `restore` (docs/backups.md): a SQLite server's data
 * folder into one tar file while the server runs, checked against its manifest's checksums, and
 * back into an empty folder. Resolved like `serve` (--data, the environment); with DATABASE_URL
 * backup and restore refuse and name pg_dump.
 */
export function registerBackup(program: Command, io: CliIo, setCode: (c: number) => void): void {
  const backup = program
    .command('backup')
    .description(
      'Copy a server’s data folder into one tar file while it runs: the database (SQLite’s online backup, consistent while the server writes), deployments and uploads. Never the data key, never cache/. With DATABASE_URL, use pg_dump (docs/backups.md).',
    )
    // Not a required option to commander, which would then ask `backup verify` for it too.
    .option('-o, --out <file>', 'the tar file to write (refused when it exists, unless --force; required)')
    .option('-d, --data <dir>', `the server's data folder (default: "${SERVER_DEFAULTS.dataDir}")`)
    .option('--force', 'replace --out when it exists')
    .addHelpText('after', '\nExamples:\n  clinic-gen backup --data ./data --out clinic-$(date +%F).tar\n  clinic-gen backup verify --in clinic-2025-06-30.tar')
    .action(async (opts: { out?: string; data?: string; force?: boolean }) => {
      if (opts.out === undefined) return backup.error("error: required option '-o, --out <file>' not specified", { code: 'commander.missingMandatoryOptionValue' });
      const out = opts.out;
      await run(async (b) => {
        const r = await b.backupTask({ dataDir: opts.data === undefined ? undefined : fromCwd(io.cwd, opts.data), env: io.env, out: fromCwd(io.cwd, out), force: opts.force === true, version: VERSION });
        const m = r.manifest;
        const c = m.counts;
        io.out(`wrote ${out}: ${size(r.bytes)} in ${r.ms < 1000 ? `${Math.round(r.ms)} ms` : `${(r.ms / 1000).toFixed(1)} s`}`);
        io.out(`  database: ${count(c.messages, 'message')}, ${count(c.cities, 'city', 'cities')}, ${count(c.accounts, 'account')} (schema ${m.schemaVersion}, ${size(m.databaseBytes)}, as of ${m.createdAt})`);
        io.out(`  deployments: ${count(c.sites, 'live site')}, ${count(c.releases, 'release')}, ${count(c.files, 'file')}`);
        io.out(`  uploads: ${count(c.uploads, 'file')}`);
        for (const note of r.notes) io.out(`  note: ${note}`);
        io.out(`  checksums: the SHA-256 of each of its ${count(m.entries?.filter((e) => e.type === 'file').length ?? 0, 'file')}, and of its manifest (check with: clinic-gen backup verify --in ${out})`);
        if (m.plaintextMessages) io.out(inClear(m.plaintextMessages));
        io.out(`not in it: the data key${m.dataKeyId ? ` (id ${m.dataKeyId})` : ''}, which you keep apart, and cache/, which the server rebuilds`);
        setCode(0);
      });
    });

  backup
    .command('verify')
    .description('Check a backup without restoring it and without the data key: the SHA-256 of every file and of its manifest, and every byte of the archive. Exit 1 names the first damaged file; exit 2: a backup made before checksums, which restores but cannot be verified file by file.')
    .requiredOption('-i, --in <file>', 'the tar file `clinic-gen backup` wrote')
    .addHelpText('after', '\nExample:\n  clinic-gen backup verify --in clinic-2025-06-30.tar')
    .action(async (opts: { in: string }) =>
      run(async (b) => {
        const r = await b.verifyBackup({ input: fromCwd(io.cwd, opts.in) });
        const m = r.manifest;
        const made = `the backup of ${m.createdAt}, made by clinic-gen ${m.clinicGenVersion}`;
        if (r.checked) io.out(`backup ok: ${count(r.files, 'file')}, ${size(r.bytes)}, and the manifest verified (SHA-256); ${made}${m.dataKeyId ? `, needs data key ${m.dataKeyId}` : ''}`);
        else {
          io.out(`backup not verifiable file by file: ${opts.in} is of format ${m.formatVersion} (${made}), which holds no checksums; its tar structure is whole (${count(r.entries, 'entry', 'entries')}) and it restores`);
          io.out('  take a new backup with this clinic-gen to have one you can verify');
        }
        if (m.plaintextMessages) io.out(inClear(m.plaintextMessages));
        setCode(r.checked ? 0 : 2);
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
        if (r.verified) io.out(`  verified first: ${count(r.verified.files, 'file')}, ${size(r.verified.bytes)}, and the manifest (SHA-256)`);
        io.out(`  database: ${count(r.messages, 'message')}; integrity check ok; schema ${r.schemaVersion}${r.migrated.length ? ` (migrated from ${m.schemaVersion})` : ''}`);
        io.out(`  deployments: ${count(c.sites, 'live site')}, ${count(c.releases, 'release')}; uploads: ${count(c.uploads, 'file')}`);
        const id = m.dataKeyId ? ` (key id ${m.dataKeyId})` : '';
        if (r.key.kind === 'matches') io.out(`the data key: ${r.key.source} is the key this data was written with${id}: start the server with it`);
        else io.out(`the data key: start the server with the same DATA_KEY or DATA_KEY_FILE as before${id}; the backup does not hold it, and a server given another key refuses this data`);
        if (!r.verified) io.out(`  note: a backup of format ${m.formatVersion} holds no checksums: its files were not verified one by one`);
        if (m.plaintextMessages) io.out(inClear(m.plaintextMessages));
        if (r.key.kind === 'other') io.out(`  note: ${r.key.source} holds key ${r.key.id}, not this data's: a server started here without DATA_KEY or DATA_KEY_FILE would use it and refuse to start`);
        io.out('cache/ is not in a backup: the server rebuilds it on its first start (photos take seconds to encode)');
        setCode(0);
      }),
    );
}

type Backup = typeof import('../../server/backup/backup.js') & typeof import('../../server/backup/restore.js') & typeof import('../../server/backup/verify.js');

/** Loads the server's modules (SQLite) only for these commands; a problem the operator can fix prints as an error, exit 1. */
async function run(work: (b: Backup) => Promise<void>): Promise<void> {
  const b: Backup = { ...(await import('../../server/backup/backup.js')), ...(await import('../../server/backup/restore.js')), ...(await import('../../server/backup/verify.js')) };
  const { ServerStartError } = await import('../../server/lifecycle/start-error.js');
  try {
    await work(b);
  } catch (err) {
    if (err instanceof b.BackupError) throw new CliError({ title: err.message });
    if (err instanceof ServerStartError) throw new CliError({ title: err.problems.join('; ') });
    throw err;
  }
}

/** What an operator must know of a backup holding patients' messages in clear (issue 38, item 2). */
const inClear = (n: number) =>
  `this backup holds ${count(n, 'patient message')} in clear: keep it as safe as the messages themselves (stored before messages were sealed at rest; the upgrade seals them in the data folder, never in this backup)`;

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}
