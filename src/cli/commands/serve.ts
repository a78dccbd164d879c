import type { Command } from 'commander';
import type { CliIo } from '../io.js';
import { CliError } from '../errors.js';

/** `clinic-gen serve`: the clinic server (site, contact API, admin). Wired up with the server. */
export function registerServe(program: Command, io: CliIo, setCode: (c: number) => void): void {
  program
    .command('serve')
    .description('Run the clinic server: the live site, the contact API and the admin.')
    .requiredOption('-c, --config <file>', 'the clinic config (YAML) of the site to serve')
    .action(async () => {
      void io;
      setCode(1);
      throw new CliError('serve is not available in this build');
    });
}
