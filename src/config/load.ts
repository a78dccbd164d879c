import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isMap, isScalar, LineCounter, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import { brandContrastWarning } from './contrast.js';
import { clinicConfigSchema, type ClinicConfig } from './schema.js';
import { documentData, parseYamlDocument } from './yaml.js';
import { readFast } from './yaml-fast.js';
import { withPublishedFacts } from './published-facts.js';

/** The outcome of loading a config: expected failures are values, not exceptions. */
export type LoadResult =
  | { ok: true; config: ClinicConfig; warnings: string[] }
  | { ok: false; errors: string[] };

/** Reads and validates a YAML clinic config; every problem reads `file:line:column field: expected ...`. */
export async function loadConfigFile(file: string): Promise<LoadResult> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    return { ok: false, errors: [readError(file, err)] };
  }
  return parseConfigText(text, file);
}

/** loadConfigFile for build workers, where blocking I/O costs less than a thread-pool round trip. */
export function loadConfigFileSync(file: string): LoadResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return { ok: false, errors: [readError(file, err)] };
  }
  return parseConfigText(text, file);
}

function readError(file: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a YAML file' : String(code ?? err);
  return `${file}: cannot read the config (${why})`;
}

/**
 * How a text is read: `publishedFacts` for a version the server stored before a city could be
 * saved without its hours and legal facts (CityVersion.legacyFacts), which is read with the facts
 * it published then filled in (published-facts.ts); else as written.
 */
export interface ReadOptions {
  publishedFacts?: boolean;
}

/** Parses YAML text named `file` (used in messages) into a validated config. Pure. */
export function parseConfigText(text: string, file: string, opts: ReadOptions = {}): LoadResult {
  const r = readConfigText(text, file, opts);
  return r.ok ? { ok: true, config: r.config, warnings: r.warnings } : r;
}

/** A LoadResult that also holds `input`, the config as written (the input shape): the text's plain data (config/yaml.ts). */
export type ReadResult = { ok: true; config: ClinicConfig; warnings: string[]; input: unknown } | { ok: false; errors: string[] };

/**
 * parseConfigText, handing back the data the text reads as besides the validated config, for
 * callers that keep the config as written (the server's cities). The text is parsed once: the
 * data is what the fast path read, or when js-yaml could not take the text, yaml's.
 */
export function readConfigText(text: string, file: string, opts: ReadOptions = {}): ReadResult {
  // Fast path for the common case, a valid config (config/yaml.ts). Anything js-yaml cannot take,
  // and every config that fails validation or warns, goes through yaml, whose document keeps the
  // positions for the messages.
  const read = opts.publishedFacts ? withPublishedFacts : (data: unknown) => data;
  const raw = readFast(text);
  const fast = raw && { data: read(raw.data) };
  if (fast) {
    const parsed = clinicConfigSchema.safeParse(fast.data);
    if (parsed.success && !brandContrastWarning(parsed.data.primaryColor)) return { ok: true, config: parsed.data, warnings: [], input: fast.data };
  }
  return parseWithPositions(text, file, fast, read);
}

/**
 * A text read as one YAML mapping, by yaml with positions: the document, its data and `at(offset)`
 * naming `file:line:column`; else the errors that say why not (`expected`: what the file should hold).
 */
function readMapping(text: string, file: string, expected: string): { ok: true; doc: Document; data: object; at: (offset: number) => string } | { ok: false; errors: string[] } {
  const lines = new LineCounter();
  const doc = parseYamlDocument(text, lines);
  const at = (offset: number) => {
    const { line, col } = lines.linePos(offset);
    return `${file}:${line}:${col}`;
  };
  if (doc.errors.length) {
    return { ok: false, errors: doc.errors.map((e) => `${at(e.pos[0])} yaml: ${firstLine(e.message)}`) };
  }
  let data: unknown;
  try {
    data = documentData(doc);
  } catch (err) {
    return { ok: false, errors: [`${at(0)} yaml: ${firstLine((err as Error).message)}`] };
  }
  if (data === null || data === undefined || typeof data !== 'object' || Array.isArray(data)) {
    return { ok: false, errors: [`${at(0)} config: expected ${expected}`] };
  }
  return { ok: true, doc, data, at };
}

function parseWithPositions(text: string, file: string, fast: { data: unknown } | undefined, fill: (data: unknown) => unknown): ReadResult {
  const read = readMapping(text, file, `a mapping of fields like "businessName: Summit Men's Health"`);
  if (!read.ok) return read;
  const { doc, at } = read;
  const data = fill(read.data);
  const parsed = clinicConfigSchema.safeParse(data);
  if (!parsed.success) return { ok: false, errors: describeIssues(parsed.error.issues, doc, at, clinicConfigSchema) };
  const warnings: string[] = [];
  const contrast = brandContrastWarning(parsed.data.primaryColor);
  if (contrast) warnings.push(`${at(offsetOf(doc, ['primaryColor']))} primaryColor: ${contrast}`);
  // The data as the fast path read it when it could (a config that warns), as every reader of the text does.
  return { ok: true, config: parsed.data, warnings, input: fast ? fast.data : data };
}

/**
 * A small YAML file other than a clinic config (the brand site's, src/brand-site/config.ts), read
 * and checked by `schema` with the same messages as a config's: `file:line:column field: ...`.
 * `at(path)` names where a value is, for the checks the caller makes after the schema.
 */
export type PositionedRead<T> =
  | { ok: true; value: T; at: (path: readonly (string | number)[]) => string; keyAt: (path: readonly (string | number)[], key: string) => string }
  | { ok: false; errors: string[] };

export function readYamlWith<S extends z.ZodType>(schema: S, text: string, file: string, expected: string): PositionedRead<z.output<S>> {
  const read = readMapping(text, file, expected);
  if (!read.ok) return read;
  const { doc, data, at } = read;
  const parsed = schema.safeParse(data);
  if (!parsed.success) return { ok: false, errors: describeIssues(parsed.error.issues, doc, at, schema) };
  return { ok: true, value: parsed.data, at: (path) => at(offsetOf(doc, path)), keyAt: (path, key) => at(keyOffset(doc, path, key)) };
}

function describeIssues(issues: z.core.$ZodIssue[], doc: Document, at: (o: number) => string, schema: z.ZodType): string[] {
  const out: string[] = [];
  for (const issue of issues) {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const hint = suggest(key, knownKeys(schema, path));
        out.push(`${at(keyOffset(doc, path, key))} ${fieldName([...path, key])}: unknown field${hint ? `; did you mean ${hint}?` : ''}`);
      }
      continue;
    }
    out.push(`${at(offsetOf(doc, path))} ${fieldName(path) || 'config'}: ${issue.message}`);
  }
  return out;
}

/**
 * Field -> first message, from zod issues of the clinic schema (the admin's forms show them by
 * field). Gathered in a Map: in a plain object a field named like an inherited property
 * (`constructor`, `toString`, `__proto__`) already "had" a message, so an answer named no field.
 */
export function issueMessages(issues: readonly z.core.$ZodIssue[]): Record<string, string> {
  const errors = new Map<string, string>();
  const first = (field: string, message: string) => void (errors.has(field) || errors.set(field, message));
  for (const issue of issues) {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) first(fieldName([...path, key]), 'unknown field');
      continue;
    }
    first(fieldName(path) || 'config', issue.message);
  }
  return Object.fromEntries(errors);
}

/** `localContent.team[0].name` */
export function fieldName(path: readonly (string | number)[]): string {
  return path.reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${p}` : p), '');
}

/** Offset of the value at `path`, or of its nearest existing parent (a missing field points at its map). */
function offsetOf(doc: Document, path: readonly (string | number)[]): number {
  for (let n = path.length; n >= 0; n--) {
    const node = doc.getIn(path.slice(0, n), true) as Node | undefined;
    if (node && node.range) return node.range[0];
  }
  return 0;
}

function keyOffset(doc: Document, path: readonly (string | number)[], key: string): number {
  const map = path.length ? doc.getIn(path, true) : doc.contents;
  if (isMap(map)) {
    const pair = map.items.find((p) => isScalar(p.key) && p.key.value === key);
    if (pair && isScalar(pair.key) && pair.key.range) return pair.key.range[0];
  }
  return offsetOf(doc, path);
}

function knownKeys(schema: z.ZodType, path: readonly (string | number)[]): string[] {
  let shape: unknown = schema;
  for (const p of path) {
    shape = unwrap(shape);
    const def = (shape as { shape?: Record<string, unknown>; element?: unknown }) ?? {};
    shape = typeof p === 'number' ? def.element : def.shape?.[p];
  }
  const obj = unwrap(shape) as { shape?: Record<string, unknown> } | undefined;
  return obj?.shape ? Object.keys(obj.shape) : [];
}

function unwrap(s: unknown): unknown {
  let cur = s as { def?: { innerType?: unknown; in?: unknown; type?: string } } | undefined;
  for (let i = 0; i < 8 && cur?.def; i++) {
    const next = cur.def.innerType ?? (cur.def.type === 'pipe' ? cur.def.in : undefined);
    if (!next) break;
    cur = next as typeof cur;
  }
  return cur;
}

/** The known key closest to a misspelt one, when it is close enough to be a likely typo. */
function suggest(key: string, known: string[]): string | undefined {
  const lower = key.toLowerCase();
  const prefix = known.find((k) => k.length >= 4 && (lower.startsWith(k.toLowerCase()) || k.toLowerCase().startsWith(lower)));
  if (prefix) return prefix;
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    const d = distance(key.toLowerCase(), k.toLowerCase());
    if (d < bestD) [best, bestD] = [k, d];
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(key.length / 3)) ? best : undefined;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

function firstLine(s: string): string {
  return s.split('\n')[0]!.trim();
}
