import type { Command } from 'commander';
import { loadConfigFile } from '../../config/load.js';
import { collect, expandConfigs } from '../configs.js';
import type { CliIo } from '../io.js';

/** `clinic-gen validate`: check configs without building. */
export function registerValidate(program: Command, io: CliIo, setCode: (c: number) => void): void {
  program
    .command('validate')
    .description('Check clinic configs and report every problem as file:line:column field: expected ...')
    .requiredOption('-c, --config <file|folder>', 'a clinic config (YAML), or a folder of them; repeat for more', collect)
    .addHelpText('after', '\nExample:\n  clinic-gen validate --config configs/tampa.yaml')
    .action(async (opts: { config: string[] }) => {
      let failed = 0;
      for (const path of await expandConfigs(opts.config, io.cwd)) {
        const r = await loadConfigFile(path);
        if (r.ok) {
          for (const w of r.warnings) io.err(`warning: ${w}`);
          io.out(`${path}: valid`);
        } else {
          failed++;
          for (const e of r.errors) io.err(e);
        }
      }
      setCode(failed ? 1 : 0);
    });
}
