import type { CliIo } from './io.js';

/** Shows how far a long piece of work has got, the way `build` does (see report.ts). */
export interface Progress {
  /** `done` of `total` items of the phase called `label` (`sites rendered`, `pairs compared`). */
  step(label: string, done: number, total: number): void;
}

/** True when a redrawn bar suits: a person at a terminal, not CI, and not --quiet or --json. */
export function wantsBar(io: CliIo, opts: { quiet?: boolean; json?: boolean }): boolean {
  return io.isTTY && !io.env.CI && !opts.quiet && !opts.json;
}

/**
 * A bar redrawn in place on one terminal line, through `io.write`. Redrawing more often than 20
 * times a second only costs time, so steps in between are skipped; the last one always shows.
 */
export function createBar(io: CliIo): (label: string, done: number, total: number) => void {
  let lastDraw = 0;
  return (label, done, total) => {
    const now = Date.now();
    if (now - lastDraw < 50 && done < total) return;
    lastDraw = now;
    const width = 30;
    const filled = Math.round((done / total) * width);
    io.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${label}${done === total ? '\n' : ''}`);
  };
}

/**
 * A redrawn bar on a terminal, a plain line every tenth of the way when piped or in CI (only for
 * phases long enough to need one: short ones finish before anyone reads a line), and nothing with
 * --quiet or --json, whose output scripts read.
 */
export function createProgress(io: CliIo, opts: { quiet?: boolean; json?: boolean; minPlain?: number }): Progress {
  const silent = opts.quiet || opts.json;
  const bar = wantsBar(io, opts) ? createBar(io) : undefined;
  const minPlain = opts.minPlain ?? 50;
  let lastTenth = -1;
  let lastLabel = '';
  return {
    step(label, done, total) {
      if (silent || total === 0) return;
      if (label !== lastLabel) [lastLabel, lastTenth] = [label, -1];
      if (bar) return bar(label, done, total);
      if (total < minPlain) return;
      const tenth = Math.floor((done / total) * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      io.out(`${label}: ${done}/${total}`);
    },
  };
}
