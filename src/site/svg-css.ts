import { testSteps, type Steps } from './steps.js';

/**
 * What CSS an SVG logo may hold, as an allowlist: in a <style> element, a style attribute or a
 * presentation attribute (fill, mask, filter, clip-path ... take CSS values too). CSS loads things
 * through functions (url(), image-set(), image(), cross-fade(), src(), element() ...), several of
 * which take a plain quoted string as a URL, and through at-rules (@import, @font-face). So every
 * function must be one known to load nothing, url() must point inside the document (url(#id)),
 * and only at-rules that load nothing are allowed. A function name is read exactly as a browser
 * tokenizes it (the identifier right before "("), so comments cannot hide one; escapes, which
 * could spell a name past the check, are refused outright.
 *
 * Every check is one pass over the text: a hostile upload gets linear work, never quadratic.
 */

const FUNCTIONS = new Set(
  (
    // colours and maths
    'rgb rgba hsl hsla hwb lab lch oklab oklch color color-mix light-dark calc min max clamp abs round var ' +
    // transforms
    'matrix matrix3d translate translatex translatey translatez translate3d scale scalex scaley scalez scale3d ' +
    'rotate rotatex rotatey rotatez rotate3d skew skewx skewy perspective ' +
    // filters
    'blur brightness contrast drop-shadow grayscale hue-rotate invert opacity saturate sepia ' +
    // gradients, drawn by the browser
    'linear-gradient radial-gradient conic-gradient repeating-linear-gradient repeating-radial-gradient repeating-conic-gradient ' +
    // shapes and timing
    'inset circle ellipse polygon path rect xywh cubic-bezier steps linear ' +
    // selectors
    'not is where has nth-child nth-last-child nth-of-type nth-last-of-type lang dir'
  ).split(' '),
);
const AT_RULES = new Set(['media', 'supports', 'keyframes', '-webkit-keyframes', 'layer', 'container']);

const INTERNAL_REF = /^#[A-Za-z_][\w.:-]*$/;
// Escapes could spell u\72l( past the checks; "</" could end a <style> early; the schemes are
// refused wherever they appear, even in a string that loads nothing.
const REFUSED = /\\|<\/|javascript:|vbscript:|data:/i;
const ANY_CHECKED = /[\\<:(@]/;

/** True for a character that continues a CSS identifier (non-ASCII included, as CSS reads it). */
function isIdentChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 45 || code === 95 || code >= 0x80;
}

const isSpace = (ch: string | undefined) => ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r' || ch === '\f';

/** True when an internal reference (#id) is a url() argument that starts at `from`; returns the index after ")" or -1. */
function internalUrlEnd(css: string, from: number): number {
  let k = from;
  while (isSpace(css[k])) k++;
  const quote = css[k];
  let arg: string;
  if (quote === '"' || quote === "'") {
    const close = css.indexOf(quote, k + 1);
    if (close === -1) return -1;
    arg = css.slice(k + 1, close);
    k = close + 1;
    while (isSpace(css[k])) k++;
  } else {
    const close = css.indexOf(')', k);
    if (close === -1) return -1;
    arg = css.slice(k, close);
    k = close;
  }
  return css[k] === ')' && INTERNAL_REF.test(arg.trim()) ? k + 1 : -1;
}

/** Tokens checked between two pauses: a 5 MB <style> is checked in slices (steps.ts). */
const TOKENS_PER_STEP = 4096;

/** Every function is allowed, and every url() points inside the document. */
function* functionsAllowed(css: string): Steps<boolean> {
  let p = css.indexOf('(');
  for (let n = 1; p !== -1; n++) {
    if (n % TOKENS_PER_STEP === 0) yield;
    // The identifier right before "(" is the function's name; a "(" after anything else opens a
    // plain block (a media query). The previous "(" stops this walk, so it reads each character once.
    let s = p;
    while (s > 0 && isIdentChar(css.charCodeAt(s - 1))) s--;
    if (s < p) {
      const name = css.slice(s, p).toLowerCase();
      if (name === 'url') {
        const end = internalUrlEnd(css, p + 1);
        if (end === -1) return false;
        p = css.indexOf('(', end);
        continue;
      }
      if (!FUNCTIONS.has(name)) return false;
    }
    p = css.indexOf('(', p + 1);
  }
  return true;
}

function* atRulesAllowed(css: string): Steps<boolean> {
  let p = css.indexOf('@');
  for (let n = 1; p !== -1; n++) {
    if (n % TOKENS_PER_STEP === 0) yield;
    let e = p + 1;
    while (e < css.length && isIdentChar(css.charCodeAt(e))) e++;
    if (!AT_RULES.has(css.slice(p + 1, e).toLowerCase())) return false;
    p = css.indexOf('@', e);
  }
  return true;
}

/** True when a CSS text (style element, style or presentation attribute) loads and runs nothing. */
export function* safeCssSteps(css: string): Steps<boolean> {
  // Most values (numbers, colours, names) hold none of the characters the checks look for.
  if (!(yield* testSteps(css, ANY_CHECKED, 0))) return true;
  // 'javascript:' is the longest refused text: a piece overlaps the previous one by 10 characters.
  return !(yield* testSteps(css, REFUSED, 10)) && (yield* functionsAllowed(css)) && (yield* atRulesAllowed(css));
}
