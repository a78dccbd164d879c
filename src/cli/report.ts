import type { BuildOutcome } from '../build/build-site.js';
import { buildFailed } from '../texts/cli.js';
import type { CliIo } from './io.js';
import { createBar, wantsBar } from './progress.js';

/**
 * How a build tells what it did: a progress bar on a terminal, a plain line per city when piped or
 * in CI, nothing but errors with --quiet, one JSON object with --json.
 */
export function createReporter(io: CliIo, opts: { total: number; quiet?: boolean; json?: boolean }) {
  const bar = wantsBar(io, opts) && opts.total > 1 ? createBar(io) : undefined;
  const plain = !bar && !opts.quiet && !opts.json;
  return {
    progress(o: BuildOutcome, done: number) {
      if (bar) bar('cities', done, opts.total);
      else if (plain && o.ok && opts.total > 1) {
        io.out(`built ${o.slug} (${done}/${opts.total})`);
      }
    },
    /** Prints the summary and every error; returns true when any city failed. */
    finish(results: BuildOutcome[], ms: number, show: (dir: string) => string): boolean {
      const failed = results.filter((r) => !r.ok);
      const built = results.filter((r): r is Extract<BuildOutcome, { ok: true }> => r.ok);
      if (opts.json) {
        io.out(
          JSON.stringify({
            ok: failed.length === 0,
            ms: Math.round(ms),
            maxRssKb: process.resourceUsage().maxRSS,
            sites: built.map((b) => ({ config: b.configPath, slug: b.slug, outDir: b.outDir, files: b.files, warnings: b.warnings })),
            errors: failed.flatMap((f) => (f.ok ? [] : f.errors)),
          }),
        );
        return failed.length > 0;
      }
      if (!opts.quiet) for (const line of warningLines(built)) io.err(line);
      for (const f of failed) if (!f.ok) for (const e of f.errors) io.err(e);
      if (!opts.quiet) {
        const pages = built.reduce((n, b) => n + b.files, 0);
        if (built.length === 1 && results.length === 1) io.out(`built ${built[0]!.slug}: ${built[0]!.files} files in ${show(built[0]!.outDir)}/ (${Math.round(ms)} ms)`);
        else io.out(`built ${built.length} of ${results.length} sites, ${pages} files, in ${Math.round(ms)} ms`);
      }
      if (failed.length) io.err(buildFailed(String(failed.length)).title);
      return failed.length > 0;
    },
  };
}

/** How many configs a shared warning names before "and N more". */
const NAMED = 3;

/**
 * The warnings of a build, each once: a warning several configs share (the same field and text
 * after the config's name, as a bulk build of cities without a contactEndpoint gives) is one line
 * with the count and the first few configs, not one line a config.
 */
function warningLines(built: readonly { configPath: string; warnings: readonly string[] }[]): string[] {
  const byText = new Map<string, { first: string; configs: string[] }>();
  for (const b of built) {
    for (const w of b.warnings) {
      const text = w.startsWith(`${b.configPath} `) ? w.slice(b.configPath.length + 1) : w;
      const entry = byText.get(text) ?? { first: w, configs: [] };
      entry.configs.push(b.configPath);
      byText.set(text, entry);
    }
  }
  return [...byText].map(([text, { first, configs }]) => {
    if (configs.length === 1) return `warning: ${first}`;
    const named = configs.slice(0, NAMED).join(', ');
    const more = configs.length > NAMED ? ` and ${configs.length - NAMED} more` : '';
    return `warning: ${configs.length} configs (${named}${more}): ${text}`;
  });
}
