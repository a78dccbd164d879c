import type { Command } from 'commander';
import { SERVER_DEFAULTS } from '../../server/settings/defaults.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';
import { task } from './users.js';

/**
 * `clinic-gen plaintext check` and `clinic-gen plaintext scrub`: whether patients' messages are
 * still kept in clear anywhere the store keeps them after an upgrade, and on PostgreSQL the one
 * step of it a superuser takes (issue 38 item 3, server/pg/wal-scrub.ts, docs/serving.md#upgrading).
 */
export function registerPlaintext(program: Command, io: CliIo, setCode: (c: number) => void): void {
  const plaintext = program.command('plaintext').description('Patients’ messages still kept in clear after an upgrade.');
  plaintext
    .command('check')
    .description(
      'Say whether any patient’s message is still kept in clear: rows an earlier release stored and this one has not sealed yet, and on PostgreSQL the WAL written before they were sealed. Exit 1 while any remain.',
    )
    .option('-d, --data <dir>', `folder of the server's database (default: "${SERVER_DEFAULTS.dataDir}"; ignored with DATABASE_URL)`)
    .action(async (opts: { data?: string }) =>
      task(io, opts.data, async (_tasks, t) => {
        const rows = (await t.store.messages.countStoredPlain?.()) ?? 0;
        const wal = (await t.store.plaintextRemaining?.()) ?? 0;
        if (rows > 0) io.out(`${rows} messages are stored in clear: start this release with UPGRADE_BACKUP naming a backup of them to seal them (docs/serving.md#upgrading)`);
        if (wal > 0) {
          const { SCRUB_COMMAND } = await import('../../server/pg/wal-scrub.js');
          io.out(`PostgreSQL's WAL still holds ${wal} messages in clear, written before they were sealed: run as a superuser, once: ${SCRUB_COMMAND}`);
        }
        if (rows > 0 || wal > 0) return setCode(1);
        io.out(
          t.store.kind === 'postgres'
            ? 'no patient’s message is kept in clear: every message is sealed, and no WAL written before the sealing is left'
            : 'no patient’s message is kept in clear: every message is sealed',
        );
        setCode(0);
      }),
    );
  plaintext
    .command('scrub')
    .description(
      'PostgreSQL, as a superuser: write over the WAL segments that still hold messages from before they were sealed (a checkpoint, segment switches past every file in pg_wal, a checkpoint), then clear the record that /readyz and clinicgen_plaintext_messages report.',
    )
    .option('--database-url <url>', 'a superuser’s URL for the clinic’s database (default: DATABASE_URL)')
    .action(async (opts: { databaseUrl?: string }) => {
      const url = opts.databaseUrl ?? io.env.DATABASE_URL;
      if (!url) throw new CliError({ title: '--database-url (or DATABASE_URL): give a superuser’s URL for the clinic’s database; a store on SQLite needs no scrub' });
      const { default: pg } = await import('pg');
      const { scrubWal } = await import('../../server/pg/wal-scrub.js');
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
      } catch (err) {
        throw new CliError({ title: `--database-url: could not connect: ${(err as Error).message}` });
      }
      try {
        const store = (await client.query<{ t: string | null }>("SELECT to_regclass('store_meta')::text AS t")).rows[0]?.t;
        if (!store) throw new CliError({ title: '--database-url: this database holds no clinic-gen store (no store_meta table): connect to the clinic’s database' });
        let r: Awaited<ReturnType<typeof scrubWal>>;
        try {
          r = await scrubWal(client);
        } catch (err) {
          if ((err as { code?: unknown }).code !== '42501') throw err;
          throw new CliError({
            title: `this role may not scrub the WAL (${(err as Error).message})`,
            message: 'Connect as a superuser (for example postgres), or as a role with pg_checkpoint and pg_monitor and EXECUTE on pg_switch_wal() and pg_logical_emit_message().',
          });
        }
        if (!r.ok) throw new CliError({ title: r.reason });
        io.out(
          `PostgreSQL's WAL no longer holds anything written before now: ${r.segments} segments written over` +
            (r.cleared ? `, the ${r.cleared.messages} messages sealed since ${r.cleared.since} with them` : ''),
        );
        io.out('backups and WAL archives taken before the upgrade still hold the messages in clear: replace them, and rebuild replicas from a new base backup');
        setCode(0);
      } finally {
        await client.end().catch(() => undefined);
      }
    });
}
