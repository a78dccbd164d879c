import { Resvg } from '@resvg/resvg-js';
import { readFileSync } from 'node:fs';
import { constants, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { resolveSite } from '../../pages/page-model.js';
import { drawBands, forgetPieces } from './draw.js';
import { glyphStoreLimit, glyphsFilled } from './glyphs.js';
import { cardPages } from './headlines.js';
import type { LogoFile } from '../logo.js';
import { cardLogo, type CardLogo } from './card-logo.js';
import { cityBand, footBand, headBand, LOGO_HREF, topBand, type BandSpec } from './layout.js';
import { drawShapeMasks, preparedShapes, preparedShapesFile, shapeMasks, SHAPES_KEY } from './shapes.js';
import type { Band } from './png.js';
import { cardFonts, measure } from './text.js';
import { cardTheme } from './theme.js';
import { sampleWithoutPhotos } from './testing.js';

/** A band's rows as stored (filter byte and RGB per row), from its compressed data. */
const rowsOf = (band: Band) => inflateRawSync(band.chunk.subarray(8, band.chunk.length - 4), { finishFlush: constants.Z_SYNC_FLUSH });

const site = resolveSite(sampleWithoutPhotos('tampa', { logoUrl: undefined }));
const fonts = cardFonts(site.config.font);
const STRIDE = 1200 * 3 + 1;

/** The band drawn whole by resvg from its SVG, kerning off (as the layout measures), as stored rows. */
function resvgRows(spec: BandSpec, background: string, logoHref?: string): Buffer {
  const h = spec.y1 - spec.y0;
  let svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="${h}"><rect width="1200" height="${h}" fill="${background}"/>` +
    `<g style="font-kerning:none" transform="translate(0 ${-spec.y0})">${spec.svg}</g></svg>`;
  if (logoHref) svg = svg.replaceAll(LOGO_HREF, logoHref);
  const px = new Resvg(svg, { font: { fontFiles: fonts.files, loadSystemFonts: false, defaultFontFamily: fonts.family }, fitTo: { mode: 'original' } }).render().pixels;
  const out = Buffer.alloc(h * STRIDE);
  for (let y = 0; y < h; y++) for (let x = 0; x < 1200; x++) px.copy(out, y * STRIDE + 1 + x * 3, (y * 1200 + x) * 4, (y * 1200 + x) * 4 + 3);
  return out;
}

/** Pixels of `rows` (stored rows) unlike the band's background, in rows `r0` to `r1` of the band. */
function inkIn(rows: Buffer, r0: number, r1: number): number {
  let n = 0;
  for (let y = r0; y < r1; y++) {
    for (let x = 0; x < 1200; x++) {
      const at = y * STRIDE + 1 + x * 3;
      if (rows[at] !== rows[1] || rows[at + 1] !== rows[2] || rows[at + 2] !== rows[3]) n++;
    }
  }
  return n;
}

describe("a city's own bands, set from glyphs", () => {
  it('draw what resvg draws of the same SVG (within anti-aliasing), dark and light brands, accents and descenders', async () => {
    for (const colour of [site.brandColor, '#a7f3d0']) {
      const theme = cardTheme(colour);
      const specs = [
        cityBand(theme, fonts, 'Doña Ana Gjy, Ångström'),
        cityBand(theme, fonts, `${site.city}, ${site.stateName}`),
        headBand(theme, fonts, 'Revitalize Your Health in São Tomé', true),
        headBand(theme, fonts, 'Über Ångström Éclair Ñandú Québec gjpqy', true),
      ];
      const bands = await drawBands(specs, fonts, theme);
      specs.forEach((spec, i) => {
        const rows = rowsOf(bands[i]!);
        expect(bands[i]!.rows).toBe(spec.y1 - spec.y0);
        const reference = resvgRows(spec, theme.background);
        expect(rows.length).toBe(reference.length);
        let diff = 0;
        for (let k = 0; k < rows.length; k++) diff += Math.abs(rows[k]! - reference[k]!);
        // Glyphs placed to a quarter of a pixel and filled here, not by resvg: a fraction of a level on average.
        expect(diff / rows.length, spec.svg).toBeLessThan(1);
        // Each line's ink is where its baseline says, about as much as resvg's.
        for (const line of spec.texts) {
          const [r0, r1] = [Math.floor(line.baseline - line.size) - spec.y0, Math.ceil(line.baseline + line.size * 0.3) - spec.y0];
          const ink = inkIn(rows, r0, r1);
          expect(ink, line.text).toBeGreaterThan(line.text.length * line.size);
          expect(Math.abs(ink - inkIn(reference, r0, r1)) / ink, line.text).toBeLessThan(0.1);
        }
      });
    }
  });

  it('draw the same pixels every time, whatever was drawn on the same background before', async () => {
    const theme = cardTheme(site.brandColor);
    const specs = ['Tampa', 'Doña Ana', 'Wesley Chapel'].flatMap((city) => [cityBand(theme, fonts, `${city}, Florida`), headBand(theme, fonts, `Men's Health Care in ${city}`, true)]);
    const first = await drawBands(specs, fonts, theme);
    const filled = glyphsFilled();
    // Drawn again from nothing kept but the glyphs (the runs compressed before would answer alone):
    // in another order, then one by one, each after the others were drawn.
    forgetPieces();
    const again = await drawBands([...specs].reverse(), fonts, theme);
    // Each glyph is filled once a process: drawing the same lines again fills none.
    expect(glyphsFilled()).toBe(filled);
    const oneByOne: Band[] = [];
    for (const s of specs) {
      forgetPieces();
      oneByOne.push(...(await drawBands([s], fonts, theme)));
    }
    // And with the runs kept: what a thread draws for its next city.
    const kept = await drawBands(specs, fonts, theme);
    specs.forEach((s, i) => {
      const chunk = first[i]!.chunk;
      expect(Buffer.compare(chunk, again[specs.length - 1 - i]!.chunk), s.svg).toBe(0);
      expect(Buffer.compare(chunk, oneByOne[i]!.chunk), s.svg).toBe(0);
      expect(Buffer.compare(chunk, kept[i]!.chunk), s.svg).toBe(0);
    });
    // And the Adler-32 each band carries is its rows' (a strict decoder checks the card's).
    for (const band of first) expect(band.adler).toBe(adler(rowsOf(band)));
  });

  it('draw every letter when the glyph store fills in the middle of a band', async () => {
    const theme = cardTheme(site.brandColor);
    const spec = headBand(theme, fonts, 'Men’s Health Care in Wesley Chapel', true);
    const whole = await drawBands([spec], fonts, theme);
    try {
      // Room for a few masks only: a band's lines need more, so the store is full before they are painted.
      glyphStoreLimit(5);
      await drawBands([cityBand(theme, fonts, 'Tampa, Florida')], fonts, theme);
      // Painted again, not served from the runs compressed before.
      forgetPieces();
      const tight = await drawBands([spec], fonts, theme);
      expect(Buffer.compare(tight[0]!.chunk, whole[0]!.chunk)).toBe(0);
    } finally {
      glyphStoreLimit(20_000);
    }
  });

  it('draws the accents of a city with them, over the letters, and a character the font lacks as its .notdef', async () => {
    const theme = cardTheme(site.brandColor);
    const [plain, accented, missing] = await drawBands(
      [cityBand(theme, fonts, 'Dona Ana, New Mexico'), cityBand(theme, fonts, 'Doña Ana, New Mexico'), cityBand(theme, fonts, 'Dona ☃ Ana, New Mexico')],
      fonts,
      theme,
    );
    const [a, b] = [rowsOf(plain!), rowsOf(accented!)];
    // The tilde is the only difference, above the n's x-height, over the n.
    const rowsDiffering = new Set<number>();
    const columns = new Set<number>();
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) rowsDiffering.add(Math.floor(k / STRIDE)), columns.add(Math.floor(((k % STRIDE) - 1) / 3));
    expect(rowsDiffering.size).toBeGreaterThan(3);
    const size = 36;
    expect(Math.max(...rowsDiffering) + 470).toBeLessThan(522 - size * 0.5);
    const nAt = 80 + 44 + measure(fonts.regular, 'Do', size);
    expect(Math.min(...columns)).toBeGreaterThanOrEqual(Math.floor(nAt) - 1);
    expect(Math.max(...columns)).toBeLessThanOrEqual(Math.ceil(nAt + measure(fonts.regular, 'n', size)) + 1);
    // The snowman is not in Inter: its .notdef box has ink, and the line runs on as measured.
    expect(inkIn(rowsOf(missing!), 0, 78)).toBeGreaterThan(inkIn(a, 0, 78));
  });
});

describe("every band, shapes and logo included, without resvg's text", () => {
  it('draws what resvg draws of the whole band (within anti-aliasing): the top with the mark or a logo, headlines, the city, the footer, dark and light brands', async () => {
    const wordmark = cardLogo({ name: 'logo.png', content: new Uint8Array(readFileSync('configs/images/orlando/wordmark.png')) } as LogoFile)!;
    const svgLogo = cardLogo({ name: 'logo.svg', content: new Uint8Array(readFileSync('configs/images/wesley-chapel/logo.svg')) } as LogoFile)!;
    for (const colour of [site.brandColor, '#a7f3d0']) {
      const theme = cardTheme(colour);
      const headlines = [...cardPages(site).map((p) => p.headline), 'Über Ångström Éclair Ñandú Québec', 'gjpqy Jy ÉÈÇÀ ÅÖ'];
      const cases: [BandSpec, CardLogo | undefined][] = [
        [topBand(theme, fonts, { name: site.name, logoIncludesName: false }), undefined],
        [topBand(theme, fonts, { name: 'Ångström Gjpqy Men’s Health Clinic of the Greater Area', logoIncludesName: false }), undefined],
        [topBand(theme, fonts, { name: site.name, logo: wordmark, logoIncludesName: true }), wordmark],
        [topBand(theme, fonts, { name: site.name, logo: svgLogo, logoIncludesName: false }), svgLogo],
        ...headlines.map((h): [BandSpec, undefined] => [headBand(theme, fonts, h, false), undefined]),
        [cityBand(theme, fonts, `${site.city}, ${site.stateName}`), undefined],
        [footBand(theme), undefined],
      ];
      for (const [spec, logo] of cases) {
        const [band] = await drawBands([spec], fonts, theme, logo);
        const rows = rowsOf(band!);
        const reference = resvgRows(spec, theme.background, logo && (await logo.href()));
        expect(rows.length, spec.svg).toBe(reference.length);
        let diff = 0;
        let far = 0;
        for (let k = 0; k < rows.length; k++) {
          const d = Math.abs(rows[k]! - reference[k]!);
          diff += d;
          // More than anti-aliasing: a shape or a glyph in the wrong place, a colour not the brand's.
          if (d > 96) far++;
        }
        expect(diff / rows.length, spec.svg).toBeLessThan(1);
        expect(far / rows.length, spec.svg).toBeLessThan(spec.texts.length ? 0.002 : 0.0002);
        // The shapes are there: as many pixels off the background as resvg's.
        const ink = inkIn(rows, 0, spec.y1 - spec.y0);
        expect(ink, spec.svg).toBeGreaterThan(0);
        expect(Math.abs(ink - inkIn(reference, 0, spec.y1 - spec.y0)) / ink, spec.svg).toBeLessThan(0.1);
      }
    }
  });

  it('paints the shapes from the masks prepared with the package, which are what resvg draws of them now', () => {
    const prepared = JSON.parse(readFileSync(preparedShapesFile(), 'utf8')) as { key: string };
    expect(prepared.key).toBe(SHAPES_KEY);
    expect(readFileSync(preparedShapesFile(), 'utf8')).toBe(preparedShapes(drawShapeMasks()));
    const masks = shapeMasks();
    // The pin where the city line starts, the footer's pulse across the card, plates' ends 24 px wide.
    expect([masks.pin.left, masks.pin.top]).toEqual([86, 492]);
    expect(masks.footPulse.width).toBe(1200);
    expect([masks.plateLeft.width, masks.plateRight.width, masks.plateLeft.height]).toEqual([24, 24, 112]);
  });
});

function adler(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const v of bytes) {
    a = (a + v) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}
