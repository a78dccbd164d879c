import type { Command } from 'commander';
import { isAbsolute, relative, resolve } from 'node:path';
import type { BuildJob } from '../../build/build-site.js';
import { buildMany } from '../../build/pool.js';
import { collect, expandConfigs } from '../configs.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';
import { createReporter } from '../report.js';

/** `clinic-gen build`: render one or many cities' sites to static files. */
export function registerBuild(program: Command, io: CliIo, setCode: (c: number) => void): void {
  program
    .command('build')
    .description('Build the static site of one city, or of many cities at once (using every core).')
    .requiredOption('-c, --config <file|folder>', 'a clinic config (YAML), or a folder of them; repeat for more', collect)
    .option('-o, --out <dir>', 'output folder (default dist/<city-slug>/; with several configs, <dir>/<city-slug>/)')
    .option('-q, --quiet', 'print only errors')
    .option('--json', 'print one JSON object with the results, for scripts')
    .addHelpText('after', '\nExamples:\n  clinic-gen build --config configs/tampa.yaml\n  clinic-gen build --config configs/ --out public/\n  clinic-gen build -c configs/tampa.yaml -c configs/orlando.yaml --json')
    .action(async (opts: { config: string[]; out?: string; quiet?: boolean; json?: boolean }) => {
      const started = performance.now();
      const paths = await expandConfigs(opts.config, io.cwd);
      const abs = (p: string) => (isAbsolute(p) ? p : resolve(io.cwd, p));
      const single = paths.length === 1;
      const jobs: BuildJob[] = paths.map((p) => ({
        configPath: p,
        out: single && opts.out ? { exact: abs(opts.out) } : { root: abs(opts.out ?? 'dist') },
      }));
      const report = createReporter(io, { total: jobs.length, quiet: opts.quiet, json: opts.json });
      const results = await buildMany(jobs, { workerUrl: workerUrl(), onDone: report.progress });
      const seen = new Map<string, string>();
      for (const r of results) {
        if (!r.ok) continue;
        const prev = seen.get(r.outDir);
        if (prev) throw new CliError(`${prev} and ${r.configPath} both build ${relative(io.cwd, r.outDir) || r.outDir}`, 'Give each city its own config, or build them with separate --out folders.');
        seen.set(r.outDir, r.configPath);
      }
      const failed = report.finish(results, performance.now() - started, (d) => relative(io.cwd, d) || '.');
      setCode(failed ? 1 : 0);
    });
}

/** This module's bundle (lib/cli.js) doubles as the build worker; TypeScript sources do not. */
function workerUrl(): URL | undefined {
  const url = new URL(import.meta.url);
  return url.pathname.endsWith('.js') ? url : undefined;
}
