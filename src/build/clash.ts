import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { citySlug } from '../config/slug.js';
import { readTopString } from '../config/yaml-fast.js';
import type { BuildJob } from './build-site.js';

/**
 * Two configs of one run that would build the same site folder (issue 26): found before any
 * city is built, so a clash writes nothing. Each config's city is read off its text: its
 * top-level `city:` line when it is a plain one-line value (a thousand configs in a few
 * milliseconds), else the whole text parsed. A config that cannot be read is left to its build,
 * which reports it. `texts` holds the configs' texts already read (incremental.ts reads each once),
 * `slugs` the slugs of those it did not need to read.
 */
export function outputClash(
  jobs: readonly BuildJob[],
  texts?: ReadonlyMap<string, string>,
  slugs?: ReadonlyMap<string, string>,
): { first: string; second: string; outDir: string } | undefined {
  const seen = new Map<string, string>();
  for (const job of jobs) {
    if (!('root' in job.out)) continue;
    // A config the manifest knows unchanged (incremental.ts): the city slug it recorded.
    const known = slugs?.get(job.configPath);
    if (known !== undefined) {
      const outDir = join(job.out.root, known);
      const first = seen.get(outDir);
      if (first !== undefined) return { first, second: job.configPath, outDir };
      seen.set(outDir, job.configPath);
      continue;
    }
    let text = texts?.get(job.configPath);
    try {
      text ??= readFileSync(job.configPath, 'utf8');
    } catch {
      continue;
    }
    const city = cityOfText(text);
    if (city === undefined) continue;
    const outDir = join(job.out.root, citySlug(city));
    const first = seen.get(outDir);
    if (first !== undefined) return { first, second: job.configPath, outDir };
    seen.set(outDir, job.configPath);
  }
  return undefined;
}

const CITY_LINE = /^city:(.*)$/gm;
const PLAIN = /^[ \t]*([^\s#'"&*!|>[{@`%][^#]*?)[ \t]*(?:[ \t]#.*)?$/;
const SINGLE = /^[ \t]*'((?:[^']|'')*)'[ \t]*(?:#.*)?$/;
const DOUBLE = /^[ \t]*"([^"\\]*)"[ \t]*(?:#.*)?$/;

/** The config's `city`, or undefined when the text has none a build could use. */
export function cityOfText(text: string): string | undefined {
  const lines = [...text.matchAll(CITY_LINE)];
  if (lines.length === 1) {
    const rest = lines[0]![1]!;
    const plain = PLAIN.exec(rest);
    if (plain) return plain[1]!;
    const single = SINGLE.exec(rest);
    if (single) return single[1]!.replace(/''/g, "'");
    const double = DOUBLE.exec(rest);
    if (double) return double[1]!;
  }
  // Anything else (a quoted value with escapes, a block scalar, flow style, an alias, two city
  // lines, which js-yaml refuses as the loader does): read as YAML.
  return readTopString(text, 'city');
}
