import type { Command } from 'commander';
import { dirname, relative, resolve } from 'node:path';
import type { BuildJob } from '../../build/build-site.js';
import { outputClash } from '../../build/clash.js';
import { buildMany } from '../../build/pool.js';
import { isHttpEndpoint } from '../../config/schema.js';
import { notContactEndpoint, sameOutput } from '../../texts/cli.js';
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
    .option('--contact-endpoint <url>', "where the contact form posts: the clinic server's contact API, like https://clinic.example.com/api/contact (over the config's contactEndpoint)", contactEndpointUrl)
    .option('--strict', 'treat warnings as errors: a city with any warning fails (exit 1) and is not written')
    .option('-q, --quiet', 'print only errors')
    .option('--json', 'print one JSON object with the results, for scripts')
    .addHelpText(
      'after',
      `
The contact form posts to the clinic server's contact API: set contactEndpoint in the config (or
pass --contact-endpoint) to its absolute URL, so the site works on any static host. Without one,
the form posts to /api/contact, which only works when the clinic server serves the site; build
warns, and --strict makes that an error.

A site folder is replaced as a whole. build replaces only folders it wrote itself (it leaves a
.clinic-gen-site file in each, listing the site's files); a folder holding anything else needs
--force. The working folder, a folder holding a config and the folder many cities are built into
are never replaced, not even with --force.

Examples:
  clinic-gen build --config configs/tampa.yaml
  clinic-gen build -c configs/tampa.yaml --contact-endpoint https://clinic.example.com/api/contact --strict
  clinic-gen build --config configs/ --out public/
  clinic-gen build -c configs/tampa.yaml -c configs/orlando.yaml --json`,
    )
    .action(async (opts: { config: string[]; out?: string; force?: boolean; contactEndpoint?: string; strict?: boolean; quiet?: boolean; json?: boolean }) => {
      const started = performance.now();
      const paths = await expandConfigs(opts.config, io.cwd);
      const abs = (p: string) => resolve(io.cwd, p);
      const single = paths.length === 1;
      const jobs: BuildJob[] = paths.map((p) => {
        const out: BuildJob['out'] = single && opts.out ? { exact: abs(opts.out) } : { root: abs(opts.out ?? 'dist') };
        const keep = [{ path: dirname(abs(p)), what: `the folder of ${p}` }];
        if ('root' in out) keep.push({ path: out.root, what: 'the folder the sites are built into' });
        return { configPath: p, out, write: { force: opts.force, keep, cwd: io.cwd }, contactEndpoint: opts.contactEndpoint, strict: opts.strict };
      });
      // Two configs of one city would write one folder: refused before anything is built or written.
      const clash = jobs.length > 1 ? outputClash(jobs) : undefined;
      if (clash) throw new CliError(sameOutput(clash.first, clash.second, relative(io.cwd, clash.outDir) || clash.outDir));
      const report = createReporter(io, { total: jobs.length, quiet: opts.quiet, json: opts.json });
      const results = await buildMany(jobs, { workerUrl: workerUrl(), onDone: report.progress });
      // A city read differently by the quick look above than by its build still never shares a folder unnoticed.
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

/** Commander parser of --contact-endpoint: an absolute http(s) URL, or a CliError naming the flag. */
export function contactEndpointUrl(value: string): string {
  const v = value.trim();
  if (!isHttpEndpoint(v)) throw new CliError(notContactEndpoint(value));
  return v;
}

/** This module's bundle (lib/cli.js) doubles as the build worker; TypeScript sources do not. */
function workerUrl(): URL | undefined {
  const url = new URL(import.meta.url);
  return url.pathname.endsWith('.js') ? url : undefined;
}
