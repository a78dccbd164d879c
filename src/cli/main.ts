import { Command, CommanderError } from 'commander';
import { runBuildWorkerIfAny } from '../build/pool.js';
import { registerBuild } from './commands/build.js';
import { registerCheck } from './commands/check.js';
import { registerDev } from './commands/dev.js';
import { registerInit } from './commands/init.js';
import { registerSchema } from './commands/schema.js';
import { registerServe } from './commands/serve.js';
import { registerValidate } from './commands/validate.js';
import { registerUsers } from './commands/users.js';
import { registerAudit } from './commands/audit.js';
import { registerKeys } from './commands/keys.js';
import { registerPlaintext } from './commands/plaintext.js';
import { registerBackup } from './commands/backup.js';
import { helpAfterError, unexpectedError } from '../texts/cli.js';
import { CliError, errorLines } from './errors.js';
import { processIo, type CliIo } from './io.js';
import { VERSION } from './version.js';

/**
 * Runs the CLI with `argv` (as process.argv: node, script, args...) and returns the exit code.
 * The one place that turns errors into messages: a CliError is the user's to fix and prints without
 * a stack trace; anything else is a bug and says so.
 */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const program = new Command()
    .name('clinic-gen')
    .description("Static, search-friendly websites for a men's health clinic in every city it serves.")
    .version(VERSION, '-v, --version')
    .exitOverride()
    .showHelpAfterError(helpAfterError.title)
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .addHelpText(
      'after',
      '\nExamples:\n  clinic-gen build --config configs/tampa.yaml --contact-endpoint https://clinic.example.com/api/contact\n  clinic-gen serve --config configs/wesley-chapel.yaml --port 3000',
    );
  let code = 0;
  const setCode = (c: number) => void (code = c);
  registerBuild(program, io, setCode);
  registerValidate(program, io, setCode);
  registerServe(program, io, setCode);
  registerDev(program, io, setCode);
  registerInit(program, io, setCode);
  registerCheck(program, io, setCode);
  registerSchema(program, io, setCode);
  registerUsers(program, io, setCode);
  registerAudit(program, io, setCode);
  registerKeys(program, io, setCode);
  registerPlaintext(program, io, setCode);
  registerBackup(program, io, setCode);
  try {
    await program.parseAsync(argv);
    return code;
  } catch (err) {
    // With --json a script reads stdout: every failure is an object there too, not only lines on stderr.
    const json = argv.slice(2).includes('--json');
    if (err instanceof CommanderError) {
      if (json && err.exitCode !== 0) io.out(JSON.stringify({ ok: false, errors: [err.message.replace(/^error: /, '')] }));
      return err.exitCode;
    }
    if (err instanceof CliError) {
      const lines = errorLines(err.text);
      for (const line of lines) io.err(line);
      if (json) io.out(JSON.stringify({ ok: false, errors: lines.map((l) => l.replace(/^error: /, '')) }));
      return err.exitCode;
    }
    const bug = unexpectedError(String((err as Error).stack ?? err));
    io.err(`${bug.title}\n${bug.message}`);
    return 70;
  }
}

// When this bundle runs as a build worker thread, it serves build jobs instead of parsing argv.
runBuildWorkerIfAny();
