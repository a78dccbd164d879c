/**
 * Hostile SVG uploads that once froze the server (quadratic work in the sanitizer), and the
 * largest inputs each part of it can be given within the 5 MB upload limit. Test fixtures for
 * svg-sanitize.test.ts and the server's limits test; not imported by production code.
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
