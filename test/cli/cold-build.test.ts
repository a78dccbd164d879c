import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli, tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';

// Issue 41: a build from an empty cache, one with only the photos' derivatives kept, and one from
// the cache a build filled write the same bytes, every file; each photo is encoded once however
// many cities (and threads) use it. The built binary, as a user runs it: its worker threads, the
// card shapes prepared with the package.

const SAMPLES = ['tampa', 'orlando', 'wesley-chapel'];

/** Twenty-four cities made from the samples (enough for the build's worker threads), and the sample pictures. */
function project() {
  const dir = tempDir();
  const configs = join(dir, 'configs');
  mkdirSync(configs);
  const texts = SAMPLES.map((n) => readFileSync(join(ROOT, 'configs', `${n}.yaml`), 'utf8'));
  for (let i = 0; i < 24; i++) {
    const city = `${['Lake', 'Palm', 'Cedar', 'Oak'][i % 4]} ${['North', 'South', 'East', 'West', 'River', 'Pine'][Math.floor(i / 4)]} Springs`;
    writeFileSync(join(configs, `city-${i}.yaml`), texts[i % 3]!.replace(/^city: .*$/m, `city: ${city}`));
  }
  cpSync(join(ROOT, 'configs/images'), join(configs, 'images'), { recursive: true });
  return { dir, configs };
}

/** The photos the samples show, each file in each role once: what a build from nothing encodes. */
function distinctPhotos(): number {
  const seen = new Set<string>();
  for (const name of SAMPLES) {
    const c = parse(readFileSync(join(ROOT, 'configs', `${name}.yaml`), 'utf8')) as {
      photos?: { hero?: { src: string }; gallery?: { src: string }[] };
      localContent?: { team?: { photo?: { src: string } }[] };
    };
    const file = (src: string) => readFileSync(join(ROOT, 'configs', src)).toString('base64');
    if (c.photos?.hero) seen.add(`hero ${file(c.photos.hero.src)}`);
    for (const g of c.photos?.gallery ?? []) seen.add(`gallery ${file(g.src)}`);
    for (const m of c.localContent?.team ?? []) if (m.photo) seen.add(`team ${file(m.photo.src)}`);
  }
  return seen.size;
}

/** Every file of the sites under a folder (relative path), with its bytes; not the build's manifest beside them. */
function filesOf(root: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const f of readdirSync(root, { recursive: true }) as string[]) {
    const p = join(root, f);
    if (f === '.clinic-gen-build.json') continue;
    if (statSync(p).isFile()) out.set(f, readFileSync(p));
  }
  return out;
}

describe('clinic-gen build from an empty cache, from the photos alone and from a primed cache (issue 41)', () => {
  it('writes the same files byte for byte, and encodes each photo once, on every thread together', { timeout: 240_000 }, () => {
    const { dir, configs } = project();
    const env = (cache: string) => ({ CLINIC_GEN_CACHE_DIR: join(dir, cache), SOURCE_DATE_EPOCH: '1764633600' });
    const build = (cache: string, out: string) => {
      const r = runCli(['build', '--config', configs, '--out', join(dir, out), '--json', '--contact-endpoint', 'same-origin'], { env: env(cache) });
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as { ok: boolean; photosEncoded: number; threads: { main: number; workers: number }; sites: unknown[] };
    };
    const cold = build('cache', 'cold');
    expect(cold.sites).toHaveLength(24);
    // Built on this thread and a worker thread at once, and still each photo encoded once.
    expect(cold.threads.workers).toBeGreaterThan(0);
    expect(cold.photosEncoded).toBe(distinctPhotos());
    // The photos' derivatives alone kept: cards, templates and manifest made again.
    cpSync(join(dir, 'cache/images'), join(dir, 'photos-only/images'), { recursive: true });
    const photosKept = build('photos-only', 'photos-kept');
    const primed = build('cache', 'primed');
    expect([photosKept.photosEncoded, primed.photosEncoded]).toEqual([0, 0]);

    const [a, b, c] = [filesOf(join(dir, 'cold')), filesOf(join(dir, 'photos-kept')), filesOf(join(dir, 'primed'))];
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    expect([...c.keys()].sort()).toEqual([...a.keys()].sort());
    // Pages, photos, cards: every one of them.
    expect([...a.keys()].filter((f) => f.includes('assets/cards/')).length).toBeGreaterThan(24 * 8);
    expect([...a.keys()].filter((f) => /images\/.*\.avif$/.test(f)).length).toBeGreaterThan(0);
    const differ = (x: Map<string, Buffer>) => [...a].filter(([f, bytes]) => !bytes.equals(x.get(f)!)).map(([f]) => f);
    expect(differ(b)).toEqual([]);
    expect(differ(c)).toEqual([]);
  });
});
