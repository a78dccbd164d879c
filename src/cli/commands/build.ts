import type { Command } from 'commander';
import { dirname, relative, resolve } from 'node:path';
import type { BuildJob } from '../../build/build-site.js';
import { buildMany } from '../../build/pool.js';
import { sameOutput } from '../../messages/cli.js';
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
    .option('-f, --force', 'replace a site folder even when it holds files clinic-gen did not write')
    .option('-q, --quiet', 'print only errors')
    .option('--json', 'print one JSON object with the results, for scripts')
    .addHelpText(
      'after',
      `
A site folder is replaced as a whole. build replaces only folders it wrote itself (it leaves a
.clinic-gen-site file in each, listing the site's files); a folder holding anything else needs
--force. The working folder, a folder holding a config and the folder many cities are built into
are never replaced, not even with --force.

Examples:
  clinic-gen build --config configs/tampa.yaml
  clinic-gen build --config configs/ --out public/
  clinic-gen build -c configs/tampa.yaml -c configs/orlando.yaml --json`,
    )
    .action(async (opts: { config: string[]; out?: string; force?: boolean; quiet?: boolean; json?: boolean }) => {
      const started = performance.now();
      const paths = await expandConfigs(opts.config, io.cwd);
      const abs = (p: string) => resolve(io.cwd, p);
      const single = paths.length === 1;
      const jobs: BuildJob[] = paths.map((p) => {
        const out: BuildJob['out'] = single && opts.out ? { exact: abs(opts.out) } : { root: abs(opts.out ?? 'dist') };
        const keep = [{ path: dirname(abs(p)), what: `the folder of ${p}` }];
        if ('root' in out) keep.push({ path: out.root, what: 'the folder the sites are built into' });
        return { configPath: p, out, write: { force: opts.force, keep, cwd: io.cwd } };
      });
      const report = createReporter(io, { total: jobs.length, quiet: opts.quiet, json: opts.json });
      const results = await buildMany(jobs, { workerUrl: workerUrl(), onDone: report.progress });
      const seen = new Map<string, string>();
      for (const r of results) {
        if (!r.ok) continue;
        const prev = seen.get(r.outDir);
        if (prev) throw new CliError(sameOutput(prev, r.configPath, relative(io.cwd, r.outDir) || r.outDir));
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
