import type { BuildOutcome } from '../build/build-site.js';
import type { CliIo } from './io.js';

/**
 * How a build tells what it did: a progress bar on a terminal, a plain line per city when piped or
 * in CI, nothing but errors with --quiet, one JSON object with --json.
 */
export function createReporter(io: CliIo, opts: { total: number; quiet?: boolean; json?: boolean }) {
  const bar = io.isTTY && !opts.quiet && !opts.json && !io.env.CI && opts.total > 1;
  const plain = !bar && !opts.quiet && !opts.json;
  let lastDraw = 0;
  return {
    progress(o: BuildOutcome, done: number) {
      if (bar) {
        const now = Date.now();
        if (now - lastDraw < 50 && done < opts.total) return;
        lastDraw = now;
        const width = 30;
        const filled = Math.round((done / opts.total) * width);
        process.stdout.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${opts.total} cities`);
        if (done === opts.total) process.stdout.write('\n');
      } else if (plain && o.ok && opts.total > 1) {
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
      for (const b of built) for (const w of b.warnings) io.err(`warning: ${w}`);
      for (const f of failed) if (!f.ok) for (const e of f.errors) io.err(e);
      if (!opts.quiet) {
        const pages = built.reduce((n, b) => n + b.files, 0);
        if (built.length === 1 && results.length === 1) io.out(`built ${built[0]!.slug}: ${built[0]!.files} files in ${show(built[0]!.outDir)}/ (${Math.round(ms)} ms)`);
        else io.out(`built ${built.length} of ${results.length} sites, ${pages} files, in ${Math.round(ms)} ms`);
      }
      if (failed.length) io.err(`${failed.length} config${failed.length > 1 ? 's' : ''} failed; fix the lines above and run again.`);
      return failed.length > 0;
    },
  };
}
