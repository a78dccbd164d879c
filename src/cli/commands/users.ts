import type { Command } from 'commander';
import { SERVER_DEFAULTS } from '../../server/settings/defaults.js';
import { fromCwd } from '../configs.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';
import { readSecret } from '../secret-input.js';

/**
 * `clinic-gen users`: staff accounts from a shell on the server (docs/decisions/017-staff-accounts.md),
 * on the store `serve` uses with the same --data and environment (DATABASE_URL, DATA_KEY).
 */
export function registerUsers(program: Command, io: CliIo, setCode: (c: number) => void): void {
  const users = program
    .command('users')
    .description('Manage the admin’s staff accounts from a shell: add, list, disable, reset-password. Uses the store of `serve` (--data, or DATABASE_URL) and its data key (DATA_KEY, DATA_KEY_FILE).');
  const data = `folder of the server's database (default: "${SERVER_DEFAULTS.dataDir}"; ignored with DATABASE_URL)`;
  const passwordHelp = 'read the password from the first line of standard input instead of asking for it';

  users
    .command('add')
    .description('Add an account. The password is asked for (not shown), or read with --password-stdin.')
    .requiredOption('--email <email>', 'the sign-in name')
    .requiredOption('--name <name>', 'the person’s name, as the admin and the audit trail show it')
    .requiredOption('--role <role>', 'owner, editor or frontdesk')
    .option('--cities <slugs>', 'front desk (required): the cities whose messages it works, comma-separated, or "all" for every city')
    .option('-d, --data <dir>', data)
    .option('--password-stdin', passwordHelp)
    .action(async (opts: { email: string; name: string; role: string; cities?: string; data?: string; passwordStdin?: boolean }) =>
      task(io, opts.data, async (tasks, t) => {
        const password = await readSecret(io, 'Password for the new account: ', opts.passwordStdin);
        const cities = opts.cities === undefined ? undefined : opts.cities.trim().toLowerCase() === 'all' ? null : opts.cities.split(',').map((s) => s.trim()).filter(Boolean);
        const a = await tasks.addUser(t, { email: opts.email, name: opts.name, role: opts.role, cities, password });
        const cityText = a.role === 'frontdesk' ? `: ${a.cities ? a.cities.join(', ') : 'every city'}` : '';
        const next = a.role === 'editor' ? 'they choose their own password at their first sign-in' : 'they choose their own password and set up two-step sign-in at their first sign-in';
        io.out(`added ${a.email} (${a.role}${cityText}); ${next}`);
        setCode(0);
      }),
    );

  users
    .command('list')
    .description('List every account: email, name, role, cities, two-step sign-in, active, last sign-in.')
    .option('-d, --data <dir>', data)
    .action(async (opts: { data?: string }) =>
      task(io, opts.data, async (tasks, t) => {
        const rows = (await tasks.listUsers(t)).map((a) => [a.email, a.name, a.role, a.cities ? a.cities.join(',') : 'all', a.totpSecret ? 'two-step' : '-', a.active ? 'active' : 'disabled', a.lastSignInAt ?? 'never']);
        const head = ['EMAIL', 'NAME', 'ROLE', 'CITIES', 'SECOND FACTOR', 'STATE', 'LAST SIGN-IN'];
        const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
        for (const r of [head, ...rows]) io.out(r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd());
        setCode(0);
      }),
    );

  users
    .command('disable')
    .description('Disable an account: its sessions and API tokens stop at once.')
    .argument('<email>', 'the account’s sign-in name')
    .option('-d, --data <dir>', data)
    .action(async (email: string, opts: { data?: string }) =>
      task(io, opts.data, async (tasks, t) => {
        const a = await tasks.disableUser(t, email);
        io.out(`disabled ${a.email}: its sessions ended and its API tokens no longer work`);
        setCode(0);
      }),
    );

  users
    .command('reset-password')
    .description('Give an account a new password (and enable it); its sessions end. --reset-two-step also removes its second factor (a lost phone).')
    .argument('<email>', 'the account’s sign-in name')
    .option('-d, --data <dir>', data)
    .option('--password-stdin', passwordHelp)
    .option('--reset-two-step', 'remove the second factor too; an owner sets it up again at the next sign-in')
    .action(async (email: string, opts: { data?: string; passwordStdin?: boolean; resetTwoStep?: boolean }) =>
      task(io, opts.data, async (tasks, t) => {
        const password = await readSecret(io, `New password for ${email}: `, opts.passwordStdin);
        const a = await tasks.resetPassword(t, email, password, opts.resetTwoStep === true);
        io.out(`new password set for ${a.email}; its sessions ended${opts.resetTwoStep ? '; two-step sign-in removed' : ''}`);
        setCode(0);
      }),
    );
}

type Tasks = typeof import('../../server/tasks/admin-tasks.js');

/** Opens the store, runs `work`, closes; a mistake the person can fix prints as an error. */
export async function task(io: CliIo, dataDir: string | undefined, work: (tasks: Tasks, t: Awaited<ReturnType<Tasks['openTaskStore']>>) => Promise<void>): Promise<void> {
  // The server's modules (SQLite, pg) load only for these commands.
  const tasks = await import('../../server/tasks/admin-tasks.js');
  const { ServerStartError } = await import('../../server/lifecycle/start-error.js');
  // What these commands make in the data folder (SQLite's files, folders) is its owner's alone, as serve's is.
  (await import('../../server/lifecycle/owner-only.js')).ownerOnlyUmask();
  let t: Awaited<ReturnType<Tasks['openTaskStore']>>;
  try {
    t = await tasks.openTaskStore({ dataDir: dataDir === undefined ? undefined : fromCwd(io.cwd, dataDir), env: io.env });
  } catch (err) {
    if (err instanceof ServerStartError) throw new CliError({ title: err.problems.join('; ') });
    throw err;
  }
  try {
    await work(tasks, t);
  } catch (err) {
    if (err instanceof tasks.TaskError) throw new CliError({ title: err.message });
    throw err;
  } finally {
    await t.close();
  }
}
