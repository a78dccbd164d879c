import type { Command } from 'commander';
import { resolve } from 'node:path';
import { checkSites, DEFAULT_THRESHOLD, type CheckReport } from '../../check/run-check.js';
import { loadConfigFile } from '../../config/load.js';
import { expandConfigs } from '../configs.js';
import { checkConfigsInvalid, checkNeedsTwo, notThreshold } from '../../texts/cli.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';
import { createProgress } from '../progress.js';

const HELP = `
How it works:
  Every site is rendered in memory. For each pair of cities, the text of each page (title, meta
  description, body without header and navigation) is compared with the city, state, brand,
  address, ZIP, phone, email and domain set aside, as overlapping runs of five words (Jaccard
  resemblance, 0 = nothing shared, 1 = the same text). The pair's figure is taken over the pages
  that present the location: the home page and the pages local content appears on.

Why the default threshold is ${DEFAULT_THRESHOLD.toFixed(2)}:
  Search engines demote near-identical location pages as doorway pages. SEO crawlers flag pages as
  near duplicates from 0.90 (Screaming Frog's default). check compares the location pages only,
  with names and contact details already set aside, and warns a step earlier, while the local
  content is still being written. The sample configs (a Why-city text, a team, areas served and a
  local question or two) score about 0.68-0.70; two configs that differ only by city score ~1.

Exit code: 0 when no pair is above the threshold, 1 when some pair is (or a config is invalid).

Examples:
  clinic-gen check configs/
  clinic-gen check configs/tampa.yaml configs/lakeland.yaml --verbose
  clinic-gen check configs/ --threshold 0.7 --json`;

/** `clinic-gen check`: warn when two cities' sites are so alike they read as doorway pages. */
export function registerCheck(program: Command, io: CliIo, setCode: (c: number) => void): void {
  program
    .command('check')
    .description('Compare the sites of several cities and warn when two are so alike that search engines may treat them as doorway pages.')
    .argument('<configs...>', 'clinic configs (YAML), or folders of them')
    .option('-t, --threshold <0..1>', 'warn when a pair is more alike than this', threshold, DEFAULT_THRESHOLD)
    .option('--verbose', 'also print the figure of every page of every pair (in --json too)')
    .option('-q, --quiet', 'print only the pairs above the threshold and errors')
    .option('--json', 'print one JSON object with every pair, for scripts')
    .addHelpText('after', HELP)
    .action(async (values: string[], opts: { threshold: number; verbose?: boolean; quiet?: boolean; json?: boolean }) => {
      // The same file named twice (configs/ and configs/tampa.yaml) is one city, not a twin.
      const seen = new Set<string>();
      const paths = (await expandConfigs(values, io.cwd)).filter((p) => !seen.has(resolve(io.cwd, p)) && Boolean(seen.add(resolve(io.cwd, p))));
      const inputs = [];
      const errors: string[] = [];
      for (const path of paths) {
        const r = await loadConfigFile(path);
        if (r.ok) inputs.push({ source: path, config: r.config });
        else errors.push(...r.errors);
      }
      if (errors.length) {
        for (const e of errors) io.err(e);
        throw new CliError(checkConfigsInvalid(String(paths.length - inputs.length), String(paths.length)));
      }
      if (inputs.length < 2) throw new CliError(checkNeedsTwo);
      const progress = createProgress(io, opts);
      const report = checkSites(inputs, {
        threshold: opts.threshold,
        allPages: opts.verbose,
        onProgress: (p) => progress.step(p.phase === 'render' ? 'sites rendered' : 'pairs compared', p.done, p.total),
      });
      if (opts.json) io.out(JSON.stringify({ ok: report.overCount === 0, ...report }));
      else printReport(io, report, opts);
      setCode(report.overCount ? 1 : 0);
    });
}

function printReport(io: CliIo, report: CheckReport, opts: { verbose?: boolean; quiet?: boolean }): void {
  const { pairs, threshold } = report;
  // Hundreds of cities make tens of thousands of pairs: list the closest, --verbose lists all.
  const listed = opts.verbose ? pairs : opts.quiet ? pairs.filter((p) => p.over) : pairs.filter((p, i) => p.over || i < 20);
  for (const p of listed) {
    io.out(`${p.similarity.toFixed(2)}  ${p.a.city} ~ ${p.b.city}${p.over ? `  above ${threshold.toFixed(2)}` : ''}`);
    if (opts.verbose) for (const pg of p.pages) io.out(`        ${pg.similarity.toFixed(2)}  ${pg.route}${pg.location ? '  (location page)' : ''}`);
  }
  if (listed.length < pairs.length) io.out(`(${pairs.length - listed.length} more pairs below ${threshold.toFixed(2)}; --verbose lists them all)`);
  for (const p of pairs.filter((x) => x.detailed)) {
    const routes = p.pages.filter((pg) => pg.location).map((pg) => pg.route).join(', ');
    io.err(`warning: ${p.a.city} (${p.a.source}) and ${p.b.city} (${p.b.source}) are ${Math.round(p.similarity * 100)}% alike on the pages that present the location (${routes}); search engines may treat them as doorway pages. To tell them apart:`);
    for (const a of p.advice) io.err(`  - ${a.message}`);
  }
  const n = pairs.length;
  const undetailed = report.overCount - pairs.filter((p) => p.detailed).length;
  if (undetailed > 0) io.err(`(${undetailed} more pairs above ${threshold.toFixed(2)}, listed above without advice: the advice for the closest pairs applies to them too)`);
  if (report.overCount) io.err(`${report.overCount} of ${n} pair${n > 1 ? 's' : ''} above ${threshold.toFixed(2)}; write the local content above and run clinic-gen check again.`);
  else if (!opts.quiet) io.out(`no pair above ${threshold.toFixed(2)} (${report.sites.length} sites, ${n} pair${n > 1 ? 's' : ''}): the sites are distinct enough.`);
}

function threshold(v: string): number {
  const n = Number(v);
  if (!/^\s*(0|1|0?\.\d+|1\.0*)\s*$/.test(v) || !(n >= 0 && n <= 1)) throw new CliError(notThreshold(v));
  return n;
}
