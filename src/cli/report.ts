import type { BuildOutcome } from '../build/build-site.js';
import type { NotRemoved, Removed } from '../build/incremental.js';
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
        io.out(`${o.status === 'unchanged' ? 'unchanged' : 'built'} ${o.slug} (${done}/${opts.total})`);
      }
    },
    /**
     * Prints the summary and every error; returns true when any city failed. Cities up to date
     * before the run are in `results` (status `unchanged`) but had no progress line.
     */
    finish(results: BuildOutcome[], gone: { removed: Removed[]; notRemoved: NotRemoved[] }, ms: number, show: (dir: string) => string, threads?: { main: number; workers: number }, photosEncoded?: number): boolean {
      const failed = results.filter((r) => !r.ok);
      const built = results.filter((r): r is Extract<BuildOutcome, { ok: true }> => r.ok);
      const rebuilt = built.filter((b) => b.status === 'rebuilt');
      const { removed, notRemoved } = gone;
      const notes = notRemoved.map((n) => `warning: ${n.why.title}${n.why.hint ? `. ${n.why.hint}` : ''}`);
      if (opts.json) {
        io.out(
          JSON.stringify({
            ok: failed.length === 0,
            ms: Math.round(ms),
            maxRssKb: process.resourceUsage().maxRSS,
            counts: { rebuilt: rebuilt.length, unchanged: built.length - rebuilt.length, removed: removed.length, failed: failed.length },
            // Which threads built the cities rebuilt (src/build/pool.ts): the main one, worker threads.
            ...(threads ? { threads } : {}),
            // Photos encoded by this run, each in each role it is shown in once whatever the number of cities (issue 41).
            ...(photosEncoded !== undefined ? { photosEncoded } : {}),
            sites: [
              ...built.map((b) => ({ config: b.configPath, slug: b.slug, outDir: b.outDir, files: b.files, warnings: b.warnings, status: b.status })),
              ...removed.map((r) => ({ config: r.configPath, slug: r.slug, outDir: r.outDir, files: 0, warnings: [], status: 'removed' as const })),
            ],
            warnings: notes.map((n) => n.slice('warning: '.length)),
            errors: failed.flatMap((f) => (f.ok ? [] : f.errors)),
          }),
        );
        return failed.length > 0;
      }
      if (!opts.quiet) for (const line of [...warningLines(built), ...notes]) io.err(line);
      for (const f of failed) if (!f.ok) for (const e of f.errors) io.err(e);
      if (!opts.quiet) {
        const written = rebuilt.reduce((n, b) => n + b.files, 0);
        const took = `${Math.round(ms)} ms`;
        const one = built.length === 1 && results.length === 1 && removed.length === 0 ? built[0]! : undefined;
        if (one?.status === 'rebuilt') io.out(`built ${one.slug}: ${one.files} files in ${show(one.outDir)}/ (${took})`);
        else if (one) io.out(`${one.slug} unchanged: ${show(one.outDir)}/ already holds its ${one.files} files (${took})`);
        else {
          const parts = [`${rebuilt.length} rebuilt`, `${built.length - rebuilt.length} unchanged`, ...(removed.length ? [`${removed.length} removed`] : [])];
          io.out(`${built.length} of ${results.length} sites up to date: ${parts.join(', ')}; ${written} files written in ${took}`);
        }
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
