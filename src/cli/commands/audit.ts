import type { Command } from 'commander';
import { SERVER_DEFAULTS } from '../../server/settings/defaults.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';
import { task } from './users.js';

/** `clinic-gen audit verify`: whether the audit trail's chain is whole (docs/decisions/017-staff-accounts.md). */
export function registerAudit(program: Command, io: CliIo, setCode: (c: number) => void): void {
  const audit = program.command('audit').description('The admin’s audit trail: who read and changed what.');
  audit
    .command('verify')
    .description('Check every record of the audit trail against its MAC chain; name the first record that was changed, removed or inserted. Exit 1 when broken.')
    .option('-d, --data <dir>', `folder of the server's database (default: "${SERVER_DEFAULTS.dataDir}"; ignored with DATABASE_URL)`)
    .action(async (opts: { data?: string }) =>
      task(io, opts.data, async (tasks, t) => {
        const v = await tasks.verifyAudit(t);
        if (!v.ok) throw new CliError({ title: `the audit trail is broken at record ${v.seq}: ${v.reason}`, message: `${v.count} records before it are whole.` });
        io.out(`the audit trail is whole: ${v.count} records, each chained to the one before`);
        setCode(0);
      }),
    );
}
