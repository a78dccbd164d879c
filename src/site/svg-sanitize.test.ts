import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './svg-sanitize.js';
import { HOSTILE_SVG, SVG_FORBIDDEN } from './testing.js';

/** SVG logos are rebuilt from an allowlist: every trick in HOSTILE_SVG is gone, the drawing stays. */
describe('sanitizeSvg', () => {
  const out = sanitizeSvg(HOSTILE_SVG);

  it('removes script, event handlers, foreign content, external and script URLs, entities and doctype', () => {
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    for (const pattern of SVG_FORBIDDEN) expect(out.svg, String(pattern)).not.toMatch(pattern);
  });

  it('keeps the drawing: shapes, gradients, internal references, text and safe styles', () => {
    if (!out.ok) throw new Error(out.error);
    expect(out.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 100 40" width="100">/);
    expect(out.svg).toContain('<rect width="100" height="40" fill="url(#g)"/>');
    expect(out.svg).toContain('<text x="5" y="25" fill="#fff">Northstar &amp; Co </text>');
    expect(out.svg).toContain('<use href="#g"/>');
    expect(out.svg).toContain('<style>.a &gt; .b { fill: blue }</style>');
    expect(out.svg).toContain('style="fill:#fff;stroke:url(#g)"');
    expect(out.svg).toContain('<circle r="3"/>');
  });

  it('reads its own output back unchanged', () => {
    if (!out.ok) throw new Error(out.error);
    expect(sanitizeSvg(out.svg)).toEqual(out);
  });

  it.each([
    ['not well-formed', '<svg><g></svg>'],
    ['two roots', '<svg></svg><svg></svg>'],
    ['no svg root', '<html></html>'],
    ['unterminated', '<svg><!-- x'],
  ])('refuses %s', (_, text) => {
    expect(sanitizeSvg(text).ok).toBe(false);
  });
});
