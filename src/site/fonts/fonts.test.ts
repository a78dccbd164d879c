import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ASSETS } from '../../pages/assets.js';
import { FONT_FACES, type WebFontChoice } from './faces.js';
import { fallbackOverrides, LOCAL_FONTS } from './fallback.js';
import { faceMetrics, readPackageFile, webFontPath } from './font-files.js';
import { readMetrics } from './metrics.js';
import { readSfnt } from './sfnt.js';
import { WEB_FONT_FILES } from '../../model/web-fonts.js';

const CHOICES = Object.keys(FONT_FACES) as WebFontChoice[];
const css = ASSETS.css.content;

describe('font files', () => {
  it("reads a WOFF2 web font's metrics (Inter: 2048 units, ascender 1984, descender -494)", () => {
    const font = readSfnt(readPackageFile(FONT_FACES.inter.webFont));
    if (!font.ok) throw new Error(font.error);
    expect(readMetrics(font.tables)).toEqual({ unitsPerEm: 2048, ascent: 1984, descent: -494, lineGap: 0, xWidthAvg: 970 });
  });

  it('says what is wrong with a file that is not a font', () => {
    expect(readSfnt(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({ ok: false, error: 'not a TrueType, OpenType or WOFF2 font' });
    expect(readSfnt(Uint8Array.of(0x77, 0x4f, 0x46, 0x32, 0, 1, 0, 0, 0, 0, 0, 0, 0, 9))).toMatchObject({ ok: false });
  });
});

describe('metric-matched fallback', () => {
  it('scales Arial to Inter as the published overrides do (size-adjust 107.30%, ascent 90.28%, descent 22.48%)', () => {
    const inter = { unitsPerEm: 2048, ascent: 1984, descent: -494, lineGap: 0, xWidthAvg: 970 };
    expect(fallbackOverrides(inter, LOCAL_FONTS[0]!.regular.metrics)).toEqual({
      sizeAdjust: '107.30%',
      ascentOverride: '90.28%',
      descentOverride: '22.48%',
      lineGapOverride: '0.00%',
    });
  });

  it.each(CHOICES)('%s: the stylesheet holds the overrides computed from the shipped font files, regular and bold', (choice) => {
    const face = FONT_FACES[choice];
    const metrics = faceMetrics(face);
    for (const local of LOCAL_FONTS) {
      for (const [weight, mine, theirs] of [
        [400, metrics.regular, local.regular],
        [700, metrics.bold, local.bold],
      ] as const) {
        const o = fallbackOverrides(mine, theirs.metrics);
        const family = `${face.family.replace(/ Variable$/, '')} Fallback${local.suffix}`;
        const rule = css.match(new RegExp(`@font-face\\{font-family:'${family}';font-style:normal;font-weight:${weight};[^}]*\\}`))?.[0];
        expect(rule, `${family} ${weight}`).toBeDefined();
        expect(rule).toContain(`src:${theirs.local.map((n) => `local('${n}')`).join(',')}`);
        expect(rule).toContain(`size-adjust:${o.sizeAdjust};ascent-override:${o.ascentOverride};descent-override:${o.descentOverride}`);
      }
    }
  });
});

describe('the web font in the stylesheet', () => {
  it.each(CHOICES)('%s: one Latin-subset variable WOFF2, named by its content, swapped in', (choice) => {
    const file = WEB_FONT_FILES[choice];
    // A name that no longer matches the file's bytes means build/ is stale: run npm run build.
    expect(file).toBe(webFontPath(choice, readPackageFile(FONT_FACES[choice].webFont)));
    const rule = css.match(new RegExp(`@font-face\\{font-family:'${FONT_FACES[choice].family}';[^}]*\\}`))?.[0] ?? '';
    expect(rule).toContain(`src:url(${basename(file)}) format('woff2')`);
    expect(rule).toContain('font-display:swap');
    expect(rule).toContain(`font-weight:${FONT_FACES[choice].weights}`);
    expect(rule).toMatch(/unicode-range:U\+0000-00FF,/);
    expect(css).toContain(`html[data-font=${choice}]{--font-body:'${FONT_FACES[choice].family}',`);
  });

  it('sets the body in the chosen face, or the device face when none is chosen', () => {
    expect(css).toMatch(/body\{[^}]*font-family:var\(--font-body,ui-sans-serif/);
  });
});
