import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CliError } from './errors.js';

/** Expands `--config` values: a YAML file stays as it is, a folder gives its *.yaml/*.yml files. */
export async function expandConfigs(values: string[], cwd: string): Promise<string[]> {
  const out: string[] = [];
  for (const v of values) {
    const full = resolve(cwd, v);
    const st = await stat(full).catch(() => undefined);
    if (!st) throw new CliError(`config not found: ${v}`, 'Pass a YAML file such as configs/tampa.yaml, or a folder of them.');
    if (st.isDirectory()) {
      const names = (await readdir(full)).filter((n) => /\.ya?ml$/i.test(n)).sort();
      if (names.length === 0) throw new CliError(`no .yaml configs in ${v}`, 'Put one YAML file per city in the folder.');
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
      throw new CliError(`${flag} must be a whole number${max < Number.MAX_SAFE_INTEGER ? ` from 0 to ${max}` : ''}, not "${v}"`);
    }
    return Number(v);
  };
}
