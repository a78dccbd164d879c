import type { Command } from 'commander';
import { SERVER_DEFAULTS } from '../../server/settings/defaults.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';
import { task } from './users.js';

/**
 * `clinic-gen audit verify`: whether the audit trail's chain is whole (docs/decisions/017-staff-accounts.md),
 * every record read whatever its number, and with `--head SEQ:MAC` (a head from the server's log)
 * whether it still reaches that head (issue 38 item 5, docs/security.md).
 */
export function registerAudit(program: Command, io: CliIo, setCode: (c: number) => void): void {
  const audit = program.command('audit').description('The admin’s audit trail: who read and changed what.');
  audit
    .command('verify')
    .description(
      'Check every record of the audit trail against its MAC chain; name the first record that was changed, removed or inserted. With --head, also that the trail reaches a head the server logged (records removed from the end). Exit 1 when broken.',
    )
    .option('-d, --data <dir>', `folder of the server's database (default: "${SERVER_DEFAULTS.dataDir}"; ignored with DATABASE_URL)`)
    .option('--head <seq:mac>', 'a head of the trail from the server\'s log ("audit.head" lines) or its metrics: the trail must reach it, with that MAC')
    .action(async (opts: { data?: string; head?: string }) => {
      // Only this command loads the trail's modules (the CLI's start stays light).
      const { parseHead, headText, verifyTrail } = await import('../../server/audit/index.js');
      const head = opts.head === undefined ? undefined : parseHead(opts.head);
      if (head && !head.ok) throw new CliError({ title: head.error });
      await task(io, opts.data, async (_tasks, t) => {
        const v = await verifyTrail(t.auditKey, t.store.audit, head?.head);
        if (!v.ok) {
          const cut = v.reason.startsWith('the trail was cut short');
          throw new CliError({ title: cut ? v.reason : `the audit trail is broken at record ${v.seq}: ${v.reason}`, message: v.count === 0 ? 'no record before it is whole.' : `records 1 to ${v.count} are whole.` });
        }
        const reached = head?.head ? `; it reaches the head given (record ${head.head.seq})` : '';
        io.out(`the audit trail is whole: ${v.count} records, each chained to the one before${reached}`);
        if (v.head) io.out(`its head: ${headText(v.head)}`);
        setCode(0);
      });
    });
}
