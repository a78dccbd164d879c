import type { Command } from 'commander';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { cannotWrite } from '../../texts/cli.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';

/** `clinic-gen schema`: the JSON Schema of a clinic config, for editors. */
export function registerSchema(program: Command, io: CliIo, setCode: (c: number) => void): void {
  program
    .command('schema')
    .description('Print (or write) the JSON Schema of a clinic config, so editors complete fields and flag mistakes as you type.')
    .option('-o, --out <file>', 'write the schema to this file instead of printing it')
    .addHelpText(
      'after',
      `
The schema is generated from the same rules clinic-gen checks configs with. A few rules cannot be
said in JSON Schema (that closes is later than opens, for one); their fields' descriptions say so,
and clinic-gen build and validate still check them.

To use it in VS Code (Red Hat's YAML extension) or any editor with yaml-language-server, put this
first line in a config (clinic-gen init writes it for you):
  # yaml-language-server: $schema=../schema/clinic-config.schema.json

Examples:
  clinic-gen schema --out schema/clinic-config.schema.json
  clinic-gen schema | jq '.properties.localContent'`,
    )
    .action(async (opts: { out?: string }) => {
      // Loaded when the command runs: the schema (zod) is not what other commands start with.
      const { clinicConfigJsonSchemaText } = await import('../../config/json-schema.js');
      const text = clinicConfigJsonSchemaText();
      if (!opts.out) {
        io.out(text);
        return setCode(0);
      }
      const file = resolve(io.cwd, opts.out);
      try {
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, text);
      } catch (err) {
        throw new CliError(cannotWrite(opts.out, (err as NodeJS.ErrnoException).code ?? (err as Error).message));
      }
      io.out(`wrote ${relative(io.cwd, file) || file}`);
      setCode(0);
    });
}
