import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../../src/site/svg-sanitize.js';
import { UPLOAD_CSP } from '../../src/server/admin-api/upload-routes.js';
import { adminTestApp, logoForm } from './helpers.js';

/** Uploaded SVG logos: rebuilt from an allowlist, served inert. */
const HOSTILE = `<?xml version="1.0"?>
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

const FORBIDDEN = [/<script/i, /\bon[a-z]+=/i, /javascript:/i, /data:/i, /foreignObject/i, /<iframe/i, /<image/i, /ENTITY/, /DOCTYPE/i, /evil\.example/, /<animate/, /<set/, /@import/, /passwd/, /namedview/];

describe('sanitizeSvg', () => {
  const out = sanitizeSvg(HOSTILE);

  it('removes script, event handlers, foreign content, external and script URLs, entities and doctype', () => {
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    for (const pattern of FORBIDDEN) expect(out.svg, String(pattern)).not.toMatch(pattern);
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

describe('an uploaded SVG', () => {
  it('is stored sanitized and served inert', async () => {
    const t = adminTestApp();
    const res = await t.request('/api/upload-logo', { method: 'POST', body: logoForm(HOSTILE, 'logo.svg', 'image/svg+xml') });
    const body = (await res.json()) as { success: boolean; logoUrl: string };
    expect(body.success).toBe(true);
    expect(body.logoUrl).toMatch(/\.svg$/);
    const served = await t.request(body.logoUrl);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(served.headers.get('content-security-policy')).toBe(UPLOAD_CSP);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await served.text();
    for (const pattern of FORBIDDEN) expect(text, String(pattern)).not.toMatch(pattern);
    expect(text).toContain('Northstar &amp; Co');
  });

  it('refuses a broken SVG with the reason', async () => {
    const t = adminTestApp();
    const res = await t.request('/api/upload-logo', { method: 'POST', body: logoForm('<svg><g></svg>', 'logo.svg', 'image/svg+xml') });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^The SVG file could not be read \(mismatched closing tag/);
  });
});
