import { constants, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { resolveSite } from '../../pages/page-model.js';
import { drawBands } from './draw.js';
import { cardPages } from './headlines.js';
import { cityBand, footBand, headBand, topBand } from './layout.js';
import type { Band } from './png.js';
import { cardFonts } from './text.js';
import { cardTheme } from './theme.js';
import { sampleWithoutPhotos } from './testing.js';

/** A band's rows as stored (filter byte and RGB per row), from its compressed data. */
const rowsOf = (band: Band) => inflateRawSync(band.chunk.subarray(8, band.chunk.length - 4), { finishFlush: constants.Z_SYNC_FLUSH });

describe('drawing bands in their rows with ink only', () => {
  it('gives the pixels of the whole band drawn, for every band, tall accents and descenders, dark and light brands', async () => {
    const site = resolveSite(sampleWithoutPhotos('tampa', { logoUrl: undefined }));
    const fonts = cardFonts(site.config.font);
    for (const colour of [site.brandColor, '#a7f3d0']) {
      const theme = cardTheme(colour);
      const headlines = [...cardPages(site).map((p) => p.headline), 'Über Ångström Éclair Ñandú Québec', 'gjpqy Jy ÉÈÇÀ ÅÖ'];
      const specs = [
        topBand(theme, fonts, { name: site.name, logoIncludesName: false }),
        topBand(theme, fonts, { name: 'Ångström Gjpqy Men’s Health Clinic of the Greater Area', logoIncludesName: false }),
        ...headlines.map((h) => headBand(theme, fonts, h, false)),
        cityBand(theme, fonts, 'Québec Gjy, Ångström'),
        footBand(theme),
      ];
      expect(specs.every((s) => s.ink && s.ink[1] - s.ink[0] < s.y1 - s.y0)).toBe(true);
      const [cropped, whole] = await Promise.all([drawBands(specs, fonts, theme), drawBands(specs.map((s) => ({ ...s, ink: undefined })), fonts, theme)]);
      specs.forEach((s, i) => {
        expect(cropped[i]!.rows, s.svg).toBe(s.y1 - s.y0);
        expect([cropped[i]!.adler, cropped[i]!.rawLength]).toEqual([whole[i]!.adler, whole[i]!.rawLength]);
        if (s.name !== 'foot') expect(Buffer.compare(rowsOf(cropped[i]!), rowsOf(whole[i]!)), s.svg).toBe(0);
      });
    }
  });
});
