import type { Command } from 'commander';
import { resolve } from 'node:path';
import { DEFAULT_THRESHOLD, MIN_LOCAL_WORDS } from '../../check/limits.js';
import type { BrandPagesReport } from '../../check/brand-pages.js';
import type { CheckInput, CheckReport, CityReport } from '../../check/run-check.js';
import { expandConfigs, wholeNumber } from '../configs.js';
import { checkConfigsInvalid, notThreshold } from '../../texts/cli.js';
import { CliError } from '../errors.js';
import type { CliIo } from '../io.js';
import { createProgress } from '../progress.js';

const HELP = `
How it works:
  Every site is rendered in memory, twice: as its config says, and with its local content emptied
  (no why-this-city text, team, areas served, local questions or description), which is the
  template every city gets. A city's own text is what its pages (title, meta description, body
  without header and navigation) say that its template does not, less what at least half of the
  cities say (and three or more): the clinic's shared copy. Names and contact details of every city
  are set aside first, and texts are compared as overlapping runs of five words. Each city's score
  is the share of its own text that its closest sibling's pages say too (0 = none, 1 = all of it).

With --site, each location listed is rendered as the brand site publishes it, placed and branded as
  the brand build places it, and its template with the same placement: its page, its contact page
  and any treatment page of its own are read, not the redirect pages to the brand's treatment and
  legal pages. The brand's own pages (home, treatments, policies, directory) are no location's:
  after the locations, each is listed with its closest other brand page (five-word runs, Jaccard),
  reported, not failed.

Why the default threshold is ${DEFAULT_THRESHOLD.toFixed(2)}:
  Tampa's config copied into "Clearwater" with only the city, address and phone changed scores
  1.00 against Tampa; the three sample cities score at most 0.01 against their closest sibling.
  A city half of whose own text is another city's was not written for its place. A city with
  fewer than ${MIN_LOCAL_WORDS} words of its own fails too, as lacking local content: a page that says
  nothing of its own is not distinct because of it.

Exit code: 0 when every city passes (or only one is given), 1 when a city fails or a config is
invalid.

Examples:
  clinic-gen check configs/
  clinic-gen check configs/tampa.yaml configs/clearwater.yaml --verbose
  clinic-gen check configs/ --threshold 0.4 --json
  clinic-gen check --site configs/brand/northstar.yaml configs/`;

/** `clinic-gen check`: fail a city whose pages say too little of their own to be a local page. */
export function registerCheck(program: Command, io: CliIo, setCode: (c: number) => void): void {
  program
    .command('check')
    .description("Compare what each city's pages say of their own with the other cities' and fail a city too alike to its closest sibling, or without local content, so search engines do not treat its site as a doorway page.")
    .argument('<configs...>', 'clinic configs (YAML), or folders of them')
    .option('-t, --threshold <0..1>', "fail a city when more than this share of its own text is on another city's pages", threshold, DEFAULT_THRESHOLD)
    .option('--min-words <n>', 'fail a city with fewer words of its own than this', wholeNumber('--min-words'), MIN_LOCAL_WORDS)
    .option('--site <brand.yaml>', "check the brand site's locations: the cities this brand config lists, each by the pages the brand site publishes for it (its page, its contact page, any treatment page of its own), and report the brand's own pages (home, treatments, policies, directory) compared with each other")
    .option('--verbose', 'list every city, with how many words of its own it has')
    .option('-q, --quiet', 'print only the failing cities and errors')
    .option('--json', 'print one JSON object with every city, for scripts')
    .addHelpText('after', HELP)
    .action(async (values: string[], opts: { threshold: number; minWords: number; verbose?: boolean; quiet?: boolean; json?: boolean; site?: string }) => {
      // Loaded when the command runs: the renderer, the config's schema and the parsers are most of
      // what a CLI loads, which every other command's start (and a rebuild's) would pay for.
      const [{ checkSites }, { loadConfigFile }] = await Promise.all([import('../../check/run-check.js'), import('../../config/load.js')]);
      // The same file named twice (configs/ and configs/tampa.yaml) is one city, not a twin.
      const seen = new Set<string>();
      if (opts.site) seen.add(resolve(io.cwd, opts.site));
      const paths = (await expandConfigs(values, io.cwd)).filter((p) => !seen.has(resolve(io.cwd, p)) && Boolean(seen.add(resolve(io.cwd, p))));
      let inputs: CheckInput[] = [];
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
      let brandPages: BrandPagesReport | undefined;
      if (opts.site) {
        const [{ brandOwnFiles, brandPlacements }, { readBrandSite }, { configAssetSource }, { compareBrandPages }] = await Promise.all([
          import('../../brand-site/site.js'),
          import('../../brand-site/config.js'),
          import('../../site/asset-source.js'),
          import('../../check/brand-pages.js'),
        ]);
        const read = readBrandSite(opts.site, inputs.map((i) => ({ configPath: i.source, config: i.config })));
        const placed = read.ok ? await brandPlacements(read.brand, read.listed, configAssetSource(opts.site), opts.site) : read;
        if (!read.ok || !placed.ok) {
          const problems = read.ok ? (placed as { errors: string[] }).errors : read.errors;
          for (const e of problems) io.err(e);
          throw new CliError({ title: `${opts.site}: the brand site's config has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}; nothing was checked` });
        }
        // The brand site's locations, each placed as the brand build places it (the brand's identity
        // included), so each is read by the pages the brand site publishes for it: its page, its
        // contact page, any treatment page of its own; not its redirect pages.
        inputs = read.listed.map((c, i) => ({ source: c.configPath, config: c.config, placement: placed.placements[i]! }));
        // The brand's own pages, no location's: compared with each other, reported after the locations.
        brandPages = compareBrandPages(
          brandOwnFiles(read.brand, read.listed, placed.placements, { logo: placed.logo, light: placed.light, spanish: placed.spanish }),
          read.listed.map((c) => c.config),
        );
        if (!opts.json && !opts.quiet) io.out(`brand site ${read.brand.domainName}: ${inputs.length} locations, each by the pages the brand site publishes for it; the brand's own pages after them`);
      }
      const progress = createProgress(io, opts);
      const report = checkSites(inputs, {
        threshold: opts.threshold,
        minLocalWords: opts.minWords,
        onProgress: (p) => progress.step(p.phase === 'render' ? 'sites rendered' : 'cities compared', p.done, p.total),
      });
      if (opts.json) io.out(JSON.stringify(brandPages ? { ...report, brandPages } : report));
      else {
        printReport(io, report, opts, (await import('../../check/advice.js')).percent);
        if (brandPages && !opts.quiet) printBrandPages(io, brandPages, opts);
      }
      setCode(report.ok ? 0 : 1);
    });
}

function printReport(io: CliIo, report: CheckReport, opts: { verbose?: boolean; quiet?: boolean }, percent: (score: number) => string): void {
  const { cities, threshold, minLocalWords } = report;
  const t = threshold.toFixed(2);
  if (cities.length === 1) {
    const [c] = cities;
    io.out(`${c!.city} (${c!.source}) is the only city: nothing to compare it with, so check passes.`);
    return;
  }
  // A thousand cities make a thousand lines: list the failing ones and the closest of the rest.
  let passing = 0;
  const listed = opts.verbose ? cities : cities.filter((c) => !c.pass || (!opts.quiet && passing++ < 20));
  for (const c of listed) {
    const sibling = c.closest ? `${c.city} ~ ${c.closest.city}` : `${c.city}  (no sibling says any of its own text)`;
    const verdict =
      c.verdict === 'too-alike' ? `  too alike (above ${t})` : c.verdict === 'no-local-content' ? `  no local content (${c.localWords} words of its own, under ${minLocalWords})` : '';
    io.out(`${c.score.toFixed(2)}  ${sibling}${verdict}${opts.verbose && c.verdict !== 'no-local-content' ? `  (${c.localWords} words of its own)` : ''}`);
  }
  if (listed.length < cities.length && !opts.quiet) io.out(`(${cities.length - listed.length} more cities pass, less alike; --verbose lists them all)`);

  const warned = new Set<CityReport>();
  for (const c of cities) {
    if (c.pass || c.advice.length === 0 || warned.has(c)) continue;
    warned.add(c);
    if (c.verdict === 'no-local-content') {
      io.err(`warning: ${c.city} (${c.source}) has ${c.localWords} words of its own, under ${minLocalWords}: its pages say what the template and the other cities say, which search engines may treat as a doorway page. To give it local content:`);
    } else {
      // Two cities that say the same of themselves are one warning: the advice is the same.
      const twin = cities.find((o) => o.verdict === 'too-alike' && o.source === c.closest!.source && o.closest?.source === c.source);
      if (twin) warned.add(twin);
      const of = (x: CityReport) => `${percent(x.score)} of what ${x.city} says of its own is on ${x.closest!.city}'s pages`;
      io.err(
        twin
          ? `warning: ${c.city} (${c.source}) and ${twin.city} (${twin.source}) say the same of their cities: ${of(c)}, ${of(twin)}; search engines may treat them as doorway pages. To tell them apart:`
          : `warning: ${of(c)} (${c.source}, ${c.closest!.source}); search engines may treat them as doorway pages. To tell ${c.city} apart:`,
      );
    }
    for (const a of c.advice) io.err(`  - ${a.message}`);
  }
  const undetailed = cities.filter((c) => !c.pass && c.advice.length === 0).length;
  if (undetailed > 0) io.err(`(${undetailed} more failing cities listed above without advice: the advice above applies to them too)`);

  const n = cities.length;
  const alike = cities.filter((c) => c.verdict === 'too-alike').length;
  const bare = cities.filter((c) => c.verdict === 'no-local-content').length;
  if (report.failCount) {
    const why = [alike ? `${alike} too alike to another city (above ${t})` : '', bare ? `${bare} without local content (under ${minLocalWords} words of its own)` : ''].filter(Boolean).join(', ');
    io.err(`${report.failCount} of ${n} cities fail: ${why}; write the local content above and run clinic-gen check again.`);
  } else if (!opts.quiet) {
    io.out(`no city above ${t}, none under ${minLocalWords} words of its own (${n} cities): the sites are distinct enough.`);
  }
}
/** The brand's own pages, after the locations: each one's closest other brand page, then the closest pair. */
function printBrandPages(io: CliIo, b: BrandPagesReport, opts: { verbose?: boolean }): void {
  const listed = opts.verbose ? b.lines : b.lines.slice(0, 20);
  if (listed.length) io.out("the brand's own pages, each with its closest other brand page:");
  for (const l of listed) io.out(`${l.score.toFixed(2)}  ${l.path}${l.closest ? ` ~ ${l.closest}` : '  (the only brand page)'}`);
  if (listed.length < b.lines.length) io.out(`(${b.lines.length - listed.length} more brand pages, less alike; --verbose lists them all)`);
  const pair = b.closestPair ? `, the closest pair ${b.closestPair.a} ~ ${b.closestPair.b} ${b.closestPair.score.toFixed(2)}` : '';
  io.out(`brand pages: ${b.pages}${pair} (the brand's own pages, one each and no location's: reported, not failed)`);
}

function threshold(v: string): number {
  const n = Number(v);
  if (!/^\s*(0|1|0?\.\d+|1\.0*)\s*$/.test(v) || !(n >= 0 && n <= 1)) throw new CliError(notThreshold(v));
  return n;
}
