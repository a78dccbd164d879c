import jsyaml from 'js-yaml';

/**
 * The fast path of reading YAML (yaml.ts), apart from the fallback: js-yaml alone, about a third of
 * the code to load of yaml's, for what a rebuild with nothing to build reads (build/clash.ts).
 */

const ANCHOR_OR_ALIAS = /(?:^|[\s:[{,-])[&*][^\s]/m;

/** Whether the text may hold an anchor or an alias (a `&` or `*` where a node may start); such a text is yaml's. */
export function hasAnchorOrAlias(text: string): boolean {
  return ANCHOR_OR_ALIAS.test(text);
}

/**
 * The fast path: the text's plain data as js-yaml reads it, or undefined when the text is not
 * js-yaml's (it may hold anchors or aliases, or js-yaml refuses it). Wrapped, so that an empty
 * document (whose data is undefined) is told apart from a refusal.
 */
export function readFast(text: string): { data: unknown } | undefined {
  if (hasAnchorOrAlias(text)) return undefined;
  try {
    return { data: jsyaml.load(text, { schema: jsyaml.CORE_SCHEMA }) };
  } catch {
    return undefined;
  }
}

/**
 * One top-level string of a text, anchors and aliases allowed (js-yaml makes an alias a reference
 * to its anchor's node, never a copy, so reading one key expands nothing): for telling which folder
 * a config builds before it is loaded. Undefined when js-yaml refuses the text or the key is not a
 * string; the loader, which reads the text as the build does, says why.
 */
export function readTopString(text: string, key: string): string | undefined {
  try {
    const data = jsyaml.load(text, { schema: jsyaml.CORE_SCHEMA }) as Record<string, unknown> | null;
    const value = data && typeof data === 'object' ? data[key] : undefined;
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
