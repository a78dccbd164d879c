import { stringify } from 'yaml';
import { SCHEMA_FILE } from '../../config/json-schema.js';
import { readConfigText, type ReadOptions } from '../../config/load.js';
import { withPublishedFacts } from '../../config/published-facts.js';
import { readYaml } from '../../config/yaml.js';
import type { ClinicConfig } from '../../config/schema.js';
import type { CityVersion } from './types.js';
import { factLabels, missingFacts, type RequiredFact } from '../../config/required-facts.js';
import { configDigest } from '../../config/digest.js';
import { importFileNul, importFileTooDeep, importFileUnreadable, versionIncomplete } from '../../texts/cities.js';

/**
 * The YAML of a stored version: the exact file `clinic-gen build` reads. Its first line is the
 * schema comment of configs/*.yaml, so an exported file dropped into the package's configs/ folder
 * gets completion and checks in an editor as the samples do (`clinic-gen init` writes the same
 * line, relative to where it writes). Every text is checked by the CLI's own loader
 * (readConfigText), and its errors read `file:line:col field: message` as the CLI's do; every
 * text is read as the loader reads it (config/yaml.ts).
 */
export const SCHEMA_LINE = `# yaml-language-server: $schema=../${SCHEMA_FILE}`;

/** A config read back from a stored or imported text. */
export interface ReadConfig {
  /** The config as written (the input shape the admin form edits). */
  input: Record<string, unknown>;
  /** Validated, defaults filled: what builds the site. */
  config: ClinicConfig;
  /** Hash of `config`: equal digests, equal configs, whatever the spelling or the comments. */
  digest: string;
}

/**
 * A stored version's config as the admin form edits it, read as the loader reads it: a version
 * saved before a city had to give its hours and legal facts comes with the ones it published
 * (config/published-facts.ts), so a save from the form writes them out.
 */
export function storedInput(v: Pick<CityVersion, 'yaml' | 'legacyFacts'>): Record<string, unknown> {
  const data = readYaml(v.yaml);
  return (v.legacyFacts ? withPublishedFacts(data) : data) as Record<string, unknown>;
}

/** The text of a config the admin sent as JSON: the schema line, then the fields in the order sent. */
export function yamlOfConfig(input: Record<string, unknown>): string {
  return `${SCHEMA_LINE}\n${stringify(input, { lineWidth: 0 })}`;
}

/**
 * An imported file's text as stored: the operator's own text (comments and all), its first line
 * made the schema line (replacing an editor schema line that pointed elsewhere).
 */
export function withSchemaLine(text: string): string {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const eol = body.includes('\r\n') ? '\r\n' : '\n';
  if (/^# yaml-language-server:/.test(body)) return SCHEMA_LINE + body.slice(body.search(/\r?\n|$/));
  return `${SCHEMA_LINE}${eol}${body}`;
}

/** `file:line:col` of an offset in `text`. */
function at(file: string, text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `${file}:${line}:${offset - before.lastIndexOf('\n')}`;
}

/** Flow brackets or block indentation deeper than any config needs (a clinic config nests 4 levels). */
const MAX_FLOW_DEPTH = 64;
const MAX_INDENT = 256;

/**
 * Texts the YAML parsers should not be given: a NUL (a binary file), or nesting thousands of levels
 * deep, which both parsers take seconds to refuse (they recurse until the stack runs out). A
 * billion-laughs file needs no check here: the loader's alias cap refuses it in milliseconds.
 */
export function hostileText(file: string, text: string): string | undefined {
  const nul = text.indexOf('\0');
  if (nul !== -1) return `${at(file, text, nul)} ${importFileNul.title}`;
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const prev = i === 0 ? '\n' : text[i - 1]!;
    if (ch === '\n') {
      // Quoted scalars rarely span lines in a config; ending them here keeps the scan simple.
      quote = undefined;
      const indent = /^(?:[ \t]|- )*/.exec(text.slice(i + 1, i + MAX_INDENT + 3))![0].length;
      if (indent > MAX_INDENT) return `${at(file, text, i + 1)} ${importFileTooDeep.title}`;
    } else if (quote) {
      if (ch === '\\' && quote === '"') i++;
      else if (ch === quote) quote = undefined;
    } else if ((ch === '"' || ch === "'") && /[\s[{,:]/.test(prev)) {
      // A quote opens a quoted scalar only where a value starts (`Men's` is plain text).
      quote = ch;
    } else if (ch === '#' && /\s/.test(prev)) {
      const eol = text.indexOf('\n', i);
      i = (eol === -1 ? text.length : eol) - 1;
    } else if (ch === '[' || ch === '{') {
      if (++depth > MAX_FLOW_DEPTH) return `${at(file, text, i)} ${importFileTooDeep.title}`;
    } else if (ch === ']' || ch === '}') {
      depth = Math.max(0, depth - 1);
    }
  }
  return undefined;
}

/** A checked text: its config, or every problem as `file:line:col field: message`. */
export type CheckedText = ({ ok: true } & ReadConfig) | { ok: false; errors: string[] };

/**
 * A stored version read to be built: with the facts it published if it was stored before a city
 * could be saved without them (legacyFacts), else as written. A version saved without its hours or
 * legal facts (issue 39 item 3) is refused first by the labels of what it lacks (`missing`), then
 * by any other problem.
 */
export function checkVersion(v: Pick<CityVersion, 'slug' | 'version' | 'city' | 'yaml' | 'legacyFacts'>): CheckedText | { ok: false; errors: string[]; missing: RequiredFact[] } {
  const read = checkText(`${v.slug}.yaml`, v.yaml, { publishedFacts: v.legacyFacts });
  if (read.ok || v.legacyFacts) return read;
  let missing: RequiredFact[] = [];
  try {
    missing = missingFacts(readYaml(v.yaml));
  } catch {
    return read;
  }
  if (!missing.length) return read;
  const others = read.errors.filter((e) => !missing.some((f) => e.includes(` ${f}: `)));
  return { ok: false, errors: [versionIncomplete(v.city, v.version, factLabels(missing)).title, ...others], missing };
}

/**
 * Checks a YAML text as `clinic-gen build` would, named `file` in the errors, after refusing what
 * no config holds (hostileText). Never throws: a parser failure is an error line like any other.
 */
export function checkText(file: string, text: string, opts: ReadOptions = {}): CheckedText {
  const hostile = hostileText(file, text);
  if (hostile) return { ok: false, errors: [hostile] };
  try {
    // One parse: the loader hands back the data it read along with the config.
    const loaded = readConfigText(text, file, opts);
    if (!loaded.ok) return { ok: false, errors: loaded.errors };
    const { input } = loaded;
    if (input === null || typeof input !== 'object' || Array.isArray(input)) return { ok: false, errors: [`${file}:1:1 config: ${importFileUnreadable.title}`] };
    return { ok: true, input: input as Record<string, unknown>, config: loaded.config, digest: configDigest(loaded.config) };
  } catch (err) {
    return { ok: false, errors: [`${file}:1:1 yaml: ${importFileUnreadable.title} (${(err as Error).message.split('\n')[0]})`] };
  }
}
