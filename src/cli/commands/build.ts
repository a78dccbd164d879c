import type { Command } from 'commander';
import { statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { BuildJob, BuildOutcome } from '../../build/build-site.js';
import { outputClash } from '../../build/clash.js';
import { IncrementalBuild } from '../../build/incremental.js';
import { buildMany, photosEncoded } from '../../build/pool.js';
import { CONTACT_API_PATH, isHttpEndpoint } from '../../config/endpoint-form.js';
import { buildInstant } from '../../config/time-zone.js';
import { CACHE_MAX_ENV, cacheLimitBytes, pruneCacheIfDue } from '../../site/cache-prune.js';
import { configImageCacheDir } from '../../site/images/cache-dir.js';
import { cacheLimitInvalid, cacheOverLimit, cachePruneFailed, cachePruned, notContactEndpoint, sameOutput } from '../../texts/cli.js';
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
    .option('-f, --force', 'rebuild every city, and replace a site folder even when it holds files clinic-gen did not write')
    .option('--contact-endpoint <url>', "where the contact form posts: the clinic server's contact API, like https://clinic.example.com/api/contact, or same-origin for a site the clinic server serves itself (over the config's contactEndpoint)", contactEndpointUrl)
    .option('--strict', 'treat warnings as errors: a city with any warning fails (exit 1) and is not written')
    .option('--site <brand.yaml>', "build one brand site for the brand's domain from this brand config and the city configs: the brand's home, a locations directory and every listed city's pages under /locations/<state>/<city>/ (default --out dist/brand-site/)")
    .option('--brand-site <brand.yaml>', "the brand site these cities are also listed on: their canonical links point at their page there (unless a config says canonical: own), and their own sitemap is left out")
    .option('-q, --quiet', 'print only errors')
    .option('--json', 'print one JSON object with the results, for scripts')
    .addHelpText(
      'after',
      `
Every site's contact form posts to the clinic server's contact API, and build writes no site that
does not say where: set contactEndpoint in the config (or pass --contact-endpoint) to its absolute
URL, so the site works on any static host; or pass --contact-endpoint same-origin (or write
contactEndpoint: /api/contact) for a site the clinic server itself serves. Without one, the city
fails with an error naming contactEndpoint and --contact-endpoint, and nothing of it is written.

Only what changed is rebuilt. build keeps a manifest beside the site folders, never in them:
<out>/.clinic-gen-build.json for a many-city build (and for dist/<city-slug>/), and for a
one-city build with --out <dir>, the .clinic-gen-build.json of the folder holding <dir>. It
records each site folder's files and a digest of everything they are made from: the config,
--contact-endpoint, the bytes of the logo and photos, clinic-gen itself, and, for a config with
special hours, which of them the build day shows. A city whose digest
is unchanged and whose folder is as build left it (no file removed or added) is not written again:
its files keep their times. --force rebuilds every city. When a config is gone from a --config
folder built before (or its city was renamed), its site folder is removed, if it holds nothing
but build's files.

Special hours show until their last day has passed, in the city's time zone, as of the build:
SOURCE_DATE_EPOCH (seconds since 1970) when set, else now. A city is rebuilt on the first build
after one of its entries ends; the others are left alone.

A site folder is replaced as a whole, and only when build wrote it itself (the manifest lists its
files, or a .clinic-gen-site file an earlier version left in it); a folder holding anything else
needs --force. The working folder, a folder holding a config and the folder many cities are built
into are never replaced, not even with --force. Run one build at a time into one folder.

With --site, build makes one brand site instead (docs/brand-site.md): the brand config names the
brand, its domain and, under locations, the cities it lists by state (all the configs given when
absent). Each location is the city's whole site, placed under /locations/<state>/<city>/; only
the locations that changed are rebuilt, and a location no longer listed loses its folder. What it
records is kept beside the site folder (.<folder>.clinic-gen-brand.json), never in it.

Examples:
  clinic-gen build --config configs/tampa.yaml --contact-endpoint https://clinic.example.com/api/contact
  clinic-gen build --config configs/tampa.yaml --contact-endpoint same-origin
  clinic-gen build --site brand.yaml --config configs/ --out public/ --contact-endpoint https://clinic.example.com/api/contact
  clinic-gen build -c configs/tampa.yaml --contact-endpoint https://clinic.example.com/api/contact --strict
  clinic-gen build --config configs/ --out public/ --contact-endpoint https://clinic.example.com/api/contact
  clinic-gen build -c configs/tampa.yaml -c configs/orlando.yaml --contact-endpoint same-origin --json`,
    )
    .action(async (opts: { config: string[]; out?: string; force?: boolean; contactEndpoint?: string; strict?: boolean; quiet?: boolean; json?: boolean; site?: string; brandSite?: string }) => {
      const started = performance.now();
      // One instant for the whole run: every city shows the special hours of the same day.
      let buildTime: number;
      try {
        buildTime = buildInstant(io.env).getTime();
      } catch (err) {
        throw new CliError({ title: (err as Error).message, hint: 'Unset it to build as of now, or set it to a time like $(date -d 2026-11-26 +%s).' });
      }
      const cacheLimit = cacheLimitBytes(io.env);
      if (cacheLimit === undefined) throw new CliError(cacheLimitInvalid(io.env[CACHE_MAX_ENV] ?? ''));
      let paths = await expandConfigs(opts.config, io.cwd);
      const abs = (p: string) => resolve(io.cwd, p);
      if (opts.site) {
        setCode(await buildBrand(io, { ...opts, site: opts.site }, paths.filter((p) => abs(p) !== abs(opts.site!)), buildTime, started));
        await pruneCaches(io, [opts.site, ...paths].map(abs), cacheLimit, !opts.quiet && !opts.json);
        return;
      }
      // Cities on a brand site as well: canonical links name their page there.
      let canonicals = new Map<string, string>();
      if (opts.brandSite) {
        // The brand config in the --config folder is no city (as with --site).
        paths = paths.filter((p) => abs(p) !== abs(opts.brandSite!));
        const { brandCanonicals } = await import('../../build/brand-site.js');
        const r = brandCanonicals(opts.brandSite, paths);
        if (!r.ok) {
          for (const e of r.errors) io.err(e);
          throw new CliError({ title: `${opts.brandSite}: the brand site's config has ${r.errors.length === 1 ? 'a problem' : `${r.errors.length} problems`}; nothing was built` });
        }
        canonicals = r.byConfig;
      }
      const single = paths.length === 1;
      const jobs: BuildJob[] = paths.map((p) => {
        const out: BuildJob['out'] = single && opts.out ? { exact: abs(opts.out) } : { root: abs(opts.out ?? 'dist') };
        const keep = [{ path: dirname(abs(p)), what: `the folder of ${p}` }];
        if ('root' in out) keep.push({ path: out.root, what: 'the folder the sites are built into' });
        const canonicalUrl = canonicals.get(p);
        return { configPath: p, out, write: { force: opts.force, keep, cwd: io.cwd }, contactEndpoint: opts.contactEndpoint, strict: opts.strict, buildTime, ...(canonicalUrl ? { canonicalUrl } : {}) };
      });
      // Which cities are up to date (the manifest beside the site folders), before any is built.
      const inc = new IncrementalBuild(jobs, { force: opts.force });
      // Two configs of one city would write one folder: refused before anything is built or written.
      const clash = jobs.length > 1 ? outputClash(jobs, inc.texts, inc.slugs) : undefined;
      if (clash) throw new CliError(sameOutput(clash.first, clash.second, relative(io.cwd, clash.outDir) || clash.outDir));
      const report = createReporter(io, { total: inc.toBuild.length, quiet: opts.quiet, json: opts.json });
      const threads = { main: 0, workers: 0 };
      const built = await buildMany(
        inc.toBuild.map((t) => t.job),
        {
          workerUrl: workerUrl(),
          onDone: (o, done, on) => {
            inc.record(o);
            report.progress(o, done);
            threads[on === 'main' ? 'main' : 'workers']++;
          },
        },
      );
      const results: BuildOutcome[] = jobs.map((_, i) => inc.known.get(i)!);
      inc.toBuild.forEach((t, k) => (results[t.index] = built[k]!));
      // A city read differently by the quick look above than by its build still never shares a folder unnoticed.
      const seen = new Map<string, string>();
      for (const r of results) {
        if (!r.ok) continue;
        const prev = seen.get(r.outDir);
        if (prev) {
          inc.save();
          throw new CliError(sameOutput(prev, r.configPath, relative(io.cwd, r.outDir) || r.outDir));
        }
        seen.set(r.outDir, r.configPath);
      }
      // The site folders of configs gone from the folders given to --config go too.
      const configFolders = opts.config.map(abs).filter((p) => statSync(p, { throwIfNoEntry: false })?.isDirectory());
      const keep = [...new Map(jobs.flatMap((j) => j.write?.keep ?? []).map((k) => [k.path, k])).values()];
      const gone = inc.finish(results, { configFolders, keep, cwd: io.cwd });
      const failed = report.finish(results, gone, performance.now() - started, (d) => relative(io.cwd, d) || '.', threads, photosEncoded());
      setCode(failed ? 1 : 0);
      await pruneCaches(io, paths.map(abs), cacheLimit, !opts.quiet && !opts.json);
    });
}

/**
 * Keeps the caches the configs' builds used under their limit (src/site/cache-prune.ts): each
 * folder looked over once a day, after the build, and a line for each that lost entries.
 */
async function pruneCaches(io: CliIo, configPaths: string[], limit: number, say: boolean): Promise<void> {
  const roots = new Set(configPaths.map((p) => dirname(configImageCacheDir(p, io.env))));
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  for (const root of roots) {
    const shown = relative(io.cwd, root) || '.';
    let r;
    try {
      r = await pruneCacheIfDue(root, limit);
    } catch (err) {
      // The sites are built: a cache that cannot be looked over is said, not a failed build.
      io.err(cachePruneFailed(shown, (err as Error).message).title);
      continue;
    }
    if (!r || !say) continue;
    if (r.removed > 0) {
      const entries = `${r.removed} ${r.removed === 1 ? 'entry' : 'entries'}`;
      io.out(cachePruned(shown, entries, mb(r.removedBytes), mb(r.bytes - r.removedBytes), limit ? mb(limit) : 'none').title);
    }
    if (limit > 0 && r.recentBytes > limit) io.out(cacheOverLimit(shown, mb(r.recentBytes), mb(limit)).title);
  }
}

/** `build --site`: the brand site (src/brand-site/build.ts), reported as a many-city build is. */
async function buildBrand(
  io: CliIo,
  opts: { site: string; out?: string; force?: boolean; contactEndpoint?: string; strict?: boolean; quiet?: boolean; json?: boolean },
  paths: string[],
  buildTime: number,
  started: number,
): Promise<number> {
  const abs = (p: string) => resolve(io.cwd, p);
  const show = (d: string) => relative(io.cwd, d) || '.';
  const outDir = abs(opts.out ?? 'dist/brand-site');
  const { buildBrandSite } = await import('../../build/brand-site.js');
  const r = await buildBrandSite({
    sitePath: opts.site,
    configPaths: paths,
    outDir,
    contactEndpoint: opts.contactEndpoint,
    force: opts.force,
    strict: opts.strict,
    buildTime,
    workerUrl: workerUrl(),
    cwd: io.cwd,
    onDone: (o, done, total) => {
      if (!opts.quiet && !opts.json && !io.isTTY && o.ok) io.out(`${o.status === 'unchanged' ? 'unchanged' : 'built'} ${o.slug} (${done}/${total})`);
    },
  });
  const ms = Math.round(performance.now() - started);
  if (!r.ok) {
    if (opts.json) io.out(JSON.stringify({ ok: false, ms, errors: r.errors }));
    else for (const e of r.errors) io.err(e);
    if (!opts.json) io.err('The brand site was not built: nothing was written.');
    return 1;
  }
  const built = r.locations.filter((o): o is Extract<BuildOutcome, { ok: true }> => o.ok);
  const rebuilt = built.filter((b) => b.status === 'rebuilt').length;
  const errors = r.locations.flatMap((o) => (o.ok ? [] : o.errors));
  if (opts.json) {
    io.out(
      JSON.stringify({
        ok: r.failed === 0,
        ms,
        maxRssKb: process.resourceUsage().maxRSS,
        site: { origin: r.origin, outDir: r.outDir, pages: r.pages, pagesWritten: r.pagesWritten },
        counts: { rebuilt, unchanged: built.length - rebuilt, removed: r.removed.length, failed: r.failed },
        locations: built.map((b) => ({ config: b.configPath, slug: b.slug, outDir: b.outDir, files: b.files, warnings: b.warnings, status: b.status })),
        removed: r.removed,
        warnings: r.warnings,
        errors,
      }),
    );
    return r.failed ? 1 : 0;
  }
  if (!opts.quiet) for (const w of new Set(r.warnings)) io.err(w);
  for (const e of errors) io.err(e);
  if (r.failed) {
    io.err(`${r.failed} of ${r.locations.length} locations failed: their folders and the brand's pages were left as they were.`);
    return 1;
  }
  if (!opts.quiet) {
    const parts = [`${rebuilt} rebuilt`, `${built.length - rebuilt} unchanged`, ...(r.removed.length ? [`${r.removed.length} removed`] : [])];
    io.out(`brand site ${r.origin} in ${show(r.outDir)}/: ${built.length} locations (${parts.join(', ')}); ${r.pagesWritten} of its ${r.pages} own files written in ${ms} ms`);
  }
  return 0;
}

/**
 * Commander parser of --contact-endpoint: an absolute http(s) URL, or `same-origin` for a site the
 * clinic server itself serves (its form posts to the server's own /api/contact); else a CliError
 * naming the flag.
 */
export function contactEndpointUrl(value: string): string {
  const v = value.trim();
  if (v === SAME_ORIGIN) return CONTACT_API_PATH;
  if (!isHttpEndpoint(v)) throw new CliError(notContactEndpoint(value));
  return v;
}

/** The --contact-endpoint value of a site served by the clinic server itself. */
const SAME_ORIGIN = 'same-origin';

/** This module's bundle (lib/cli.js) doubles as the build worker; TypeScript sources do not. */
function workerUrl(): URL | undefined {
  const url = new URL(import.meta.url);
  return url.pathname.endsWith('.js') ? url : undefined;
}
