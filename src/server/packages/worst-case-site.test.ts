import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helpers/cli.js';
import { sampleConfig } from '../../../test/helpers/site.js';
import { PHOTOS_GALLERY_MAX } from '../../config/schema.js';
import { FILE_LIMITS } from '../bundle/names.js';
import { adminTestApp } from '../../../test/helpers/server-app.js';

/**
 * The largest site a config can ask for goes through the admin's Generate and Deploy and is
 * served: every service (a page and a social card each), a hero, the most gallery photos and team
 * portraits the schema takes, each photo as AVIF, WebP and JPEG at every width of its role.
 */

/**
 * A JPEG as grainy as a phone photo taken indoors in dim light (high ISO): fine grain all over is
 * what makes encoded photos large, so this is the hard case for every format. The same bytes every
 * run, so the run's image cache (CLINIC_GEN_CACHE_DIR) encodes it once.
 */
async function detailedPhoto(width: number, height: number, seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed;
  for (let i = 0; i < pixels.length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const base = i % 3 === 0 ? 90 : i % 3 === 1 ? 120 : 160;
    // Grain of up to +-40 levels over a flat colour.
    pixels[i] = Math.max(0, Math.min(255, base + ((x >>> 16) % 81) - 40));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

/** Pictures in a folder standing for the site's root, as configs/ does for the samples: /photos/<name>.jpg. */
async function picturesFolder(): Promise<string> {
  const dir = tempDir('clinic-worst-case-');
  mkdirSync(join(dir, 'photos'));
  const [hero, gallery, portrait] = await Promise.all([detailedPhoto(1600, 1067, 1), detailedPhoto(1200, 800, 2), detailedPhoto(640, 800, 3)]);
  writeFileSync(join(dir, 'photos', 'hero.jpg'), hero);
  // One picture under many names: each name makes its own files (named after it) but is encoded once.
  for (let i = 1; i <= PHOTOS_GALLERY_MAX; i++) writeFileSync(join(dir, 'photos', `room-${i}.jpg`), gallery);
  for (let i = 1; i <= 12; i++) writeFileSync(join(dir, 'photos', `member-${i}.jpg`), portrait);
  return dir;
}

function worstCaseConfig() {
  const base = sampleConfig('tampa');
  const all = { trt: true, semaglutide: true, nadTherapy: true, peptideTherapy: true, vitaminInjections: true, hormone_optimization: true };
  return {
    ...base,
    services: all,
    // Every page in Spanish too (issue 40).
    languages: ['en', 'es'],
    photos: {
      hero: { src: '/photos/hero.jpg', alt: 'The clinic lounge' },
      gallery: Array.from({ length: PHOTOS_GALLERY_MAX }, (_, i) => ({ src: `/photos/room-${i + 1}.jpg`, alt: `Treatment room ${i + 1}` })),
    },
    localContent: {
      ...base.localContent,
      team: Array.from({ length: 12 }, (_, i) => ({
        name: `Dr. Member ${i + 1}`,
        credentials: 'MD',
        role: 'Physician',
        photo: { src: `/photos/member-${i + 1}.jpg`, alt: `Portrait of Dr. Member ${i + 1}` },
      })),
    },
  };
}

describe('the largest site a config can make', () => {
  it('generates, deploys and is served, within the deploy limits', async () => {
    const t = adminTestApp({}, {}, { cityAssetFolders: [await picturesFolder()] });
    const generated = await t.json('POST', '/api/generate-clinic-website', worstCaseConfig());
    expect(generated.status).toBe(200);
    const { files } = (await generated.json()) as { files: Record<string, string> };
    const names = Object.keys(files);
    const bytes = names.reduce((n, f) => n + (/\.(avif|webp|jpg|png|woff2)$/.test(f) ? Buffer.from(files[f]!, 'base64').byteLength : Buffer.byteLength(files[f]!)), 0);
    // 1 hero at 4 widths, 8 gallery photos at 3, 12 portraits at 2, each in 3 formats: 156 photo files.
    expect(names.filter((f) => f.startsWith('images/'))).toHaveLength(3 * (4 + PHOTOS_GALLERY_MAX * 3 + 12 * 2));
    // 220 files (184 in English alone) and about 14 MB (measured): more than the earlier limits
    // (200 files, 12 MB) took, and within half of today's.
    expect(names.length > 200 || bytes > 12 * 1024 * 1024, `${names.length} files, ${bytes} bytes`).toBe(true);
    expect(names.length).toBeLessThanOrEqual(FILE_LIMITS.maxFiles / 2);
    expect(bytes).toBeLessThanOrEqual(FILE_LIMITS.maxTotalBytes / 2);

    const deployed = await t.json('POST', '/api/deploy-website', { city: 'Tampa', businessName: 'Northstar', domainName: 'tampa.example.com', files, deploymentType: 'static' });
    expect([deployed.status, ((await deployed.json()) as { success: boolean }).success]).toEqual([200, true]);
    const about = await (await t.site('/sites/tampa/about/')).text();
    const portrait = /images\/member-12-[0-9a-f]{10}-640\.avif/.exec(about)![0];
    const served = await t.site(`/sites/tampa/${portrait}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/avif']);
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(files[portrait]!, 'base64'))).toBe(true);
  }, 120_000);
});
