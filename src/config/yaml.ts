import { parse, parseDocument, type Document, type LineCounter } from 'yaml';
import { readFast } from './yaml-fast.js';

/**
 * How clinic configs are read from YAML, by the CLI's loader (config/load.ts) and by the server's
 * stored and imported cities (server/cities/yaml.ts) alike: one fast path, one fallback.
 *
 * js-yaml parses ten times faster than yaml, which matters when a run builds a thousand cities, so
 * a text goes to it first (CORE_SCHEMA: no JavaScript types). Anchors and aliases never do: they go
 * to yaml, which caps alias expansion (no "billion laughs"); so does anything js-yaml cannot take.
 * yaml also refuses duplicate keys, and its document keeps the positions for the loader's messages.
 */

/** Alias expansions yaml allows in one document before it refuses the text. */
const MAX_ALIAS_COUNT = 50;

/** The fallback, positioned: yaml's document of the text, duplicate keys an error. Never throws. */
export function parseYamlDocument(text: string, lineCounter?: LineCounter): Document {
  return parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
}

/** The plain data of a yaml document without errors; throws once aliases expand past MAX_ALIAS_COUNT. */
export function documentData(doc: Document): unknown {
  return doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
}

/**
 * The plain data of a text, read as the loader reads it: the fast path, else yaml (aliases
 * capped, duplicate keys refused). Throws yaml's error for a text neither parser takes.
 */
export function readYaml(text: string): unknown {
  const fast = readFast(text);
  if (fast) return fast.data;
  return parse(text, { maxAliasCount: MAX_ALIAS_COUNT, uniqueKeys: true });
}
