/**
 * A small, strict XML reader for uploaded SVG logos. It builds a plain tree and nothing more: no
 * DTD, no external entities, no namespaces resolved. The doctype (and its internal subset with any
 * <!ENTITY> declarations) is skipped, so a declared entity is never expanded: its references are
 * dropped. Comments and processing instructions are dropped. Anything not well-formed is refused.
 */
export interface XmlElement {
  type: 'element';
  name: string;
  attrs: [string, string][];
  children: XmlNode[];
}
export type XmlNode = XmlElement | { type: 'text'; text: string };

export type ParseResult = { ok: true; root: XmlElement } | { ok: false; error: string };

const NAME = /[A-Za-z_][\w.:-]*/y;
const ATTR = /\s+([A-Za-z_][\w.:-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/y;
const LIMITS = { depth: 200, nodes: 100_000 };

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the five predefined entities and character references; other entity references vanish. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|[A-Za-z_][\w.-]*);/g, (_, ref: string) => {
    if (ref[0] !== '#') return PREDEFINED[ref] ?? '';
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    // NUL, surrogates and out-of-range code points are not characters.
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '';
  });
}

/** Parses an SVG document's text into its root element. */
export function parseXml(source: string): ParseResult {
  const src = source.replace(/^\uFEFF/, '');
  const fail = (what: string, at: number): ParseResult => ({ ok: false, error: `${what} at character ${at}` });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let nodes = 0;
  let i = 0;
  while (i < src.length) {
    const lt = src.indexOf('<', i);
    const text = src.slice(i, lt === -1 ? src.length : lt);
    if (text) {
      if (stack.length) stack[stack.length - 1]!.children.push({ type: 'text', text: decodeEntities(text) });
      else if (text.trim()) return fail('text outside the root element', i);
    }
    if (lt === -1) break;
    i = lt;
    const skipTo = (end: string) => {
      const e = src.indexOf(end, i);
      return e === -1 ? -1 : e + end.length;
    };
    let next: number;
    if (src.startsWith('<?', i)) next = skipTo('?>');
    else if (src.startsWith('<!--', i)) next = skipTo('-->');
    else if (src.startsWith('<![CDATA[', i)) {
      next = skipTo(']]>');
      if (next === -1 || !stack.length) return fail('misplaced CDATA section', i);
      stack[stack.length - 1]!.children.push({ type: 'text', text: src.slice(i + 9, next - 3) });
    } else if (/^<!DOCTYPE/i.test(src.slice(i, i + 9))) {
      if (root || stack.length) return fail('misplaced doctype', i);
      const bracket = src.indexOf('[', i);
      const close = src.indexOf('>', i);
      next = bracket !== -1 && bracket < close ? src.indexOf('>', Math.max(src.indexOf(']', bracket), bracket)) + 1 : close + 1;
      if (next === 0) next = -1;
    } else if (src.startsWith('</', i)) {
      NAME.lastIndex = i + 2;
      const m = NAME.exec(src);
      const open = stack.pop();
      if (!m || !open || open.name !== m[0]) return fail('mismatched closing tag', i);
      next = skipTo('>');
      if (next === -1 || src.slice(i + 2 + m[0].length, next - 1).trim()) return fail('malformed closing tag', i);
    } else {
      NAME.lastIndex = i + 1;
      const m = NAME.exec(src);
      if (!m) return fail('malformed tag', i);
      const el: XmlElement = { type: 'element', name: m[0], attrs: [], children: [] };
      let j = i + 1 + m[0].length;
      for (;;) {
        ATTR.lastIndex = j;
        const a = ATTR.exec(src);
        if (!a) break;
        if (!el.attrs.some(([k]) => k === a[1])) el.attrs.push([a[1]!, decodeEntities(a[3] ?? a[4] ?? '')]);
        j = ATTR.lastIndex;
      }
      const end = /^\s*(\/?)>/.exec(src.slice(j, j + 64));
      if (!end) return fail('malformed tag', i);
      if (++nodes > LIMITS.nodes || stack.length >= LIMITS.depth) return fail('document too large or too deep', i);
      if (stack.length) stack[stack.length - 1]!.children.push(el);
      else if (root) return fail('a second root element', i);
      else root = el;
      if (!end[1]) stack.push(el);
      next = j + end[0].length;
    }
    if (next === -1) return fail('unterminated markup', i);
    i = next;
  }
  if (stack.length) return fail(`unclosed <${stack[stack.length - 1]!.name}>`, src.length);
  if (!root) return { ok: false, error: 'no root element' };
  return { ok: true, root };
}
