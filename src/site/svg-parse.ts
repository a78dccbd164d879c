import { PIECE, runSteps, type Steps } from './steps.js';

/**
 * A small, strict XML reader for uploaded SVG logos. It builds a plain tree and nothing more: no
 * DTD, no external entities, no namespaces resolved. The doctype (and its internal subset with any
 * <!ENTITY> declarations) is skipped, so a declared entity is never expanded: its references are
 * dropped. Comments and processing instructions are dropped. Anything not well-formed is refused.
 *
 * Every step is linear in the input (156 KB of nested `url(` once took 7 s of quadratic work,
 * docs/threat-model.md), the work is capped (SVG_LIMITS), and the reader is a generator that
 * pauses every thousand or so tags, attributes or 64 KB of text, so the upload route can run it in
 * slices between other requests (steps.ts).
 */
export interface XmlElement {
  type: 'element';
  name: string;
  attrs: [string, string][];
  children: XmlNode[];
}
export type XmlNode = XmlElement | { type: 'text'; text: string };

export type ParseResult = { ok: true; root: XmlElement } | { ok: false; error: string; tooComplex?: boolean };

/** Far above any real logo (an exported illustration has a few thousand elements). */
export const SVG_LIMITS = { depth: 200, elements: 50_000, attributes: 100_000, attributesPerElement: 200 } as const;

/** Markup items (tags, attributes, comments) handled between two pauses. */
const ITEMS_PER_STEP = 1024;

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const REFERENCE = /&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|[A-Za-z_][\w.-]*);/g;

function decodeReference(_: string, ref: string): string {
  if (ref[0] !== '#') return PREDEFINED[ref] ?? '';
  const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
  // NUL, surrogates and out-of-range code points are not characters.
  return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '';
}

/** Decodes the five predefined entities and character references; other entity references vanish. */
export function decodeEntities(s: string): string {
  return runSteps(decodeSteps(s));
}

/** decodeEntities as steps: a 5 MB text of references is decoded in pieces, not in one call. */
function* decodeSteps(s: string): Steps<string> {
  if (s.length <= PIECE) return s.replace(REFERENCE, decodeReference);
  const parts: string[] = [];
  for (let k = 0; k < s.length; ) {
    // Cut before the last "&" of the piece, so no reference is split between two pieces.
    let cut = Math.min(k + PIECE, s.length);
    const amp = cut < s.length ? s.lastIndexOf('&', cut) : -1;
    if (amp > k) cut = amp;
    parts.push(s.slice(k, cut).replace(REFERENCE, decodeReference));
    k = cut;
    yield;
  }
  return parts.join('');
}

/** Parses an SVG document's text into its root element. */
export function parseXml(source: string): ParseResult {
  return runSteps(parseXmlSteps(source));
}

/** parseXml as steps: the generator pauses (yields) every ITEMS_PER_STEP markup items. */
export function* parseXmlSteps(source: string): Steps<ParseResult> {
  const src = source.replace(/^\uFEFF/, '');
  const fail = (what: string, at: number): ParseResult => ({ ok: false, error: `${what} at character ${at}` });
  const stack: XmlElement[] = [];
  // Which element last had each attribute name: duplicates found in O(1), not by scanning the list.
  const lastOwner = new Map<string, XmlElement>();
  let root: XmlElement | undefined;
  let sawDoctype = false;
  let elements = 0;
  let attributes = 0;
  let items = 0;
  let i = 0;
  while (i < src.length) {
    if (items >= ITEMS_PER_STEP) {
      items = 0;
      yield;
    }
    items++;
    const lt = src.indexOf('<', i);
    if (lt !== i) {
      const text = src.slice(i, lt === -1 ? src.length : lt);
      const parent = stack[stack.length - 1];
      if (parent) appendText(parent, text.includes('&') ? yield* decodeSteps(text) : text);
      else if (text.trim()) return fail('text outside the root element', i);
      if (lt === -1) break;
      i = lt;
    }
    const after = src[i + 1];
    let next: number;
    if (after === '?') next = skipPast(src, '?>', i);
    else if (after === '!' && src.startsWith('<!--', i)) next = skipPast(src, '-->', i);
    else if (after === '!' && src.startsWith('<![CDATA[', i)) {
      next = skipPast(src, ']]>', i);
      const parent = stack[stack.length - 1];
      if (next === -1 || !parent) return fail('misplaced CDATA section', i);
      appendText(parent, src.slice(i + 9, next - 3));
    } else if (after === '!' && src.slice(i, i + 9).toUpperCase() === '<!DOCTYPE') {
      // One doctype, before the root: a second one would make every search below rescan the file.
      if (root || stack.length || sawDoctype) return fail('misplaced doctype', i);
      sawDoctype = true;
      const bracket = src.indexOf('[', i);
      const close = src.indexOf('>', i);
      next = bracket !== -1 && bracket < close ? src.indexOf('>', Math.max(src.indexOf(']', bracket), bracket)) + 1 : close + 1;
      if (next === 0) next = -1;
    } else if (after === '/') {
      const end = nameEnd(src, i + 2);
      const open = stack.pop();
      if (end === i + 2 || !open || open.name !== src.slice(i + 2, end)) return fail('mismatched closing tag', i);
      next = end;
      while (isSpace(src.charCodeAt(next))) next++;
      if (src[next] !== '>') return fail('malformed closing tag', i);
      next++;
    } else {
      if (++elements > SVG_LIMITS.elements) return tooComplex(`it has more than ${SVG_LIMITS.elements.toLocaleString('en-US')} elements`);
      if (stack.length >= SVG_LIMITS.depth) return tooComplex(`it nests elements more than ${SVG_LIMITS.depth} deep`);
      const tag = readOpenTag(src, i, lastOwner);
      if ('ok' in tag) return tag;
      const { el } = tag;
      attributes += tag.count;
      items += tag.count;
      if (attributes > SVG_LIMITS.attributes) return tooComplex(`it has more than ${SVG_LIMITS.attributes.toLocaleString('en-US')} attributes`);
      for (const attr of el.attrs) if (attr[1].includes('&')) attr[1] = yield* decodeSteps(attr[1]);
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(el);
      else if (root) return fail('a second root element', i);
      else root = el;
      if (!tag.selfClosing) stack.push(el);
      next = tag.next;
    }
    if (next === -1) return fail('unterminated markup', i);
    i = next;
  }
  if (stack.length) return fail(`unclosed <${stack[stack.length - 1]!.name}>`, src.length);
  if (!root) return { ok: false, error: 'no root element' };
  return { ok: true, root };
}

const tooComplex = (what: string): ParseResult => ({ ok: false, error: what, tooComplex: true });

/** The index after `end` searched from `from`, or -1. */
function skipPast(src: string, end: string, from: number): number {
  const e = src.indexOf(end, from);
  return e === -1 ? -1 : e + end.length;
}

/** Reads `<name attr="value" ...>` or `.../>` at `i`; attribute values are still encoded. */
function readOpenTag(src: string, i: number, lastOwner: Map<string, XmlElement>): { el: XmlElement; next: number; selfClosing: boolean; count: number } | ParseResult {
  const malformed: ParseResult = { ok: false, error: `malformed tag at character ${i}` };
  let j = nameEnd(src, i + 1);
  if (j === i + 1) return malformed;
  const el: XmlElement = { type: 'element', name: src.slice(i + 1, j), attrs: [], children: [] };
  // By hand rather than with a regular expression: a logo of 5 MB can hold 300,000 attributes,
  // and a match array for each was most of the time spent on them.
  let count = 0;
  for (;;) {
    let k = j;
    while (isSpace(src.charCodeAt(k))) k++;
    const end = k > j ? nameEnd(src, k) : k;
    if (end === k) break;
    const name = src.slice(k, end);
    k = end;
    while (isSpace(src.charCodeAt(k))) k++;
    if (src[k] !== '=') break;
    k++;
    while (isSpace(src.charCodeAt(k))) k++;
    const quote = src[k];
    if (quote !== '"' && quote !== "'") break;
    const close = src.indexOf(quote, k + 1);
    if (close === -1) break;
    const value = src.slice(k + 1, close);
    if (value.includes('<')) break;
    if (++count > SVG_LIMITS.attributesPerElement) {
      return tooComplex(`<${el.name}> at character ${i} has more than ${SVG_LIMITS.attributesPerElement} attributes`);
    }
    if (lastOwner.get(name) !== el) {
      lastOwner.set(name, el);
      el.attrs.push([name, value]);
    }
    j = close + 1;
  }
  while (isSpace(src.charCodeAt(j))) j++;
  const selfClosing = src[j] === '/';
  if (selfClosing) j++;
  if (src[j] !== '>') return malformed;
  return { el, next: j + 1, selfClosing, count };
}

/** XML whitespace: space, tab, carriage return, line feed. */
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** The end of an XML name ([A-Za-z_][\w.:-]*) starting at `from`; `from` itself when there is none. */
function nameEnd(src: string, from: number): number {
  const first = src.charCodeAt(from);
  if (!((first >= 65 && first <= 90) || (first >= 97 && first <= 122) || first === 95)) return from;
  let k = from + 1;
  for (;;) {
    const c = src.charCodeAt(k);
    const word = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95;
    if (!word && c !== 46 && c !== 58 && c !== 45) return k;
    k++;
  }
}

/** Adjacent texts (split by comments or CDATA) become one node: fewer objects, the same output. */
function appendText(parent: XmlElement, text: string): void {
  const last = parent.children[parent.children.length - 1];
  if (last?.type === 'text') last.text += text;
  else parent.children.push({ type: 'text', text });
}
