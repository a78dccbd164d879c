import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { loadConfigFileSync } from '../../src/config/load.js';
import { configAssetSource } from '../../src/site/asset-source.js';
import { forgetPhotosInMemory } from '../../src/site/images/cache.js';
import { configImageCacheDir } from '../../src/site/images/cache-dir.js';
import { imageEncodeCount } from '../../src/site/images/encode.js';
import { buildSiteFiles } from '../../src/site/pipeline.js';

/**
 * `npm run bench` figures of the photos (docs/decisions/013-photos.md). Budgets: 1,000 cities
 * sharing a hero photo and a logo build in at most 1.3x the time of the same cities without the
 * photo; a warm rebuild encodes no image; the home page at 390 px (HTML and CSS gzipped, font, the
 * hero file the browser picks) transfers at most 150 KB.
 */
export const PHOTO_BUDGETS = { ratio: 1.3, homeKb: 150 } as const;

export interface PhotoBenchOptions {
  /** A scratch folder (on the disk builds use; removed by the caller). */
  dir: string;
  /** bin/clinic-gen.js. */
  bin: string;
  cities?: number;
  /** Where the sites are written: /dev/shm when there is one, so the disk's cost of creating files is not what is measured. */
  outRoot?: string;
}

const WORDS = ['North', 'South', 'East', 'West', 'Lake', 'Palm', 'Cedar', 'Oak', 'Pine', 'River'];
const CONFIG = (i: number, photo: boolean) => `businessName: Harbor Men's Health
city: ${WORDS[i % 10]} ${WORDS[Math.floor(i / 10) % 10]} ${WORDS[Math.floor(i / 100) % 10]} Springs
state: FL
address: 100 Lake Morton Drive
zipCode: "33801"
phone: (863) 555-0110
email: clinic@example.com
domainName: site${i}.example.com
contactEndpoint: https://clinic.example.com/api/contact
logoUrl: /brand/logo.png
hours:
  - days: [Monday, Tuesday, Wednesday, Thursday, Friday]
    opens: "09:00"
    closes: "17:00"
legal:
  governingLaw: Florida
  courts: Polk County
  effectiveDate: "2025-06-01"
${photo ? 'photos:\n  hero: { src: /photos/front.jpg, alt: The front desk of the clinic }\n' : ''}`;

/**
 * A photo-like 2400 x 1600 JPEG of about 1.8 MB: shapes under coarse grain, tuned so AVIF needs
 * as many bytes per pixel as real photos do (0.09-0.11 at 1200 px wide, measured on photos of
 * objects), since a smooth drawing would make the page weight look better than it is.
 */
async function heroPhoto(): Promise<Buffer> {
  const [w, h] = [2400, 1600];
  const shapes = Array.from(
    { length: 300 },
    (_, i) =>
      `<rect x="${(i * 397) % w}" y="${(i * 211) % h}" width="${60 + ((i * 53) % 400)}" height="${40 + ((i * 71) % 300)}" rx="${(i * 13) % 40}" fill="hsl(${(i * 37) % 360},${20 + ((i * 11) % 50)}%,${25 + ((i * 7) % 55)}%)" opacity="0.85"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#20406a"/><stop offset="1" stop-color="#e9dcc6"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  const grain = await sharp({ create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 80 } } }).blur(0.5).png().toBuffer();
  return sharp(Buffer.from(svg)).blur(1.2).composite([{ input: grain, blend: 'soft-light' }]).jpeg({ quality: 85 }).toBuffer();
}

function timeBuild(bin: string, configs: string, out: string): number {
  const t = performance.now();
  const r = spawnSync(process.execPath, [bin, 'build', '--config', configs, '--out', out, '--json', '--contact-endpoint', 'same-origin'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`clinic-gen build failed:\n${r.stderr.slice(0, 2000)}`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Cache entries and their modification times: a warm rebuild must add or touch none. */
function cacheState(dir: string): string {
  if (!existsSync(dir)) return '';
  return readdirSync(dir).map((e) => `${e}:${statSync(join(dir, e)).mtimeMs}`).sort().join('\n');
}

export async function benchPhotos(o: PhotoBenchOptions) {
  const cities = o.cities ?? 1000;
  const root = join(o.dir, 'photos-bench');
  const sets = { plain: join(root, 'plain'), photos: join(root, 'photos') };
  const logo = await sharp({ create: { width: 360, height: 96, channels: 4, background: { r: 29, g: 78, b: 216, alpha: 1 } } }).png().toBuffer();
  const hero = await heroPhoto();
  for (const [name, dir] of Object.entries(sets)) {
    mkdirSync(join(dir, 'brand'), { recursive: true });
    mkdirSync(join(dir, 'photos'), { recursive: true });
    writeFileSync(join(dir, 'brand', 'logo.png'), logo);
    writeFileSync(join(dir, 'photos', 'front.jpg'), hero);
    for (let i = 0; i < cities; i++) writeFileSync(join(dir, `city-${String(i).padStart(4, '0')}.yaml`), CONFIG(i, name === 'photos'));
  }
  const outRoot = o.outRoot ?? join(root, 'out');
  mkdirSync(outRoot, { recursive: true });
  let run = 0;
  const build = (configs: string) => {
    const out = join(outRoot, `run-${run++}`);
    const ms = timeBuild(o.bin, configs, out);
    return { ms, out };
  };
  const cache = configImageCacheDir(join(sets.photos, 'x.yaml'));

  // First builds, every cache empty: the photo's one encode, and what else a first build makes
  // and caches beside the configs (the social cards of every page).
  const coldPlain = build(sets.plain).ms;
  const cold = build(sets.photos).ms;
  const afterCold = cacheState(cache);
  // Taken in turns, so a machine that gets busier or quieter weighs on both alike.
  const plain: number[] = [];
  const warmRuns: { ms: number; out: string }[] = [];
  for (let k = 0; k < 3; k++) {
    plain.push(build(sets.plain).ms);
    warmRuns.push(build(sets.photos));
  }
  const warm = warmRuns.map((r) => r.ms);
  const cacheUntouched = cacheState(cache) === afterCold;

  // In this process, as a new one: every city of the warm set through the pipeline, encodes counted.
  forgetPhotosInMemory();
  const before = imageEncodeCount();
  for (let i = 0; i < cities; i++) {
    const file = join(sets.photos, `city-${String(i).padStart(4, '0')}.yaml`);
    const loaded = loadConfigFileSync(file);
    if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
    const site = await buildSiteFiles(loaded.config, configAssetSource(file), { imageCacheDir: configImageCacheDir(file) });
    if (!site.ok) throw new Error(JSON.stringify(site.errors));
  }
  const warmEncodes = imageEncodeCount() - before;

  const site = join(warmRuns[0]!.out, readdirSync(warmRuns[0]!.out).find((d) => !d.startsWith('.'))!);
  const transfer = await homeTransfer(site);
  const heroFiles = readdirSync(join(site, 'images')).filter((f) => f.startsWith('front-'));
  rmSync(outRoot, { recursive: true, force: true });
  return {
    cities,
    heroBytes: hero.length,
    heroFiles: heroFiles.length,
    plainMs: median(plain),
    coldPlainMs: coldPlain,
    coldMs: cold,
    warmMs: median(warm),
    cacheUntouched,
    warmEncodes,
    transfer,
  };
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.css': 'text/css', '.js': 'text/javascript', '.svg': 'image/svg+xml', '.png': 'image/png', '.avif': 'image/avif', '.webp': 'image/webp', '.jpg': 'image/jpeg', '.woff2': 'font/woff2' };
const TEXT = new Set(['.html', '.css', '.js', '.svg']);

/**
 * What Chromium fetches for the home page at 390 px wide, at 1x, 2x and 3x: text as a host sends
 * it (gzip), fonts and images as they are; the hero file it picked. The contact page's script and
 * lazy images below the fold are not fetched by the home page at first paint, so not counted.
 */
async function homeTransfer(site: string) {
  const server = createServer((req, res) => {
    let file = join(site, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!file.startsWith(site) || !existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const out: { dpr: number; kb: number; parts: Record<string, number>; hero: string }[] = [];
  try {
    for (const dpr of [1, 2, 3]) {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: dpr });
      const got: string[] = [];
      page.on('requestfinished', (r) => got.push(new URL(r.url()).pathname));
      await page.goto(url, { waitUntil: 'networkidle' });
      const hero = await page.$eval('picture img', (i) => (i as HTMLImageElement).currentSrc).catch(() => '');
      const parts: Record<string, number> = {};
      for (const path of new Set(got)) {
        const file = join(site, path.endsWith('/') ? `${path}index.html` : path);
        if (!existsSync(file)) continue;
        const bytes = readFileSync(file);
        const ext = extname(file);
        const size = TEXT.has(ext) ? gzipSync(bytes, { level: 9 }).length : bytes.length;
        const kind = ext === '.html' ? 'html' : ext === '.css' ? 'css' : ext === '.woff2' ? 'font' : path.includes('/images/') ? 'hero' : 'other';
        parts[kind] = (parts[kind] ?? 0) + size;
      }
      const total = Object.values(parts).reduce((a, b) => a + b, 0);
      out.push({ dpr, kb: total / 1024, parts, hero: hero.slice(hero.lastIndexOf('/') + 1) });
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return out;
}
