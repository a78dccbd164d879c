import type { Command } from 'commander';
import { stat } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { DevEvent } from '../../dev/start-dev.js';
import { wholeNumber } from '../configs.js';
import { devConfigNotFound, portInUse } from '../../texts/cli.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';

/** `clinic-gen dev`: preview a city's site while editing its config; every save reloads the page. */
export function registerDev(program: Command, io: CliIo, setCode: (c: number) => void): void {
  program
    .command('dev')
    .description('Preview a city\'s site on this machine while you edit its config: every save rebuilds it and reloads the open pages.')
    .requiredOption('-c, --config <file>', 'the clinic config (YAML) to preview')
    .option('-p, --port <number>', 'port on 127.0.0.1 (0 picks a free one)', wholeNumber('--port', 65535), 4321)
    .addHelpText(
      'after',
      `
The site is built in memory (nothing is written to dist/) and served at http://127.0.0.1:<port>/.
When a save breaks the config, the errors show in the terminal and over the page, and the last
good build stays up until the next good save. A logo given as a site path (/uploads/logo.png) is
served from beside the config (configs/uploads/logo.png) and watched too.

Examples:
  clinic-gen dev --config configs/tampa.yaml
  clinic-gen dev -c configs/orlando.yaml --port 8080`,
    )
    .action(async (opts: { config: string; port: number }) => {
      const file = resolve(io.cwd, opts.config);
      const st = await stat(file).catch(() => undefined);
      if (!st?.isFile()) throw new CliError(devConfigNotFound(opts.config));
      const shownAs = relative(io.cwd, file) || file;
      let dev;
      try {
        // The watcher and dev server load only for this command.
        const { startDev } = await import('../../dev/start-dev.js');
        dev = await startDev({ configPath: file, port: opts.port, shownAs, onEvent: (e) => report(io, e) });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new CliError(portInUse(String(opts.port)));
        throw err;
      }
      io.out(`clinic-gen dev: ${shownAs} at ${dev.url}/ (Ctrl+C to stop)`);
      // Run until interrupted, then close the watcher and the server so the process ends by itself.
      await new Promise<void>((stop) => {
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await dev.close();
      setCode(0);
    });
}

function report(io: CliIo, e: DevEvent): void {
  const at = new Date().toTimeString().slice(0, 8);
  if (e.type === 'warning') return io.err(`warning: ${e.message}`);
  if (e.type === 'failed') {
    io.err(`${at} the config has errors; ${e.first ? 'nothing to show until they are fixed' : 'still serving the last good build'}:`);
    for (const line of e.errors) io.err(line);
    return;
  }
  if (e.first) return io.out(`${at} built ${e.files} files in ${Math.round(e.ms)} ms`);
  const tabs = e.tabsReloaded === 1 ? '1 tab' : `${e.tabsReloaded} tabs`;
  io.out(`${at} rebuilt in ${Math.round(e.ms)} ms: ${e.pagesChanged} page${e.pagesChanged === 1 ? '' : 's'} changed, ${tabs} reloaded`);
}
