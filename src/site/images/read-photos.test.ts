import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { configWith, dom } from '../../../test/helpers/site.js';
import type { ClinicConfigInput } from '../../config/schema.js';
import { renderSite, renderSiteDirect } from '../../pages/render-site.js';
import { memoryAssetSource } from '../asset-source.js';
import { fileText } from '../../model/files.js';
import { buildSiteFiles, problemLines } from '../pipeline.js';
import { forgetPhotosInMemory } from './cache.js';
import { encoderVersion, imageEncodeCount } from './encode.js';
import { readPhotos } from './read-photos.js';
import { cacheKey, sha256 } from './settings.js';
import { claimedSizeJpeg, phonePhoto, plainPhoto } from './testing.js';

/** Photos through the one site pipeline: checked, encoded once, named by content, placed in pages. */
const ENDPOINT = 'https://clinic.example.com/api/contact';
/** The sample clinic without its logo and sample pictures: each test names the files it reads. */
const BASE: Partial<ClinicConfigInput> = { contactEndpoint: ENDPOINT, logoUrl: undefined, photos: {}, localContent: {} };
let HERO: Buffer;
let ROOM: Buffer;
let DOCTOR: Buffer;
beforeAll(async () => {
  [HERO, ROOM, DOCTOR] = await Promise.all([plainPhoto(1700, 900), plainPhoto(900, 600, '#7c2d12'), phonePhoto(500, 400)]);
});

const PHOTOS: Partial<ClinicConfigInput> = {
  ...BASE,
  photos: { hero: { src: '/photos/front.jpg', alt: 'The front desk of the clinic' }, gallery: [{ src: '/photos/room.jpg', alt: 'A treatment room' }] },
  localContent: { team: [{ name: 'Dr. Maria Lopez', credentials: 'MD', photo: { src: '/photos/lopez.jpg', alt: 'Dr. Maria Lopez' } }, { name: 'Sam Lee', credentials: 'RN' }] },
};
const files = () => ({ '/photos/front.jpg': HERO, '/photos/room.jpg': ROOM, '/photos/lopez.jpg': DOCTOR });

async function build(patch: Partial<ClinicConfigInput> = PHOTOS, source = files(), cacheDir?: string) {
  return buildSiteFiles(configWith(patch), memoryAssetSource(source, 'the test folder'), { imageCacheDir: cacheDir });
}

describe('photos through the site pipeline', () => {
  it('puts each photo in <picture> with AVIF and WebP sources and a sized JPEG <img>; only the hero is eager', async () => {
    const r = await build();
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const images = Object.keys(r.files).filter((f) => f.startsWith('images/')).sort();
    // Hero 4 widths, gallery 3 (room is 900 wide: 480, 800, 900), team 2 (upright 400 wide: 320, 400); 3 formats each.
    expect(images).toHaveLength((4 + 3 + 2) * 3);
    for (const f of images) expect(f).toMatch(/^images\/(front|room|lopez)-[0-9a-f]{10}-\d+\.(avif|webp|jpg)$/);

    const home = dom(fileText(r.files['index.html']!));
    const hero = home.querySelector('section picture')!;
    expect(hero.querySelector('source[type="image/avif"]')!.getAttribute('srcset')).toMatch(/^images\/front-[0-9a-f]{10}-480\.avif 480w, .* images\/front-[0-9a-f]{10}-1600\.avif 1600w$/);
    expect(hero.querySelector('source[type="image/webp"]')!.getAttribute('srcset')).toContain('-800.webp 800w');
    const img = hero.querySelector('img')!;
    expect(img.attributes).toMatchObject({ width: '1600', height: '847', alt: 'The front desk of the clinic', loading: 'eager', decoding: 'async', sizes: '(max-width: 639px) 67vw, 100vw' });
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('src')).toMatch(/^images\/front-[0-9a-f]{10}-800\.jpg$/);
    for (const src of [img.getAttribute('src')!, ...img.getAttribute('srcset')!.split(', ').map((s) => s.split(' ')[0]!)]) expect(r.files[src], src).toBeDefined();
    // Preloaded from the head, for AVIF browsers only.
    const preload = home.querySelector('head link[rel="preload"][type="image/avif"]')!;
    expect(preload.getAttribute('imagesrcset')).toBe(hero.querySelector('source[type="image/avif"]')!.getAttribute('srcset'));

    const about = dom(fileText(r.files['about/index.html']!));
    // Every page opens with the hero band (eager, preloaded); the gallery and the team wait.
    const [aboutHero, ...pictures] = about.querySelectorAll('main picture');
    expect(aboutHero!.querySelector('img')!.attributes).toMatchObject({ alt: 'The front desk of the clinic', loading: 'eager' });
    expect(pictures).toHaveLength(2);
    for (const p of pictures) {
      expect(p.querySelectorAll('source').map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
      expect(p.querySelector('img')!.attributes).toMatchObject({ loading: 'lazy', decoding: 'async' });
      // One level down: the about page links the files as ../images/.
      expect(p.querySelector('source')!.getAttribute('srcset')).toMatch(/^\.\.\/images\//);
    }
    expect(about.querySelector('#clinic-photos img')!.attributes).toMatchObject({ alt: 'A treatment room', width: '900', height: '600' });
    expect(about.querySelector('#team img')!.attributes).toMatchObject({ alt: 'Dr. Maria Lopez', width: '400', height: '500' });
    expect(about.querySelectorAll('#team li')[1]!.querySelector('picture')).toBeNull();
    expect(about.querySelector('link[rel="preload"][as="image"][type="image/avif"]')!.getAttribute('imagesrcset')).toMatch(/^\.\.\/images\/front-/);
  });

  it('renders the same bytes through templates as through React, photos included', async () => {
    const config = configWith(PHOTOS);
    const photos = await readPhotos(config, memoryAssetSource(files()));
    if (!photos.ok) throw new Error(JSON.stringify(photos.errors));
    expect(renderSite(config, { photos: photos.photos })).toEqual(renderSiteDirect(config, { photos: photos.photos }));
  });

  it('adds no file and no <picture> for a config without photos', async () => {
    const r = await build(BASE);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(Object.keys(r.files).filter((f) => f.startsWith('images/'))).toEqual([]);
    expect(Object.keys(r.files).filter((f) => f.endsWith('.html') && fileText(r.files[f]!).includes('<picture'))).toEqual([]);
  });

  it.each([
    ['a missing file', {}, 'photos.hero.src: no file /photos/front.jpg in the test folder'],
    ['a text file', { '/photos/front.jpg': 'not a photo' }, 'photos.hero.src: /photos/front.jpg is not a JPG, PNG, WebP or AVIF image'],
    ['a GIF', { '/photos/front.jpg': Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1') }, 'photos.hero.src: /photos/front.jpg is not a JPG, PNG, WebP or AVIF image'],
    ['an iPhone HEIC', { '/photos/front.jpg': Buffer.from('\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic', 'latin1') }, 'photos.hero.src: /photos/front.jpg is a HEIC photo'],
    ['more than 15MB', { '/photos/front.jpg': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(15 * 1024 * 1024)]) }, 'photos.hero.src: /photos/front.jpg is larger than 15MB'],
    ['a damaged JPEG', { '/photos/front.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) }, 'photos.hero.src: /photos/front.jpg could not be read as an image'],
  ])('refuses %s, naming the field', async (_, source: Record<string, string | Uint8Array>, message) => {
    const r = await build({ ...BASE, photos: { hero: { src: '/photos/front.jpg', alt: 'Front' } } }, source as never);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(problemLines('configs/x.yaml', r.errors)[0]).toContain(`configs/x.yaml ${message}`);
  });

  it('refuses a photo of more than 50 megapixels before decoding it', async () => {
    const big = await claimedSizeJpeg(10_000, 6_000);
    const r = await build({ ...BASE, photos: { hero: { src: '/big.jpg', alt: 'Big' } } }, { '/big.jpg': big } as never);
    expect(!r.ok && r.errors).toEqual([{ field: 'photos.hero.src', message: '/big.jpg has 60 megapixels, more than the 50 taken; export it smaller (2,000 to 4,000 pixels wide is plenty)' }]);
  });
});

describe('the photo cache', () => {
  it('encodes a photo once for many cities at once, and not again for a rebuild', async () => {
    forgetPhotosInMemory();
    const hero = await plainPhoto(1000, 700, '#334155');
    const patch = (i: number): Partial<ClinicConfigInput> => ({ city: `Town${String.fromCharCode(65 + i)}`, ...BASE, photos: { hero: { src: '/h.jpg', alt: 'Hero' } } });
    const before = imageEncodeCount();
    const sites = await Promise.all(Array.from({ length: 20 }, (_, i) => build(patch(i), { '/h.jpg': hero } as never)));
    expect(sites.every((s) => s.ok)).toBe(true);
    expect(imageEncodeCount() - before).toBe(1);
    await build(patch(0), { '/h.jpg': hero } as never);
    expect(imageEncodeCount() - before).toBe(1);
  });

  it('keeps encodes on disk: a new process rebuilds without encoding, to the same bytes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-gen-images-'));
    const hero = await plainPhoto(900, 600, '#4d7c0f');
    const source = { '/h.jpg': hero } as never;
    const patch = { ...BASE, photos: { hero: { src: '/h.jpg', alt: 'Hero' } } };
    forgetPhotosInMemory();
    const first = await build(patch, source, dir);
    const encoded = imageEncodeCount();
    expect(readdirSync(dir).filter((f) => /^[0-9a-f]{32}$/.test(f))).toHaveLength(1);
    forgetPhotosInMemory(); // as a new process starts
    const second = await build(patch, source, dir);
    expect(imageEncodeCount()).toBe(encoded);
    expect(second).toEqual(first);
    // Another photo is a new entry: the cache is keyed by content.
    forgetPhotosInMemory();
    await build(patch, { '/h.jpg': await plainPhoto(900, 600, '#9a3412') } as never, dir);
    expect(imageEncodeCount()).toBe(encoded + 1);
  });

  it('waits while another process holds the lock on a photo, then goes on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-gen-images-'));
    const hero = await plainPhoto(600, 400, '#0e7490');
    const lock = join(dir, `${cacheKey(sha256(hero), 'hero', encoderVersion())}.lock`);
    writeFileSync(lock, '');
    forgetPhotosInMemory();
    let done = false;
    const pending = build({ ...BASE, photos: { hero: { src: '/h.jpg', alt: 'Hero' } } }, { '/h.jpg': hero } as never, dir).then((r) => ((done = true), r));
    await new Promise((r) => setTimeout(r, 500));
    expect(done).toBe(false);
    rmSync(lock);
    expect((await pending).ok).toBe(true);
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-gen-images-'));
    const hero = await plainPhoto(600, 400, '#581c87');
    const key = cacheKey(sha256(hero), 'hero', encoderVersion());
    const lock = join(dir, `${key}.lock`);
    writeFileSync(lock, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    forgetPhotosInMemory();
    const r = await build({ ...BASE, photos: { hero: { src: '/h.jpg', alt: 'Hero' } } }, { '/h.jpg': hero } as never, dir);
    expect(r.ok).toBe(true);
    expect(readdirSync(dir)).toEqual([key]);
  });
});
