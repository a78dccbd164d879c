import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ROOT, sampleAssets, sampleConfig } from '../../../test/helpers/site.js';
import { memoryAssetSource, type AssetSource } from '../../site/asset-source.js';
import { buildSiteFiles, type SiteResult } from '../../site/pipeline.js';
import { createSiteBuildPool, type SiteBuildPool } from './build-pool.js';
import { generateAnswer } from './generate-site.js';
import { readBrandSite } from '../../brand-site/config.js';
import { makeBrandSite } from '../../brand-site/make.js';
import { SAMPLES } from '../../../test/helpers/site.js';
import { contactEndpointFor } from '../leads/index.js';

/**
 * Sites built on the pool's worker thread (build-pool.ts), loaded from a bundle of the module as the
 * built server loads it: the same files, byte for byte, as buildSiteFiles on this thread, every
 * picture read through this thread's AssetSource, this thread's event loop turning meanwhile, and a
 * bounded queue for the builds requests ask for.
 */
const dir = join(ROOT, 'node_modules/.cache/clinic-gen-test', `build-pool-${process.pid}`);
let bundle: URL;
beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  const out = join(dir, 'build-pool.mjs');
  // Packages stay in node_modules (found from here), as in lib/.
  await build({ entryPoints: [join(import.meta.dirname, 'build-pool.ts')], outfile: out, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' });
  bundle = pathToFileURL(out);
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const pools: SiteBuildPool[] = [];
afterEach(async () => {
  for (const p of pools.splice(0)) await p.close();
});
const pool = (o: Parameters<typeof createSiteBuildPool>[0]) => {
  const p = createSiteBuildPool(o);
  pools.push(p);
  return p;
};

const buildTime = new Date('2026-11-20T15:00:00Z');
const options = (cache: string) => ({ contactEndpoint: 'https://clinic.example.com/api/contact', imageCacheDir: cache, buildTime });

/** Each file as bytes, so a text and its UTF-8 bytes compare equal and nothing else does. */
function bytesOf(r: SiteResult | { ok: true; files: Record<string, string | Uint8Array> }): [string, string][] {
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return Object.entries(r.files).map(([name, c]) => [name, Buffer.from(typeof c === 'string' ? Buffer.from(c) : c).toString('base64')]);
}

/** The sample assets, counting the files the build asks for. */
function counted(source: AssetSource): { source: AssetSource; asked: string[] } {
  const asked: string[] = [];
  return { asked, source: { name: source.name, ...(source.hint ? { hint: source.hint } : {}), read: (p) => (asked.push(p), source.read(p)) } };
}

it('builds a city with photos on the worker: the same files, in the same order, as here; its pictures read through this thread; the loop free meanwhile', async () => {
  const config = sampleConfig('wesley-chapel');
  // Each build encodes its photos afresh, in a cache of its own.
  const hereCache = mkdtempSync(join(dir, 'here-'));
  const poolCache = mkdtempSync(join(dir, 'pool-'));
  const here = await buildSiteFiles(config, sampleAssets(), options(hereCache));
  const p = pool({ workerUrl: bundle });
  const { source, asked } = counted(sampleAssets());
  const building = p.build(config, source, options(poolCache), 'refuse')!;
  // Turns of this thread's event loop while the worker builds (bounded in count).
  let settled = false;
  let turns = 0;
  void building.finally(() => (settled = true));
  while (!settled && turns < 10_000_000) {
    await new Promise((r) => setImmediate(r));
    turns++;
  }
  const there = await building;
  expect(bytesOf(there)).toEqual(bytesOf(here));
  expect(asked).toContain('/images/wesley-chapel/hero.jpg');
  // Encoding a city's photos afresh takes the worker many of this thread's turns.
  expect(turns).toBeGreaterThan(100);
  // The worker stays for the next build (warm): this one is the same again.
  expect(bytesOf((await p.build(config, sampleAssets(), options(poolCache), 'refuse'))!)).toEqual(bytesOf(here));
}, 120_000);

it("makes Generate's answer on the worker: the same JSON text as here, and the same refusal of a bad field", async () => {
  const input = { ...sampleConfig('wesley-chapel'), email: 'x@example.com' };
  const p = pool({ workerUrl: bundle });
  const cache = mkdtempSync(join(dir, 'generate-'));
  const there = await p.generate(input, sampleAssets(), 'https://clinic.example.com', cache, 'refuse')!;
  const here = await generateAnswer(input, sampleAssets(), 'https://clinic.example.com', cache);
  expect(there.ok).toBe(true);
  expect(there).toEqual(here);
  const bad = { ...input, email: 'not-an-email' };
  expect(await p.generate(bad, sampleAssets(), 'https://clinic.example.com', cache, 'refuse')).toEqual(await generateAnswer(bad, sampleAssets(), 'https://clinic.example.com', cache));
}, 120_000);

it('makes the brand site on the worker: the same files as here', async () => {
  const cities = SAMPLES.map((n) => ({ configPath: join(ROOT, 'configs', `${n}.yaml`), config: sampleConfig(n) }));
  const read = readBrandSite(join(ROOT, 'configs/brand/northstar.yaml'), cities);
  if (!read.ok) throw new Error(read.errors.join('; '));
  const cache = mkdtempSync(join(dir, 'brand-'));
  const job = { brand: read.brand, listed: read.listed, brandFile: 'brand.yaml', serverOrigin: 'https://clinic.example.com', imageCacheDir: cache, buildTime };
  const p = pool({ workerUrl: bundle });
  const there = await p.brand(job, sampleAssets(), 'wait')!;
  const here = await makeBrandSite(read.brand, read.listed, {
    assetsOf: () => sampleAssets(),
    brandAssets: sampleAssets(),
    brandFile: 'brand.yaml',
    contactEndpointOf: (city) => contactEndpointFor(city.config.contactEndpoint, 'https://clinic.example.com'),
    imageCacheDir: cache,
    buildTime,
  });
  if (!there.ok || !here.ok) throw new Error(JSON.stringify([there, here].map((r) => !r.ok && r.errors)));
  expect(bytesOf(there)).toEqual(bytesOf(here));
  expect(there.placements).toEqual(here.placements);
  expect(there.warnings).toEqual(here.warnings);
}, 180_000);

it('refuses a build a request asks for when the queue is full, while background builds wait their turn', async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const files = memoryAssetSource({});
  // The first build's logo is read only when the gate opens: it holds the worker.
  const held: AssetSource = { name: 'held', read: async (p) => (await gate, files.read(p)) };
  const config = { ...sampleConfig('tampa'), logoUrl: '/uploads/logo.svg' };
  const p = pool({ workerUrl: bundle, maxRequests: 2 });
  const first = p.build(config, held, options(dir), 'refuse');
  const second = p.build(sampleConfig('tampa'), files, options(dir), 'refuse');
  expect(first).toBeDefined();
  expect(second).toBeDefined();
  expect(p.build(sampleConfig('tampa'), files, options(dir), 'refuse')).toBeUndefined();
  const background = p.build(sampleConfig('tampa'), files, options(dir), 'wait');
  expect(background).toBeDefined();
  expect(p.waiting()).toBe(3);
  release();
  const [a, b, c] = await Promise.all([first, second, background]);
  // The logo it named is not there: the build says so, as it would here.
  expect(a).toMatchObject({ ok: false, errors: [{ field: 'logoUrl' }] });
  expect(b?.ok).toBe(true);
  expect(c?.ok).toBe(true);
  expect(p.waiting()).toBe(0);
  expect(p.build(sampleConfig('tampa'), files, options(dir), 'refuse')).toBeDefined();
}, 120_000);

it('builds here when the worker cannot load, through the same queue', async () => {
  const p = pool({ workerUrl: pathToFileURL(join(dir, 'missing.mjs')) });
  const config = sampleConfig('tampa');
  const there = await p.build(config, memoryAssetSource({}), options(dir), 'refuse')!;
  expect(bytesOf(there)).toEqual(bytesOf(await buildSiteFiles(config, memoryAssetSource({}), options(dir))));
}, 60_000);

it('fails the build a worker that had built sites stopped during (never made again here), and starts another for the next', async () => {
  const dying = join(dir, 'dying.mjs');
  // Answers its first build, stops during its second.
  writeFileSync(dying, "import { parentPort } from 'node:worker_threads';\nlet n = 0;\nparentPort.on('message', () => (n++ === 0 ? parentPort.postMessage({ result: { ok: false, errors: [] } }) : process.exit(1)));\n");
  const p = pool({ workerUrl: pathToFileURL(dying) });
  const build = () => p.build(sampleConfig('tampa'), memoryAssetSource({}), options(dir), 'refuse')!;
  expect(await build()).toEqual({ ok: false, errors: [] });
  await expect(build()).rejects.toThrow(/stopped during this build/);
  expect(p.waiting()).toBe(0);
  expect(await build()).toEqual({ ok: false, errors: [] });
}, 60_000);

it('builds here what a worker that stops before any build held (a bundle that does not run as a worker)', async () => {
  const failing = join(dir, 'failing.mjs');
  writeFileSync(failing, "import { parentPort } from 'node:worker_threads';\nparentPort.postMessage({ ready: true });\nthrow new Error('not a worker');\n");
  const p = pool({ workerUrl: pathToFileURL(failing) });
  const config = sampleConfig('tampa');
  const there = await p.build(config, memoryAssetSource({}), options(dir), 'refuse')!;
  expect(bytesOf(there)).toEqual(bytesOf(await buildSiteFiles(config, memoryAssetSource({}), options(dir))));
}, 60_000);
