import { readdir, stat } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { configNotFound, noConfigsInFolder, notWholeNumber } from '../texts/cli.js';
import { CliError } from './errors.js';

/**
 * A path the user typed, relative to the command's working folder, made usable by this process:
 * as typed when the two folders are the same (messages then show it as the user wrote it), else
 * absolute (main called with another `io.cwd`, as the CLI's tests do).
 */
export function fromCwd(cwd: string, path: string): string {
  return isAbsolute(path) || resolve(cwd) === process.cwd() ? path : resolve(cwd, path);
}

/** Expands `--config` values: a YAML file stays as it is, a folder gives its *.yaml/*.yml files. */
export async function expandConfigs(values: string[], cwd: string): Promise<string[]> {
  const out: string[] = [];
  for (const value of values) {
    const v = fromCwd(cwd, value);
    const st = await stat(v).catch(() => undefined);
    if (!st) throw new CliError(configNotFound(value));
    if (st.isDirectory()) {
      const names = (await readdir(v)).filter((n) => /\.ya?ml$/i.test(n)).sort();
      if (names.length === 0) throw new CliError(noConfigsInFolder(value));
      out.push(...names.map((n) => join(v, n)));
    } else out.push(v);
  }
  return out;
}

/** Commander collector for a repeatable option. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** Commander parser for a whole-number option, at most `max`; a bad value names the flag. */
export function wholeNumber(flag: string, max = Number.MAX_SAFE_INTEGER) {
  return (v: string): number => {
    if (!/^\d+$/.test(v) || Number(v) > max) {
      throw new CliError(notWholeNumber(flag, v, max < Number.MAX_SAFE_INTEGER ? ` from 0 to ${max}` : ''));
    }
    return Number(v);
  };
}
