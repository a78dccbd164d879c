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
    .addHelpText(
      'after',
      `
Steps: make a new key (openssl rand -base64 32); restart every server with DATA_KEY=<new> and
DATA_KEY_PREVIOUS=<old>; run this with the same two; then remove DATA_KEY_PREVIOUS everywhere.`,
    )
    .action(async (opts: { data?: string }) =>
      task(io, opts.data, async (tasks, t) => {
        const r = await tasks.rotateKeys(t);
        io.out(`re-wrapped ${r.rewrapped} values under key ${r.keyId} (was ${r.previous}); DATA_KEY_PREVIOUS is no longer needed`);
        setCode(0);
      }),
    );
}
