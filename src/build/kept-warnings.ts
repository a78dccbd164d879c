/** Where a warning names its config, as the manifest keeps it: the config may be named otherwise next time. */
const CONFIG = '{config}';

/** Warnings as the manifest keeps them, and back. */
export function keptWarnings(warnings: readonly string[], configPath: string): string[] {
  return warnings.map((w) => (w.startsWith(configPath) ? CONFIG + w.slice(configPath.length) : w));
}
export function givenWarnings(kept: readonly string[], configPath: string): string[] {
  return kept.map((w) => (w.startsWith(CONFIG) ? configPath + w.slice(CONFIG.length) : w));
}
