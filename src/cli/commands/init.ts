import type { Command } from 'commander';
import { writeFile, mkdir } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { citySlug } from '../../config/slug.js';
import { INIT_FIELDS } from '../../init/field-list.js';
import type { InitAnswers } from '../../init/template.js';
import { cannotWrite, fileExists, initCancelled, initFlagsMissing, initValuesWrong } from '../../texts/cli.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';

/** `clinic-gen init`: write a new city's config that builds on the first try. */
export function registerInit(program: Command, io: CliIo, setCode: (c: number) => void): void {
  const cmd = program
    .command('init')
    .description("Write a new city's clinic config, valid on its first build, with comments on what else it can hold.");
  for (const f of INIT_FIELDS) cmd.option(`${f.flag} <${f.arg}>`, `${f.prompt.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())}, like ${f.example}`);
  cmd
    .option('-o, --out <file>', 'where to write the config (default configs/<city-slug>.yaml)')
    .option('-f, --force', 'replace the file if it exists')
    .addHelpText(
      'after',
      `
On a terminal, init asks for whatever the flags leave out; in scripts and CI, every value must be
given as a flag. Each value is checked with the same rules as build.

Examples:
  clinic-gen init --city Lakeland --state FL
  clinic-gen init --city Lakeland --state FL --business-name "Northstar Men's Health" \\
    --address "2100 South Florida Avenue" --zip 33803 --phone "(863) 555-0100" \\
    --email lakeland@example.com --domain lakeland.example.com \\
    --hours "Mon-Fri 09:00-18:00, Sat 09:00-13:00" --governing-law Florida \\
    --courts "Polk County" --effective-date 2026-12-01

Hours, the terms' law and courts and the policies' date are the city's own: init asks for them and
fills in none (a day not named in --hours is shown as closed).`,
    )
    .action(async (opts: Record<string, string | boolean | undefined>) => {
      // Loaded when the command runs (the config's schema and the YAML writer): see check.ts.
      const [{ schemaFilePath }, { parseConfigText }, { askFields, PromptCancelled }, { checkField }, { configTemplate }] = await Promise.all([
        import('../../config/json-schema.js'),
        import('../../config/load.js'),
        import('../../init/ask.js'),
        import('../../init/fields.js'),
        import('../../init/template.js'),
      ]);
      const answers: Record<string, string> = {};
      const wrong: string[] = [];
      for (const f of INIT_FIELDS) {
        const v = opts[f.option];
        if (typeof v !== 'string') continue;
        const r = checkField(f, v);
        if (r.ok) answers[f.key] = r.value;
        else wrong.push(`${f.flag} "${v}": ${r.error}`);
      }
      if (wrong.length) throw new CliError(initValuesWrong(wrong.join('\n')));
      const missing = INIT_FIELDS.filter((f) => answers[f.key] === undefined);
      if (missing.length) {
        // Prompts need a person at a terminal; a script gets one clear list instead of a hang.
        if (!(io.isTTY && process.stdin.isTTY)) {
          throw new CliError(initFlagsMissing(missing.map((f) => f.flag).join(', ')));
        }
        try {
          Object.assign(answers, await askFields(missing, { input: process.stdin, output: process.stdout, terminal: true }));
        } catch (err) {
          if (err instanceof PromptCancelled) throw new CliError(initCancelled);
          throw err;
        }
      }
      const out = resolve(io.cwd, typeof opts.out === 'string' ? opts.out : `configs/${citySlug(answers.city!)}.yaml`);
      const shown = relative(io.cwd, out) || out;
      const configPath = shown.split(sep).join('/');
      const text = configTemplate(answers as unknown as InitAnswers, { schemaRef: schemaRef(out, schemaFilePath()), configPath, configDir: dirname(configPath) });
      // Parse what is about to be written: init promises a config that builds.
      const check = parseConfigText(text, shown);
      if (!check.ok) throw new Error(`init wrote an invalid config:\n${check.errors.join('\n')}`);
      await mkdir(dirname(out), { recursive: true });
      try {
        await writeFile(out, text, { flag: opts.force ? 'w' : 'wx' });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new CliError(fileExists(shown));
        throw new CliError(cannotWrite(shown, (err as NodeJS.ErrnoException).code ?? (err as Error).message));
      }
      io.out(`wrote ${configPath}\nNext: write its local content (see the comments), then\n  clinic-gen dev --config ${configPath}\n  clinic-gen check ${dirname(configPath)}/\n  clinic-gen build --config ${configPath} --contact-endpoint https://<clinic server>/api/contact`);
      setCode(0);
    });
}

/** The schema's path as the config's first line gives it: relative to the config, with slashes. */
function schemaRef(configFile: string, schemaFile: string): string {
  const rel = relative(dirname(configFile), schemaFile).split(sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}
