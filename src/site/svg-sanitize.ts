import { parseXml, type XmlElement, type XmlNode } from './svg-parse.js';

/**
 * Uploaded SVG logos are rebuilt from an allowlist, not cleaned of a blocklist: only known drawing
 * elements and presentation attributes survive. So script, foreignObject, image, animate/set
 * (which can rewrite an href), event handlers (on*), external references, javascript: and data:
 * URLs, and entity tricks (see svg-parse.ts) are all gone, whatever spelling they came in.
 * The served copy is sandboxed by CSP as well (upload-routes.ts).
 */

const ELEMENTS = new Set(
  (
    'svg g defs symbol use title desc path rect circle ellipse line polyline polygon text tspan textPath ' +
    'linearGradient radialGradient stop clipPath mask pattern marker style filter feBlend feColorMatrix ' +
    'feComponentTransfer feComposite feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur ' +
    'feMerge feMergeNode feMorphology feOffset'
  ).split(' '),
);
/** Elements dropped but whose content is kept: a link's visible text and shapes. */
const UNWRAP = new Set(['a', 'switch']);

const ATTRIBUTES = new Set(
  (
    'id class style viewBox preserveAspectRatio width height x y x1 y1 x2 y2 cx cy r rx ry fx fy fr d points ' +
    'pathLength transform fill fill-opacity fill-rule stroke stroke-width stroke-linecap stroke-linejoin ' +
    'stroke-miterlimit stroke-dasharray stroke-dashoffset stroke-opacity opacity clip-path clip-rule mask ' +
    'color display visibility overflow font-family font-size font-weight font-style font-variant text-anchor ' +
    'dominant-baseline alignment-baseline baseline-shift letter-spacing word-spacing text-decoration dx dy ' +
    'rotate textLength lengthAdjust startOffset offset stop-color stop-opacity gradientUnits gradientTransform ' +
    'spreadMethod patternUnits patternContentUnits patternTransform clipPathUnits maskUnits maskContentUnits ' +
    'markerWidth markerHeight refX refY orient markerUnits marker-start marker-mid marker-end filter ' +
    'filterUnits primitiveUnits in in2 result stdDeviation mode type values operator k1 k2 k3 k4 ' +
    'tableValues slope intercept amplitude exponent flood-color flood-opacity radius shape-rendering ' +
    'text-rendering color-interpolation color-interpolation-filters vector-effect paint-order ' +
    'mix-blend-mode isolation version xml:space href xlink:href'
  ).split(' '),
);

const INTERNAL_REF = /^#[A-Za-z_][\w.:-]*$/;
/** Every url(...) must point inside the document: url(#id). */
const URL_CALL = /url\s*\(\s*(['"]?)([^'")]*)\1\s*\)/gi;
// CSS features that load or run things, or hide them: escapes could spell u\72l( past the check.
const UNSAFE_CSS = /@import|expression\s*\(|behavior\s*:|-moz-binding|\\|<\/|javascript:|data:/i;

function safeUrls(value: string): boolean {
  const calls = [...value.matchAll(URL_CALL)];
  if (calls.some((m) => !INTERNAL_REF.test(m[2]!.trim()))) return false;
  // A url( that the pattern did not read is malformed: refuse rather than guess how a browser reads it.
  return (value.match(/url\s*\(/gi) ?? []).length === calls.length;
}

/** True when a CSS text (style attribute or <style> element) loads nothing from outside. */
export function safeCss(css: string): boolean {
  return !UNSAFE_CSS.test(css) && safeUrls(css);
}

function keepAttribute(name: string, value: string): boolean {
  if (!ATTRIBUTES.has(name)) return false;
  // Scheme checks look past the whitespace and control characters browsers ignore in URLs.
  // eslint-disable-next-line no-control-regex
  const squashed = value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
  if (squashed.includes('javascript:') || squashed.includes('data:') || squashed.includes('vbscript:')) return false;
  if (name === 'href' || name === 'xlink:href') return INTERNAL_REF.test(value.trim());
  if (name === 'style') return safeCss(value);
  return safeUrls(value);
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

function serialize(node: XmlNode, out: string[], usesXlink: { value: boolean }): void {
  if (node.type === 'text') {
    out.push(escapeText(node.text));
    return;
  }
  if (UNWRAP.has(node.name)) {
    for (const child of node.children) serialize(child, out, usesXlink);
    return;
  }
  if (!ELEMENTS.has(node.name)) return;
  if (node.name === 'style' && !safeCss(node.children.map((c) => (c.type === 'text' ? c.text : '')).join(''))) return;
  const attrs = node.attrs.filter(([k, v]) => keepAttribute(k, v));
  if (attrs.some(([k]) => k === 'xlink:href')) usesXlink.value = true;
  out.push(`<${node.name}${attrs.map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('')}`);
  const children = node.name === 'style' ? node.children.filter((c) => c.type === 'text') : node.children;
  if (!children.length) {
    out.push('/>');
    return;
  }
  out.push('>');
  for (const child of children) serialize(child, out, usesXlink);
  out.push(`</${node.name}>`);
}

export type SanitizeResult = { ok: true; svg: string } | { ok: false; error: string };

/** Parses an SVG logo and rebuilds it from the allowlist. */
export function sanitizeSvg(source: string): SanitizeResult {
  const parsed = parseXml(source);
  if (!parsed.ok) return { ok: false, error: `The SVG file could not be read (${parsed.error})` };
  const root: XmlElement = parsed.root;
  if (root.name !== 'svg') return { ok: false, error: 'The file is not an SVG image (its root element is not <svg>)' };
  const out: string[] = [];
  const usesXlink = { value: false };
  serialize(root, out, usesXlink);
  // The namespaces are set here, whatever the upload declared (they were filtered out above).
  const ns = ` xmlns="http://www.w3.org/2000/svg"${usesXlink.value ? ' xmlns:xlink="http://www.w3.org/1999/xlink"' : ''}`;
  const svg = out.join('').replace(/^<svg/, `<svg${ns}`);
  return { ok: true, svg: `${svg}\n` };
}
