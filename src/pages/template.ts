import type { Site } from './page-model.js';

/**
 * Rendering with React costs about 0.4 ms a page; 1,000 cities must build in 2 s. Most of a page is
 * the same for every city with the same shape (services, which optional parts are present, how
 * many team members...), so each page is rendered once per shape with a token in place of every
 * string of the Site, and each city then only fills in its values, escaped as React escapes them.
 * `renderSiteDirect` stays the reference: a test renders both ways and compares the bytes.
 */

const OPEN = '\uE000';
const CLOSE = '\uE001';
const token = (i: number) => `${OPEN}${i}${CLOSE}`;

/** Strings whose value decides structure (routes, labels, networks): they stay in the shape. */
const STRUCTURAL = new Set(['services', 'serviceOptions', 'network', 'label', 'deploymentType', 'lang', 'languages', 'spanishRoot']);
/** Strings already safe for the place they land in (the JSON-LD script bodies): not escaped, nor anything under the key. */
const RAW = new Set(['jsonLd', 'breadcrumbJsonLd']);

export interface Tokenized {
  /** The Site with every string replaced by a token; its JSON is the cache key of the shape. */
  shape: Site;
  /** Each token's text, ready to insert (escaped, or raw where RAW). */
  values: string[];
}

/** Replaces every non-structural string of a Site by a numbered token. */
export function tokenize(site: Site): Tokenized {
  const values: string[] = [];
  const add = (text: string, raw: boolean) => {
    values.push(raw ? text : escapeHtml(text));
    return token(values.length - 1);
  };
  const walk = (value: unknown, key: string, raw = false): unknown => {
    raw ||= RAW.has(key);
    if (typeof value === 'string') {
      if (STRUCTURAL.has(key)) return value;
      if (key === 'logoUrl') {
        // Pages look at how a logo URL starts (site path or absolute URL): keep that part.
        const prefix = /^(https?:\/\/|\/)/i.exec(value)![0];
        return prefix + add(value.slice(prefix.length), false);
      }
      return add(value, raw);
    }
    if (Array.isArray(value)) return STRUCTURAL.has(key) ? value : value.map((v) => walk(v, key, raw));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = walk(v, k, raw);
      return out;
    }
    return value;
  };
  return { shape: walk(site, '') as Site, values };
}

/** A page rendered with tokens, split once so filling it is a join. */
export interface Template {
  parts: string[];
  slots: number[];
  /** The parts as UTF-8, made the first time a city asks for its page as bytes (fillBytes). */
  partBytes?: Buffer[];
}

export function compile(html: string): Template {
  const pieces = html.split(OPEN);
  const parts = [pieces[0]!];
  const slots: number[] = [];
  for (let i = 1; i < pieces.length; i++) {
    const p = pieces[i]!;
    const end = p.indexOf(CLOSE);
    slots.push(Number(p.slice(0, end)));
    parts.push(p.slice(end + 1));
  }
  return { parts, slots };
}

export function fill(t: Template, values: string[]): string {
  let out = t.parts[0]!;
  for (let i = 0; i < t.slots.length; i++) out += values[t.slots[i]!]! + t.parts[i + 1]!;
  return out;
}

/** A city's token values as UTF-8, once for all its pages. */
export function encodeValues(values: string[]): Buffer[] {
  return values.map((v) => Buffer.from(v));
}

/**
 * The page as UTF-8: the same bytes as `fill(t, values)` encoded, but the markup every city of the
 * shape shares is encoded once. Writing a 1,000-city build's pages from text spent more time
 * encoding them than writing them.
 */
export function fillBytes(t: Template, values: Buffer[]): Uint8Array {
  const parts = (t.partBytes ??= t.parts.map((p) => Buffer.from(p)));
  const list: Buffer[] = [parts[0]!];
  for (let i = 0; i < t.slots.length; i++) list.push(values[t.slots[i]!]!, parts[i + 1]!);
  return Buffer.concat(list);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** The escaping React applies to text and attribute values. */
export function escapeHtml(s: string): string {
  return /["'&<>]/.test(s) ? s.replace(/["'&<>]/g, (c) => ESCAPES[c]!) : s;
}

/** A small least-recently-used map, so a run over many differently shaped cities stays bounded. */
export class Lru<V> {
  private map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, value: V): void {
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
}
