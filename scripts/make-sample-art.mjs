#!/usr/bin/env node
// Draws the pictures of the sample clinic configs (configs/*.yaml) from each clinic's brand colour:
// a hero, three rooms for the gallery, an illustrated portrait per team member, and a logo. The
// samples are fictional clinics, so there are no real photos to show; these are drawings made for
// this project (SVG rendered with sharp), committed under configs/images/<city>/, and kept small
// (JPEG quality 75) because the site pipeline encodes its own AVIF/WebP/JPEG variants from them.
//
//   node scripts/make-sample-art.mjs            (every sample config with photos)
//   node scripts/make-sample-art.mjs orlando     (one)
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { parse } from 'yaml';
import { logoSvg, wordmarkSvg } from './sample-art/logo.mjs';
import { palette, seeded } from './sample-art/palette.mjs';
import { portrait } from './sample-art/portraits.mjs';
import { consultationScene, heroScene, labScene, receptionScene } from './sample-art/scenes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const configs = join(root, 'configs');

/** How each sample team member is drawn; anyone else gets the looks in turn. */
const LOOKS = {
  'Dr. Daniel Reyes': { skin: '#c68c63', skinShade: '#a8714c', hair: '#2b2220', style: 'short', beard: true },
  'Karen Whitfield': { skin: '#f1c7a5', skinShade: '#d9a784', hair: '#8a5a35', style: 'bun', glasses: true },
  'Dr. Aaron Patel': { skin: '#a86f4c', skinShade: '#8c5839', hair: '#1d1a19', style: 'side', glasses: true },
  'Luis Ortega': { skin: '#d6a27c', skinShade: '#b9855f', hair: '#2a211d', style: 'short', scrubs: true },
  'Dr. Michelle Grant': { skin: '#7a4e35', skinShade: '#633d28', hair: '#1b1512', style: 'long', shirt: '#f3d9b1' },
};
const OTHERS = Object.values(LOOKS);

const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** An SVG drawing as a JPEG, `width` wide (drawn at its own size, then scaled: flat art stays crisp). */
async function jpeg(svgText, file, width) {
  let image = sharp(Buffer.from(svgText));
  if (width) image = image.resize({ width });
  await image.jpeg({ quality: 75, mozjpeg: true, chromaSubsampling: '4:2:0' }).toFile(file);
}

async function draw(city) {
  const config = parse(await readFile(join(configs, `${city}.yaml`), 'utf8'));
  const p = palette(config.primaryColor ?? '#1d4ed8');
  const rand = seeded([...city].reduce((h, c) => h * 31 + c.charCodeAt(0), 7));
  const out = join(configs, 'images', city);
  await mkdir(out, { recursive: true });
  const jobs = [
    jpeg(heroScene(p, rand), join(out, 'hero.jpg')),
    // Gallery tiles are at most a third of the page: 1000 px covers them on a 2x screen.
    jpeg(receptionScene(p, rand), join(out, 'reception.jpg'), 1000),
    jpeg(consultationScene(p, rand), join(out, 'consultation.jpg'), 1000),
    jpeg(labScene(p, rand), join(out, 'lab.jpg'), 1000),
  ];
  // A config whose logo carries the name gets the wordmark (and its light version for the
  // footer); the others the mark, which the site prints the name beside.
  if (config.logoIncludesName) {
    const png = (light, name) => sharp(Buffer.from(wordmarkSvg(p, config.businessName, light))).png({ compressionLevel: 9, palette: true }).toFile(join(out, name));
    jobs.push(png(false, 'wordmark.png'), png(true, 'wordmark-light.png'));
  } else {
    jobs.push(writeFile(join(out, 'logo.svg'), logoSvg(p)));
  }
  const team = config.localContent?.team ?? [];
  team.forEach((m, i) => jobs.push(jpeg(portrait(p, LOOKS[m.name] ?? OTHERS[i % OTHERS.length]), join(out, `team-${slug(m.name)}.jpg`))));
  await Promise.all(jobs);
  let bytes = 0;
  for (const f of await readdir(out)) bytes += (await stat(join(out, f))).size;
  console.log(`configs/images/${city}/: ${(await readdir(out)).length} files, ${Math.round(bytes / 1024)} KB`);
}

// By default the configs that show pictures (a `photos` field); tampa.yaml is the sample without
// any, showing the designed site a clinic gets before it has photos.
const wanted = process.argv.slice(2);
const all = (await readdir(configs)).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -5));
const cities = wanted.length ? wanted : (await Promise.all(all.map(async (c) => (/^photos:/m.test(await readFile(join(configs, `${c}.yaml`), 'utf8')) ? c : '')))).filter(Boolean);
for (const city of cities) await draw(city);
