import type { Command } from 'commander';
import { collect, expandConfigs } from '../configs.js';
import type { CliIo } from '../io.js';
import { contactEndpointUrl } from './build.js';

/** `clinic-gen validate`: check configs without building. */
export function registerValidate(program: Command, io: CliIo, setCode: (c: number) => void): void {
  program
    .command('validate')
    .description('Check clinic configs and report every problem as file:line:column field: expected ...')
    .requiredOption('-c, --config <file|folder>', 'a clinic config (YAML), or a folder of them; repeat for more', collect)
    .option('--contact-endpoint <url>', 'check as build would with this contact endpoint (see build --help)', contactEndpointUrl)
    .option('--strict', 'treat warnings as errors (exit 1)')
    .addHelpText(
      'after',
      `
A config that names no contactEndpoint fails as build would, unless --contact-endpoint is given.
Warnings (a contact form posting to a private address, a brand colour with too little contrast)
do not fail a config unless --strict is given.

Examples:
  clinic-gen validate --config configs/tampa.yaml
  clinic-gen validate --config configs/ --strict`,
    )
    .action(async (opts: { config: string[]; contactEndpoint?: string; strict?: boolean }) => {
      // Loaded when the command runs (the schema, the parsers, the pipeline): see check.ts.
      const [{ loadConfigFile }, { contactEndpointOf, problemLines }] = await Promise.all([import('../../config/load.js'), import('../../site/pipeline.js')]);
      let failed = 0;
      for (const path of await expandConfigs(opts.config, io.cwd)) {
        const r = await loadConfigFile(path);
        if (!r.ok) {
          failed++;
          for (const e of r.errors) io.err(e);
          continue;
        }
        // What build would warn about before it makes the site (the logo is only read by build).
        const { warning, error } = contactEndpointOf(r.config, { contactEndpoint: opts.contactEndpoint });
        if (error) {
          failed++;
          for (const e of problemLines(path, [error])) io.err(e);
          continue;
        }
        const warnings = [...r.warnings, ...problemLines(path, warning ? [warning] : [])];
        if (opts.strict && warnings.length) {
          failed++;
          for (const w of warnings) io.err(w);
          continue;
        }
        for (const w of warnings) io.err(`warning: ${w}`);
        io.out(`${path}: valid`);
      }
      setCode(failed ? 1 : 0);
    });
}
