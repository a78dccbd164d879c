import { safeCssSteps } from './svg-css.js';
import { parseXmlSteps, type XmlElement, type XmlNode } from './svg-parse.js';
import { PIECE, runSteps, runStepsSliced, type SliceOptions, type Steps } from './steps.js';

/**
 * Uploaded SVG logos are rebuilt from an allowlist, not cleaned of a blocklist: only known drawing
 * elements and presentation attributes survive. So script, foreignObject, image, animate/set
 * (which can rewrite an href), event handlers (on*), external references, javascript: and data:
 * URLs, and entity tricks (see svg-parse.ts) are all gone, whatever spelling they came in. CSS is
 * checked against an allowlist of its own (svg-css.ts). The served copy is sandboxed by CSP as well
 * (upload-routes.ts).
 *
 * The work is linear in the file and capped (SVG_LIMITS), and the server runs it in slices with a
 * time budget (sanitizeSvgSliced), so no upload can stall other requests.
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

function* keepAttribute(name: string, value: string): Steps<boolean> {
  if (!ATTRIBUTES.has(name)) return false;
  if (value.includes(':') && (yield* hasScheme(value))) return false;
  if (name === 'href' || name === 'xlink:href') return INTERNAL_REF.test(value.trim());
  // Presentation attributes take CSS values (mask="image-set(...)" loads like the property does).
  return yield* safeCssSteps(value);
}

/**
 * True when a script or data URL scheme is in the value, looking past the whitespace and control
 * characters browsers ignore in URLs. In pieces for a long value; the tail of the previous piece
 * (10 characters, one less than 'javascript:') is carried over so no scheme hides across a cut.
 */
function* hasScheme(value: string): Steps<boolean> {
  let tail = '';
  for (let k = 0; k < value.length; k += PIECE) {
    // eslint-disable-next-line no-control-regex
    const squashed = tail + value.slice(k, k + PIECE).replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
    if (squashed.includes('javascript:') || squashed.includes('data:') || squashed.includes('vbscript:')) return true;
    tail = squashed.slice(-10);
    if (value.length > PIECE) yield;
  }
  return false;
}

/** Nodes and attributes written between two pauses. */
const NODES_PER_STEP = 1024;

const escapeText = (s: string) => (/[&<>]/.test(s) ? s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : s);
const escapeAttr = (s: string) => (/[&<>"]/.test(s) ? escapeText(s).replace(/"/g, '&quot;') : s);

/**
 * Writes the allowed part of the tree, pausing every NODES_PER_STEP nodes. Returns whether
 * xlink:href was kept, or undefined once the output passed `maxChars`: escaping can make a text
 * five times longer (& -> &amp;), and a 5 MB upload must not become 25 MB on disk.
 */
function* serializeSteps(root: XmlElement, out: string[], maxChars: number): Steps<{ usesXlink: boolean } | undefined> {
  let usesXlink = false;
  let size = 0;
  const write = (s: string) => {
    size += s.length;
    out.push(s);
  };
  // An explicit stack, not recursion: nodes still to write, and closing tags as strings.
  const work: (XmlNode | string)[] = [root];
  let done = 0;
  while (work.length) {
    if (size > maxChars) return undefined;
    if (done >= NODES_PER_STEP) {
      done = 0;
      yield;
    }
    done++;
    const node = work.pop()!;
    if (typeof node === 'string') write(node);
    else if (node.type === 'text') {
      // Escaping is per character, so a long text can be cut anywhere.
      for (let k = 0; k < node.text.length && size <= maxChars; k += PIECE) {
        write(escapeText(node.text.slice(k, k + PIECE)));
        if (node.text.length > PIECE) yield;
      }
    } else if (UNWRAP.has(node.name)) pushReversed(work, node.children);
    else if (ELEMENTS.has(node.name)) {
      if (node.name === 'style' && !(yield* safeCssSteps(node.children.map((c) => (c.type === 'text' ? c.text : '')).join('')))) continue;
      write(`<${node.name}`);
      done += node.attrs.length;
      for (const [k, v] of node.attrs) {
        if (!(yield* keepAttribute(k, v))) continue;
        write(` ${k}="`);
        for (let j = 0; j < v.length; j += PIECE) {
          write(escapeAttr(v.slice(j, j + PIECE)));
          if (v.length > PIECE) yield;
        }
        write('"');
        if (k === 'xlink:href') usesXlink = true;
      }
      const children = node.name === 'style' ? node.children.filter((c) => c.type === 'text') : node.children;
      if (!children.length) {
        write('/>');
        continue;
      }
      write('>');
      work.push(`</${node.name}>`);
      pushReversed(work, children);
    }
  }
  return size > maxChars ? undefined : { usesXlink };
}

function pushReversed<T>(stack: T[], items: readonly T[]): void {
  for (let k = items.length - 1; k >= 0; k--) stack.push(items[k]!);
}

export type SanitizeResult = { ok: true; svg: string } | { ok: false; error: string };

/** How long the server may work on one upload; the largest real logos take a small part of it. */
export const SANITIZE_BUDGET_MS = 2_000;

const tooComplex = (why: string) => `The SVG logo is too complex to accept: ${why}. Simplify it in your drawing program, or upload it as a PNG.`;

/** The sanitizer as steps, for either runner. */
function* sanitizeSteps(source: string): Steps<SanitizeResult> {
  const parsed = yield* parseXmlSteps(source);
  if (!parsed.ok) return { ok: false, error: parsed.tooComplex ? tooComplex(parsed.error) : `The SVG file could not be read (${parsed.error})` };
  const root: XmlElement = parsed.root;
  if (root.name !== 'svg') return { ok: false, error: 'The file is not an SVG image (its root element is not <svg>)' };
  const out: string[] = [];
  const written = yield* serializeSteps(root, out, 2 * source.length + 1024);
  if (!written) return { ok: false, error: tooComplex('rebuilt, it would be more than twice its size (too many characters to escape)') };
  // The namespaces are set here, whatever the upload declared (they were filtered out above).
  const ns = ` xmlns="http://www.w3.org/2000/svg"${written.usesXlink ? ' xmlns:xlink="http://www.w3.org/1999/xlink"' : ''}`;
  out[0] = out[0]!.replace(/^<svg/, `<svg${ns}`);
  return { ok: true, svg: `${out.join('')}\n` };
}

/** Parses an SVG logo and rebuilds it from the allowlist, in one go (what the sliced run must equal). */
export function sanitizeSvg(source: string): SanitizeResult {
  return runSteps(sanitizeSteps(source));
}

/**
 * sanitizeSvg in slices between other requests, for the server's uploads and the site pipeline's
 * logos: refused once it took SANITIZE_BUDGET_MS, or `options.budgetMs` (every step is linear, so
 * only a huge, hostile file comes near it).
 */
export async function sanitizeSvgSliced(source: string, options: SliceOptions = {}): Promise<SanitizeResult> {
  const run = await runStepsSliced(sanitizeSteps(source), { budgetMs: SANITIZE_BUDGET_MS, ...options });
  return run.ok ? run.value : { ok: false, error: tooComplex(`checking it took more than ${(options.budgetMs ?? SANITIZE_BUDGET_MS) / 1000} s`) };
}
