/**
 * Test fixtures of the site pipeline, shared by its tests and the server's upload tests. Not
 * imported by production code.
 */

/** An SVG logo with every trick the sanitizer must undo (svg-sanitize.ts), and a drawing to keep. */
export const HOSTILE_SVG = `<?xml version="1.0"?>
<!DOCTYPE svg [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> <!ENTITY boom "&xxe;&xxe;"> ]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 40" onload="alert(1)" width="100">
  <script>alert('script')</script>
  <script xlink:href="https://evil.example/x.js"/>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#1d4ed8"/></linearGradient></defs>
  <rect width="100" height="40" fill="url(#g)" onclick="alert(2)" ONMOUSEOVER="alert(3)"/>
  <a xlink:href="javascript:alert(4)"><text x="5" y="25" fill="#fff">Northstar &amp; Co &xxe;</text></a>
  <a href=" &#106;avascript:alert(5)"><circle r="3"/></a>
  <foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></foreignObject>
  <image href="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDYpPC9zY3JpcHQ+PC9zdmc+"/>
  <use href="https://evil.example/sprite.svg#logo"/>
  <use href="#g"/>
  <animate attributeName="href" to="javascript:alert(7)"/>
  <set attributeName="onmouseover" to="alert(8)"/>
  <style>@import url(https://evil.example/x.css); rect { fill: red }</style>
  <style>.a > .b { fill: blue }</style>
  <path d="M0 0L10 10" style="fill:url(https://evil.example/p)"/>
  <path d="M0 0L20 20" style="fill:#fff;stroke:url(#g)"/>
  <sodipodi:namedview xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"/>
</svg>`;

/** What must not survive sanitizing HOSTILE_SVG. */
export const SVG_FORBIDDEN = [/<script/i, /\bon[a-z]+=/i, /javascript:/i, /data:/i, /foreignObject/i, /<iframe/i, /<image/i, /ENTITY/, /DOCTYPE/i, /evil\.example/, /<animate/, /<set/, /@import/, /passwd/, /namedview/];

/**
 * Hostile SVG uploads that once froze the server (quadratic work in the sanitizer), and the
 * largest inputs each part of it can be given within the 5 MB upload limit.
 */
const MB5 = 5 * 1024 * 1024;
/** `unit` repeated to about `bytes`. */
const fill = (unit: string, bytes = MB5 - 200) => unit.repeat(Math.floor(bytes / unit.length));

/** The two files of the report: 156 KB of nested url( (7 s before), and 60,000 attributes (11 s). */
export const SVG_REPORTED = {
  'nested url( (156 KB)': () => `<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0" style="fill:${'url('.repeat(39_000)}"/></svg>`,
  '60,000 attributes': () => `<svg xmlns="http://www.w3.org/2000/svg"><g ${Array.from({ length: 60_000 }, (_, i) => `a${i}="1"`).join(' ')}/></svg>`,
};

/**
 * Files just under 5 MB that push one part of the reader or the sanitizer to its most work per
 * byte. Each takes 0.1-0.4 s of work on a small shared VM (2 cores).
 */
export const SVG_LARGEST = {
  'nested url( in a style attribute': () => `<svg><path style="fill:${fill('url(')}"/></svg>`,
  'nested url( in a style element': () => `<svg><style>${fill('url(')}</style></svg>`,
  'allowed CSS functions': () => `<svg><style>${fill('rgb(')}</style></svg>`,
  'internal url() references': () => `<svg><style>${fill('fill:url(#a);')}</style></svg>`,
  'character references': () => `<svg><text>${fill('&#x41;')}</text></svg>`,
  'ampersands to escape': () => `<svg><text>${fill('&a')}</text></svg>`,
  'comments between texts': () => `<svg><text>${fill('a<!---->')}</text></svg>`,
  'attributes kept and checked': () =>
    `<svg>${fill('<rect fill="url(#a)" stroke="rgb(1,2,3)" style="fill:url(#b);stroke:red" transform="rotate(3)" x="1" y="2"/>')}</svg>`,
  'elements up to the limit': () => `<svg>${fill('<g></g>', 49_000 * 7)}${fill(' ', MB5 - 49_000 * 7 - 200)}</svg>`,
};

/** The slowest file of SVG_LARGEST that is accepted (the ampersands are refused half-way). */
export const SVG_WORST_CASE = SVG_LARGEST['character references'];
