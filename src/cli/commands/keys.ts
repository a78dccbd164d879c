import type { Command } from 'commander';
import { SERVER_DEFAULTS } from '../../server/settings/defaults.js';
import type { CliIo } from '../io.js';
import { task } from './users.js';

/** `clinic-gen keys rotate`: re-wrap everything sealed by the data key under a new one (issue 22). */
export function registerKeys(program: Command, io: CliIo, setCode: (c: number) => void): void {
  const keys = program.command('keys').description('The server’s data key.');
  keys
    .command('rotate')
    .description(
      'Re-wrap every value sealed by the previous data key (DATA_KEY_PREVIOUS) under the new one (DATA_KEY): messages’ keys, second factors, the audit and search keys. Servers keep running meanwhile, each given both keys; afterwards DATA_KEY alone is enough.',
    )
    .option('-d, --data <dir>', `folder of the server's database (default: "${SERVER_DEFAULTS.dataDir}"; ignored with DATABASE_URL)`)
    .option('--servers-have-new-key', 'rotate even though a server running on the store was not started with the new key (its DATA_KEY_FILE holds it now); a server without it refuses messages (503) until restarted with it')
    .addHelpText(
      'after',
      `
Steps: make a new key (openssl rand -base64 32); restart every server with DATA_KEY=<new> and
DATA_KEY_PREVIOUS=<old>; run this with the same two; then remove DATA_KEY_PREVIOUS from the
servers. Refused while a server runs without the new key (named). Keep the old key, apart, until
every backup taken before the rotation is gone: those backups are sealed with it.`,
    )
    .action(async (opts: { data?: string; serversHaveNewKey?: boolean }) =>
      task(io, opts.data, async (tasks, t) => {
        const r = await tasks.rotateKeys(t, { serversHaveNewKey: opts.serversHaveNewKey === true });
        io.out(`re-wrapped ${r.rewrapped} values under key ${r.keyId} (was ${r.previous}); the servers no longer need DATA_KEY_PREVIOUS`);
        io.out(`keep the old key ${r.previous} (apart from the backups) until every backup taken before now is gone: they can be restored only with it`);
        setCode(0);
      }),
    );
}
