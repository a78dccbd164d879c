/**
 * Sample logos: a mark (a four-pointed north star on a brand-coloured tile) as SVG, and a
 * wordmark (the mark with the clinic's name beside it) for a config with `logoIncludesName`,
 * drawn dark for the header and light for the dark footer. The wordmark is rendered to PNG so its
 * letters do not depend on the fonts of the visitor's device.
 */
import { svg } from './pieces.mjs';

const STAR = 'M0 -30 L7 -7 L30 0 L7 7 L0 30 L-7 7 L-30 0 L-7 -7 Z';

function mark(p, x, y, size) {
  const s = size / 96;
  return (
    `<g transform="translate(${x} ${y}) scale(${s})">` +
    `<rect width="96" height="96" rx="22" fill="${p.brand}"/>` +
    `<path d="M0 60 Q 48 40 96 66 L96 74 Q 96 96 74 96 L22 96 Q 0 96 0 74 Z" fill="${p.dark}" opacity="0.55"/>` +
    `<path transform="translate(48 46)" d="${STAR}" fill="#ffffff"/>` +
    `<circle cx="48" cy="46" r="4.5" fill="${p.brand}"/>` +
    `</g>`
  );
}

/** The mark alone, 96 x 96: sits beside the clinic name the site prints. */
export function logoSvg(p) {
  return `${svg(96, 96, '', mark(p, 0, 0, 96))}\n`;
}

const escapeXml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The mark and the name, 2x the size the header shows it (about 48 px tall): the first word large,
 * the rest in spaced capitals below. `light` draws it for the dark footer.
 */
export function wordmarkSvg(p, name, light) {
  const [first, ...rest] = name.split(' ');
  const ink = light ? '#ffffff' : '#0f172a';
  const sub = light ? p.soft : p.dark;
  const text =
    `<text x="124" y="62" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="54" fill="${ink}">${escapeXml(first)}</text>` +
    `<text x="127" y="100" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="700" font-size="22" letter-spacing="4" fill="${sub}">${escapeXml(rest.join(' ').toUpperCase())}</text>`;
  return svg(440, 112, '', mark(p, 4, 4, 104) + text);
}
