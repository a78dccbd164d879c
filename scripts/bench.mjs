#!/usr/bin/env node
// `npm run bench`: measures the budgets of the issues on this machine and prints the figures.
// A script, not a timed test: figures vary with the machine, budgets are checked by eye and noted.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
// As bin/clinic-gen.js does: the TypeScript parts below load React from node_modules, which picks
// its production build from NODE_ENV (esbuild's define reaches only the bundled code).
process.env.NODE_ENV ??= 'production';
// The benches measure the image caches beside their own configs, cold and warm: a cache shared
// through CLINIC_GEN_CACHE_DIR (src/site/images/cache-dir.ts) would make every cold run warm.
delete process.env.CLINIC_GEN_CACHE_DIR;
const bin = join(root, 'bin/clinic-gen.js');
// Under dist/ (ignored by git): where a user's build writes. On this machine /tmp sits behind a
// much slower file system layer, which would measure that layer instead of clinic-gen.
mkdirSync(join(root, 'dist'), { recursive: true });
const tmp = mkdtempSync(join(root, 'dist', '.bench-'));
const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const row = (what, value, budget) => console.log(`${what.padEnd(64)} ${String(value).padStart(12)}   budget ${budget}`);

/**
 * Runs the CLI as `npx clinic-gen` and an installed `clinic-gen` do: the bin file itself, through
 * its #! line, not `node bin/clinic-gen.js`.
 */
function timeRun(args, env = {}) {
  const t = process.hrtime.bigint();
  const r = spawnSync(bin, args, { encoding: 'utf8', env: { ...process.env, ...env } });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`clinic-gen ${args.join(' ')} failed:\n${r.stderr}`);
  return { ms, stdout: r.stdout };
}

console.log(`clinic-gen bench on ${process.platform} ${process.arch}, node ${process.version}, ${(await import('node:os')).availableParallelism()} cores\n`);

if (want('build')) {
  // Issues 25 and 41: what a build costs with its caches primed, with the photos' derivatives kept
  // and everything else empty (cards, templates; a new output folder, so no manifest either: the
  // work a city costs, issue 41 item 1), and completely empty (item 3); the photos' derivatives
  // against sharp making them directly (item 2); rebuilds; and the floor of writing the same bytes.
  // Written under /dev/shm when there is one: this VM's disk took 7 to 25 s for the same primed
  // build from one run to the next (writeback of the runs before), which measured the disk, not
  // clinic-gen; the figures of issue 25 were taken on it.
  const base = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/clinic-gen-bench-') : mkdtempSync(join(tmp, 'build-'));
  console.log(`build: output and caches under ${base}`);
  const caches = join(base, 'caches');
  const cacheOf = (name) => ({ CLINIC_GEN_CACHE_DIR: join(caches, name) });
  let fresh = 0;
  /** An empty cache folder of its own, or one holding only the photos' derivatives of `from`. */
  const emptyCache = () => cacheOf(`empty-${fresh++}`);
  const photosOnly = (from) => {
    const env = cacheOf(`photos-${fresh++}`);
    // A city without photos (Tampa) has none to keep: its cache starts empty.
    if (existsSync(join(caches, from, 'images'))) cpSync(join(caches, from, 'images'), join(env.CLINIC_GEN_CACHE_DIR, 'images'), { recursive: true });
    return env;
  };
  let outs = 0;
  const outDir = () => join(base, `out-${outs++}`);
  const build = (config, env, out = outDir()) => {
    const { ms, stdout } = timeRun(['build', '--config', config, '--out', out, '--json', '--contact-endpoint', 'same-origin'], env);
    return { ms, out, report: JSON.parse(stdout) };
  };
  const mid = (runs) => [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)];
  const peak = (runs) => `${Math.max(...runs.map((r) => r.report.maxRssKb / 1024)).toFixed(0)} MB`;
  const gone = (runs) => runs.forEach((r) => rmSync(r.out, { recursive: true, force: true }));

  // 1,000 cities in one run: configs made from the samples with other city names, in English only
  // (the workload of issues 25 and 41; the samples publish Spanish since issue 40, which
  // `npm run bench -- spanish` measures).
  const dir = join(base, 'configs');
  mkdirSync(dir);
  const samples = ['tampa', 'orlando', 'wesley-chapel'].map((n) => readFileSync(join(root, 'configs', `${n}.yaml`), 'utf8').replace(/^languages: .*\n/m, ''));
  const words = ['North', 'South', 'East', 'West', 'Lake', 'Palm', 'Cedar', 'Oak', 'Pine', 'River'];
  const configFile = (i) => join(dir, `city-${String(i).padStart(4, '0')}.yaml`);
  for (let i = 0; i < 1000; i++) {
    const name = `${words[i % 10]} ${words[Math.floor(i / 10) % 10]} ${words[Math.floor(i / 100) % 10]} Springs`;
    writeFileSync(configFile(i), samples[i % 3].replace(/^city: .*$/m, `city: ${name}`).replace(/^domainName: .*$/m, `domainName: site${i}.example.com`));
  }
  // The pictures the samples name (/images/orlando/hero.jpg is images/orlando/hero.jpg beside the configs).
  cpSync(join(root, 'configs', 'images'), join(dir, 'images'), { recursive: true });

  // Five rounds, each kind once a round, so that all meet the machine in the same state.
  // One city: Tampa in English only, as the 1,000 are (issue 25's one city), and Orlando as shipped
  // (English and Spanish, a logo, photos).
  const oneDir = join(base, 'one');
  mkdirSync(oneDir);
  writeFileSync(join(oneDir, 'tampa.yaml'), readFileSync(join(root, 'configs/tampa.yaml'), 'utf8').replace(/^languages: .*\n/m, ''));
  const cityConfigs = { 'tampa, English only': join(oneDir, 'tampa.yaml'), 'orlando, English and Spanish': join(root, 'configs/orlando.yaml') };
  const prime = build(dir, cacheOf('many'));
  gone([prime]);
  const cacheName = (name) => `one-${name.split(',')[0]}`;
  for (const [name, path] of Object.entries(cityConfigs)) gone([build(path, cacheOf(cacheName(name)))]);
  const many = { primed: [], cityCold: [], cold: [] };
  const one = Object.fromEntries(Object.keys(cityConfigs).map((n) => [n, { primed: [], cityCold: [], cold: [] }]));
  for (let k = 0; k < 5; k++) {
    many.primed.push(build(dir, cacheOf('many')));
    many.cityCold.push(build(dir, photosOnly('many')));
    many.cold.push(build(dir, emptyCache()));
    gone([many.primed.at(-1), many.cityCold.at(-1), many.cold.at(-1)]);
    for (const [name, path] of Object.entries(cityConfigs)) {
      const runs = one[name];
      runs.primed.push(build(path, cacheOf(cacheName(name))));
      runs.cityCold.push(build(path, photosOnly(cacheName(name))));
      runs.cold.push(build(path, emptyCache()));
    }
  }
  const [p, c, f] = [mid(many.primed), mid(many.cityCold), mid(many.cold)];
  const encoded = many.cold.map((r) => r.report.photosEncoded).join('/');
  row(`build ${p.report.sites.length} cities, primed cache, wall (median of 5)`, `${p.ms.toFixed(0)} ms`, 'context');
  row('  photos kept, all else empty (cards, templates, manifest): wall', `${c.ms.toFixed(0)} ms = ${(c.ms / p.ms).toFixed(2)}x primed`, '<= 1.3x primed');
  row('  completely empty cache (photos too): wall', `${f.ms.toFixed(0)} ms = ${(f.ms / p.ms).toFixed(2)}x primed`, 'context (issue 41 item 3)');
  row(`  photos encoded: completely empty / photos kept / primed (each run)`, `${encoded} / ${many.cityCold.map((r) => r.report.photosEncoded).join('/')} / ${many.primed.map((r) => r.report.photosEncoded).join('/')}`, 'each photo once');
  row('  peak memory (max RSS, highest of 5): primed / photos kept', `${peak(many.primed)} / ${peak(many.cityCold)}`, '<= 250 MB each');
  row('  peak memory, completely empty cache (sharp encoding: see below)', peak(many.cold), 'context');
  for (const [name, runs] of Object.entries(one)) {
    const [op, oc, of] = [mid(runs.primed), mid(runs.cityCold), mid(runs.cold)];
    row(`build one city (${name}), whole process, primed cache (median of 5)`, `${op.ms.toFixed(0)} ms`, 'context');
    row('  photos kept, all else empty', `${oc.ms.toFixed(0)} ms = ${(oc.ms / op.ms).toFixed(2)}x primed`, '<= 1.3x primed');
    row('  completely empty cache', `${of.ms.toFixed(0)} ms = ${(of.ms / op.ms).toFixed(2)}x primed`, 'context');
    for (const kind of ['primed', 'cityCold', 'cold']) gone(runs[kind]);
  }

  // Item 2: the sample configs' photos (every distinct photo in each role) made into every
  // derivative by a build of the samples (its completely cold build less the same build with the
  // derivatives kept), and by sharp itself, every derivative at once on all cores, in turns.
  const { photoJobs } = await importTs('scripts/bench/photo-jobs.ts');
  const samplePaths = ['tampa', 'orlando', 'wesley-chapel'].map((n) => join(root, 'configs', `${n}.yaml`));
  const jobsFile = join(base, 'photo-jobs.json');
  const jobs = await photoJobs(samplePaths);
  writeFileSync(jobsFile, JSON.stringify({ jobs }));
  const sampleDir = join(root, 'configs');
  gone([build(sampleDir, cacheOf('samples'))]);
  const direct = [];
  const samplesCold = [];
  const samplesKept = [];
  for (let k = 0; k < 5; k++) {
    const t = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [join(root, 'scripts/bench/sharp-direct.mjs'), jobsFile], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`sharp-direct failed:\n${r.stderr}`);
    direct.push({ ms: Number(process.hrtime.bigint() - t) / 1e6, inner: JSON.parse(r.stdout) });
    samplesCold.push(build(sampleDir, emptyCache()));
    samplesKept.push(build(sampleDir, photosOnly('samples')));
    gone([samplesCold.at(-1), samplesKept.at(-1)]);
  }
  const derivatives = direct[0].inner.files;
  const photoMs = [0, 1, 2, 3, 4].map((k) => samplesCold[k].ms - samplesKept[k].ms);
  const [d, pm] = [mid(direct).ms, [...photoMs].sort((x, y) => x - y)[2]];
  row(`photos: ${jobs.length} photos x role, ${derivatives} derivatives, by sharp directly on all cores (process, median of 5)`, `${d.toFixed(0)} ms`, 'context');
  row('  by a build of the samples: completely empty less photos kept (median of 5)', `${pm.toFixed(0)} ms = ${(pm / d).toFixed(2)}x sharp`, '<= 1.15x sharp');
  row('  the same at 1,000 cities: completely empty less photos kept (medians)', `${(f.ms - c.ms).toFixed(0)} ms = ${((f.ms - c.ms) / d).toFixed(2)}x sharp`, 'context');
  row('  photos encoded by each sample build from empty', samplesCold.map((r) => r.report.photosEncoded).join('/'), `${jobs.length} each`);

  // Rebuilds of a build, as an operator makes them after one: nothing changed, then one config
  // changed a run (its phone number), each time another city; and the write floor.
  const target = outDir();
  build(dir, cacheOf('many'), target);
  const same = [0, 1, 2].map(() => build(dir, cacheOf('many'), target));
  const changed = [0, 1, 2].map((k) => {
    const file = configFile(100 + k);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^phone: .*$/m, `phone: "(813) 555-01${String(10 + k)}"`));
    return build(dir, cacheOf('many'), target);
  });
  const floor = [0, 1, 2].map((k) => writeFloor(target, join(base, `floor-${k}`)));
  const size = outputSize(target);
  const [u, o, w] = [mid(same), mid(changed), mid(floor)];
  row(`  written: ${size.files.toLocaleString('en-US')} files (${size.links.toLocaleString('en-US')} more hard links), bytes`, `${(size.bytes / 1e6).toFixed(1)} MB`, 'context');
  row('  the same bytes written by a plain loop (the write floor, median of 3)', `${w.ms.toFixed(0)} ms = primed / ${(p.ms / w.ms).toFixed(2)}`, 'primed <= 1.3x floor');
  row('rebuild with nothing changed, wall (median of 3)', `${u.ms.toFixed(0)} ms = ${((u.ms / p.ms) * 100).toFixed(0)}% of full`, '<= 10% of full');
  row('rebuild with one config changed, wall (median of 3)', `${o.ms.toFixed(0)} ms`, '<= 300 ms');
  row('  said', o.report.summary ?? JSON.stringify(o.report.counts ?? {}), 'context');
  rmSync(base, { recursive: true, force: true });
}

if (want('spanish')) {
  // Issue 40: 1,000 cities with Spanish pages for every one (twice the pages) against the same
  // 1,000 in English only, each with its own primed cache, in turns (three rounds, medians).
  const samples = ['tampa', 'orlando', 'wesley-chapel'].map((n) => readFileSync(join(root, 'configs', `${n}.yaml`), 'utf8').replace(/^languages: .*\n/m, ''));
  const words = ['North', 'South', 'East', 'West', 'Lake', 'Palm', 'Cedar', 'Oak', 'Pine', 'River'];
  const dirs = { en: join(tmp, 'configs-en'), es: join(tmp, 'configs-es') };
  for (const [lang, dir] of Object.entries(dirs)) {
    mkdirSync(dir);
    for (let i = 0; i < 1000; i++) {
      const name = `${words[i % 10]} ${words[Math.floor(i / 10) % 10]} ${words[Math.floor(i / 100) % 10]} Springs`;
      const yaml = samples[i % 3].replace(/^city: .*$/m, `city: ${name}`).replace(/^domainName: .*$/m, `domainName: site${i}.example.com`);
      writeFileSync(join(dir, `city-${String(i).padStart(4, '0')}.yaml`), `${yaml.trimEnd()}\nlanguages: ${lang === 'es' ? '[en, es]' : '[en]'}\n`);
    }
    cpSync(join(root, 'configs', 'images'), join(dir, 'images'), { recursive: true });
  }
  const run = (lang, out) => {
    const { ms, stdout } = timeRun(['build', '--config', dirs[lang], '--out', out, '--json', '--contact-endpoint', 'same-origin'], { CLINIC_GEN_CACHE_DIR: join(tmp, 'caches', `lang-${lang}`) });
    return { ms, report: JSON.parse(stdout) };
  };
  run('en', join(tmp, 'lang-en-prime'));
  run('es', join(tmp, 'lang-es-prime'));
  const en = [];
  const es = [];
  for (const k of [0, 1, 2]) {
    en.push(run('en', join(tmp, `lang-en-${k}`)));
    es.push(run('es', join(tmp, `lang-es-${k}`)));
  }
  const mid = (runs) => [...runs].sort((a, b) => a.ms - b.ms)[1];
  const [e, s] = [mid(en), mid(es)];
  const pages = (dir) => readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.html')).length;
  row('1,000 cities in English only, primed cache, wall (median of 3)', `${e.ms.toFixed(0)} ms`, 'context');
  row('the same 1,000 with Spanish pages too, wall (median of 3)', `${s.ms.toFixed(0)} ms = ${(s.ms / e.ms).toFixed(2)}x`, '<= 2.1x (issue 40: twice the pages)');
  row('  pages written: English only / with Spanish', `${pages(join(tmp, 'lang-en-0')).toLocaleString('en-US')} / ${pages(join(tmp, 'lang-es-0')).toLocaleString('en-US')}`, 'context');
  row('  peak memory (max RSS): English only / with Spanish', `${(e.report.maxRssKb / 1024).toFixed(0)} / ${(s.report.maxRssKb / 1024).toFixed(0)} MB`, 'context');
}

if (want('brand')) {
  // Issue 24: the brand site with 1,000 locations against the same 1,000 cities built as
  // stand-alone sites, in turns, each into a new folder with the cache primed (medians of 3); and
  // the locator's ZIP table shipped for one state, gzipped.
  const dir = join(tmp, 'brand-configs');
  mkdirSync(dir);
  const samples = ['tampa', 'orlando', 'wesley-chapel'].map((n) => readFileSync(join(root, 'configs', `${n}.yaml`), 'utf8'));
  const words = ['North', 'South', 'East', 'West', 'Lake', 'Palm', 'Cedar', 'Oak', 'Pine', 'River'];
  for (let i = 0; i < 1000; i++) {
    const name = `${words[i % 10]} ${words[Math.floor(i / 10) % 10]} ${words[Math.floor(i / 100) % 10]} Springs`;
    writeFileSync(join(dir, `city-${String(i).padStart(4, '0')}.yaml`), samples[i % 3].replace(/^city: .*$/m, `city: ${name}`).replace(/^domainName: .*$/m, `domainName: site${i}.example.com`));
  }
  cpSync(join(root, 'configs', 'images'), join(dir, 'images'), { recursive: true });
  const brand = join(tmp, 'brand.yaml');
  writeFileSync(brand, "businessName: Northstar Men's Health\ndomainName: northstarhealth.example.com\nlegal:\n  governingLaw: Florida\n  effectiveDate: '2024-01-01'\n  email: privacy@northstarhealth.example.com\n");
  const env = { CLINIC_GEN_CACHE_DIR: join(tmp, 'caches', 'brand') };
  const run = (args, out) => JSON.parse(timeRun(['build', '--config', dir, '--out', out, '--json', ...args, '--contact-endpoint', 'same-origin'], env).stdout);
  const timed = (args, out) => {
    const t = process.hrtime.bigint();
    const report = run(args, out);
    return { ms: Number(process.hrtime.bigint() - t) / 1e6, report };
  };
  timed([], join(tmp, 'brand-prime'));
  const alone = [];
  const site = [];
  for (let k = 0; k < 3; k++) {
    alone.push(timed([], join(tmp, `alone-${k}`)));
    site.push(timed(['--site', brand], join(tmp, `brand-${k}`)));
  }
  const mid = (runs) => [...runs].sort((a, b) => a.ms - b.ms)[1];
  const [a, b] = [mid(alone), mid(site)];
  row('1,000 cities as stand-alone sites, primed cache, wall (median of 3)', `${a.ms.toFixed(0)} ms`, 'context');
  row('the brand site with the same 1,000 locations, wall (median of 3)', `${b.ms.toFixed(0)} ms = ${(b.ms / a.ms).toFixed(2)}x`, '<= 0.6x stand-alone (issue 36: fewer pages)');
  const [bytesAlone, bytesBrand] = [writtenBytes(join(tmp, 'alone-0')), writtenBytes(join(tmp, 'brand-0'))];
  row('  bytes written (a file hard-linked twice counted once): stand-alone / brand site', `${(bytesAlone / 1e6).toFixed(1)} / ${(bytesBrand / 1e6).toFixed(1)} MB = ${(bytesBrand / bytesAlone).toFixed(2)}x`, '<= 0.4x');
  row('  peak memory (max RSS): stand-alone / brand site', `${(a.report.maxRssKb / 1024).toFixed(0)} / ${(b.report.maxRssKb / 1024).toFixed(0)} MB`, 'context');
  row('  brand site: its own files (home, directory, states, sitemap...)', String(b.report.site.pages), 'context');
  const again = timed(['--site', brand], join(tmp, 'brand-2'));
  row('  brand site rebuilt with nothing changed, wall', `${again.ms.toFixed(0)} ms (${again.report.counts.unchanged} unchanged)`, 'context');
  const zips = readdirSync(join(tmp, 'brand-2', 'assets')).find((f) => /^zips\.[0-9a-f]{10}\.txt$/.test(f));
  const bytes = readFileSync(join(tmp, 'brand-2', 'assets', zips));
  row('the ZIP table shipped for one state (Florida), gzipped', `${(gzipSync(bytes).length / 1024).toFixed(1)} KB (${(bytes.length / 1024).toFixed(0)} KB raw)`, '<= 60 KB');
  const national = readFileSync(join(tmp, 'brand-2', 'assets', readdirSync(join(tmp, 'brand-2', 'assets')).find((f) => /^zips-us\.[0-9a-f]{10}\.txt$/.test(f))));
  row('  the national ZIP table, loaded only for a ZIP outside the listed states, gzipped', `${(gzipSync(national).length / 1024).toFixed(1)} KB (${(national.length / 1024).toFixed(0)} KB raw)`, 'context');
}

/**
 * Issue 25's write floor: the files of a built output written again into `to` by a plain loop,
 * the contents read into memory first (not timed), a file shared by hard link linked again (as
 * the build does), in a node process of its own (its start included, as a build's is).
 */
function writeFloor(from, to) {
  const script = `
    const fs = require('node:fs'); const path = require('node:path');
    const [from, to] = process.argv.slice(1);
    const entries = [];
    const walk = (rel) => { for (const e of fs.readdirSync(path.join(from, rel), { withFileTypes: true })) {
      const r = path.join(rel, e.name);
      if (e.isDirectory()) { entries.push({ dir: r }); walk(r); }
      else { const st = fs.statSync(path.join(from, r)); entries.push({ file: r, ino: st.ino, nlink: st.nlink, bytes: fs.readFileSync(path.join(from, r)) }); } } };
    walk('');
    const t = process.hrtime.bigint();
    fs.mkdirSync(to);
    const first = new Map();
    for (const e of entries) {
      if (e.dir) { fs.mkdirSync(path.join(to, e.dir)); continue; }
      const at = path.join(to, e.file);
      const seen = e.nlink > 1 && first.get(e.ino);
      if (seen) fs.linkSync(seen, at); else { fs.writeFileSync(at, e.bytes); if (e.nlink > 1) first.set(e.ino, at); }
    }
    process.stdout.write(String(Number(process.hrtime.bigint() - t) / 1e6));`;
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['-e', script, from, to], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`write floor failed:\n${r.stderr}`);
  // The loop's own time plus node's start, as the builds above count theirs (reading the source
  // files into memory first is left out).
  const whole = Number(process.hrtime.bigint() - t) / 1e6;
  const loop = Number(r.stdout);
  return { ms: loop + Math.min(whole - loop, 60) };
}

/** Files, extra hard links and bytes of distinct files under a folder. */
function outputSize(dir) {
  const seen = new Set();
  let files = 0;
  let links = 0;
  let bytes = 0;
  for (const f of readdirSync(dir, { recursive: true })) {
    const st = statSync(join(dir, String(f)));
    if (!st.isFile()) continue;
    if (seen.has(st.ino)) {
      links++;
      continue;
    }
    seen.add(st.ino);
    files++;
    bytes += st.size;
  }
  return { files, links, bytes };
}

if (want('weight')) {
  const site = join(tmp, 'weight');
  execFileSync(process.execPath, [bin, 'build', '--config', join(root, 'configs/tampa.yaml'), '--out', site, '-q', '--contact-endpoint', 'same-origin']);
  const css = readdirSync(join(site, 'assets')).find((f) => f.endsWith('.css'));
  const js = readdirSync(join(site, 'assets')).find((f) => f.endsWith('.js'));
  const gz = (f) => gzipSync(readFileSync(join(site, f)), { level: 9 }).length;
  const home = gz('index.html') + gz(`assets/${css}`);
  row('home page HTML + CSS, gzipped', `${(home / 1024).toFixed(1)} KB`, '<= 20 KB');
  const homeHtml = readFileSync(join(site, 'index.html'), 'utf8');
  row('home page scripts (other than JSON-LD)', (homeHtml.match(/<script(?![^>]*application\/ld\+json)/g) ?? []).length, '0');
  row('contact page JavaScript, gzipped', `${(gz(`assets/${js}`) / 1024).toFixed(1)} KB`, '<= 60 KB');
  const contact = readFileSync(join(site, 'contact/index.html'), 'utf8');
  row('contact page render-blocking scripts', (contact.match(/<script(?![^>]*(type="module"|application\/ld\+json|async|defer))/g) ?? []).length, '0');
}

/**
 * Benchmarks written in TypeScript (scripts/bench/, outside src/ so they never reach the package):
 * bundled here with esbuild (packages stay in node_modules) and imported.
 */
async function importTs(entry) {
  const esbuild = await import('esbuild');
  const outfile = join(root, 'node_modules/.cache/clinic-gen-bench', entry.replace(/[/.]/g, '_') + '.mjs');
  await esbuild.build({ entryPoints: [join(root, entry)], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', jsx: 'automatic', logLevel: 'warning', define: { 'process.env.NODE_ENV': '"production"' } });
  return import(outfile);
}

if (want('server')) {
  const { benchServer } = await importTs('scripts/bench/server.ts');
  const r = await benchServer({ configPath: join(root, 'configs/wesley-chapel.yaml'), duration: 10 });
  row('server: page GET, requests per second', Math.round(r.pageGet.rps), '>= 5,000');
  // Issue 26: the access log written as production writes it (a line a request, synchronously),
  // in turns with the log off. Metrics are always on; against the release before them, run the
  // older commit's `npm run bench -- server` in turns with this one.
  const logged = [];
  const quiet = [];
  for (let k = 0; k < 3; k++) {
    logged.push((await benchServer({ configPath: join(root, 'configs/wesley-chapel.yaml'), duration: 5, logFile: join(tmp, 'server.log') })).pageGet.rps);
    quiet.push((await benchServer({ configPath: join(root, 'configs/wesley-chapel.yaml'), duration: 5 })).pageGet.rps);
  }
  row('server: page GET rps with the access log written / off (medians of 3)', `${median(logged)} / ${median(quiet)}`, '>= 95% of off');
  row('server: page GET, p99 latency', `${r.pageGet.p99} ms`, '<= 20 ms');
  // Issue 11: within 10% of the figure before messages carried their city. Measured alternately on
  // one machine (2 cores, 2026-11-25): 9c21e5d 6,500-6,830; with the body read from the socket
  // (http/read-body.ts) 8,900-9,500. Compare against the old commit on your machine, not this line.
  row('server: contact POST (Origin, site, page), requests per second', Math.round(r.contactPost.rps), '>= 1,000; >= 90% of 9c21e5d');
  row('server: contact POST, p99 latency', `${r.contactPost.p99} ms`, 'context');
  row('server: contact POSTs acknowledged / stored in SQLite under the city', `${r.contactPost.acknowledged} / ${r.contactPost.stored}`, 'stored >= acknowledged');
  // Issue 22: what sealing costs, in turns with the same server storing messages as typed (the
  // bench's `sealed: false`; serve itself cannot be told to). Medians of 3 runs of 5 s each.
  const sealedRps = [];
  const plainRps = [];
  for (let k = 0; k < 3; k++) {
    sealedRps.push((await benchServer({ configPath: join(root, 'configs/wesley-chapel.yaml'), duration: 5 })).contactPost.rps);
    plainRps.push((await benchServer({ configPath: join(root, 'configs/wesley-chapel.yaml'), duration: 5, sealed: false })).contactPost.rps);
  }
  const ratio = median(sealedRps) / median(plainRps);
  row('server: contact POST rps sealed / stored as typed (medians of 3, in turns)', `${median(sealedRps)} / ${median(plainRps)} = ${ratio.toFixed(2)}x`, '>= 0.8x');
}

if (want('write-lock')) {
  // Issue 19: pages while another process holds SQLite's write lock and contact posts wait for it
  // (test/server/limits.int.test.ts checks only that pages go on answering; this is how fast).
  const { benchWriteLock, WRITE_LOCK_BUDGETS } = await importTs('scripts/bench/write-lock.ts');
  const r = await benchWriteLock({ bin, configPath: join(root, 'configs/wesley-chapel.yaml'), dir: tmp });
  row(`server: page GET p99 while posts wait on a write lock (${r.locked.count} GETs)`, `${r.locked.p99} ms`, `<= ${WRITE_LOCK_BUDGETS.pageP99Ms} ms`);
  row('  the same: p50 / slowest', `${r.locked.p50} / ${r.locked.max} ms`, 'context');
  row(`  page GET on the idle server, p50 / p99 (${r.quiet.count} GETs)`, `${r.quiet.p50} / ${r.quiet.p99} ms`, 'context');
  row('  posts: the first (refused after 5 s) / the second (stored after)', r.posts.join(' / '), '503 / 201');
}

if (want('hostile')) {
  // Issue 19: what hostile input costs and how fast the server answers meanwhile. The tests check
  // only what no slow machine can break (linear work, pages answering all through an upload); how
  // fast is a figure of the machine (src/site/svg-sanitize.test.ts, test/server/limits.int.test.ts).
  const { benchSanitize, benchFormEndpoint, benchServerUnderAttack, HOSTILE_BUDGETS: B } = await importTs('scripts/bench/hostile.ts');
  const s = benchSanitize();
  const [slowest] = s.largest;
  row(`hostile: sanitize the slowest 5 MB SVG (${slowest.name}), CPU`, `${slowest.ms} ms`, `<= ${B.sanitizeMs.toLocaleString('en-US')} ms`);
  row('  the other 5 MB files, CPU (median of 3 each)', s.largest.slice(1).map((f) => f.ms).join(' / ') + ' ms', 'context');
  row('  the reported files: 156 KB of nested url( / 60,000 attributes, CPU', s.reported.map((f) => f.ms).join(' / ') + ' ms', `<= ${B.sanitizeMs.toLocaleString('en-US')} ms`);
  const f = benchFormEndpoint();
  row(`hostile: form endpoint of a ${(f.bytes / 1e6).toFixed(1)} MB page of unclosed form tags (median of 21)`, `${f.ms} ms`, `<= ${B.formEndpointMs} ms`);
  const r = await benchServerUnderAttack({ bin, configPath: join(root, 'configs/wesley-chapel.yaml'), dir: tmp });
  row(`server: page GET p99 while 5 MB hostile SVG logos are sanitized (${r.duringUploads.count} GETs)`, `${r.duringUploads.p99} ms`, `<= ${B.pageP99Ms} ms`);
  row('  the same: p50 / slowest', `${r.duringUploads.p50} / ${r.duringUploads.max} ms`, 'context');
  row(`  page GET on the idle server, p50 / p99 (${r.quiet.count} GETs)`, `${r.quiet.p50} / ${r.quiet.p99} ms`, 'context');
  row('  upload of the slowest 5 MB SVG, send to answer: median / slowest of 10', `${r.uploads.worst5mb.median} / ${r.uploads.worst5mb.max} ms`, `<= ${B.requestMs.toLocaleString('en-US')} ms`);
  row('  upload of the reported 156 KB SVG: median / slowest of 10', `${r.uploads.reported156kb.median} / ${r.uploads.reported156kb.max} ms`, `<= ${B.requestMs.toLocaleString('en-US')} ms`);
  row(`server, ulimit -n 1024, 2,000 idle sockets (${r.idleSockets.kept} kept): page GET median / slowest of 20`, `${r.idleSockets.page.median} / ${r.idleSockets.page.max} ms`, `<= ${B.requestMs.toLocaleString('en-US')} ms`);
  row(`  contact POST median / slowest of 5 (${r.idleSockets.post.statuses.join(' ')})`, `${r.idleSockets.post.median} / ${r.idleSockets.post.max} ms`, `<= ${B.requestMs.toLocaleString('en-US')} ms`);
}

if (want('pg')) {
  // Issue 14: the same server bench on PostgreSQL beside SQLite, in one run, and the time from a
  // deploy on one server to the page served by another. A throwaway cluster from Debian's
  // postgresql with its defaults (fsync and synchronous_commit on), unless BENCH_DATABASE_URL names
  // a server (its database is used as it is: give an empty one).
  const { benchServer } = await importTs('scripts/bench/server.ts');
  const { benchPropagation } = await importTs('scripts/bench/propagation.ts');
  const { startCluster } = await import('./pg-cluster.mjs');
  const cluster = process.env.BENCH_DATABASE_URL ? undefined : await startCluster({ fsync: true });
  const base = process.env.BENCH_DATABASE_URL ?? cluster.url;
  const pg = (await import('pg')).default;
  const database = async (name) => {
    if (!cluster) return base;
    const c = new pg.Client(base);
    await c.connect();
    await c.query(`CREATE DATABASE ${name}`);
    await c.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    return u.toString();
  };
  try {
    const lite = await benchServer({ configPath: join(root, 'configs/wesley-chapel.yaml'), duration: 10 });
    const onPg = await benchServer({ configPath: join(root, 'configs/wesley-chapel.yaml'), duration: 10, databaseUrl: await database('bench_server') });
    for (const [name, r] of [['SQLite', lite], ['PostgreSQL', onPg]]) {
      row(`${name}: page GET, requests per second`, Math.round(r.pageGet.rps), name === 'SQLite' ? '>= 5,000' : 'unchanged from SQLite');
      row(`${name}: page GET, p99 latency`, `${r.pageGet.p99} ms`, '<= 20 ms');
      row(`${name}: contact POST, requests per second`, Math.round(r.contactPost.rps), name === 'SQLite' ? '>= 1,000' : '>= 1,500 (synchronous_commit on)');
      row(`${name}: contact POST, p99 latency`, `${r.contactPost.p99} ms`, 'context');
      row(`${name}: contact POSTs acknowledged / stored under the city`, `${r.contactPost.acknowledged} / ${r.contactPost.stored}`, 'stored >= acknowledged');
    }
    const p = await benchPropagation(await database('bench_propagation'));
    row(`PostgreSQL: deploy on one server to served by another, p50 (${p.rounds} deploys)`, `${p.p50} ms`, 'context');
    row('PostgreSQL: deploy on one server to served by another, p99', `${p.p99} ms`, '<= 1,000 ms');
  } finally {
    cluster?.stop();
  }
}

if (want('admin')) {
  const { benchAdmin } = await importTs('scripts/bench/admin.ts');
  const r = await benchAdmin({ dir: tmp });
  row('admin: generate one city on the server (p50 of 50)', `${r.generateP50Ms} ms`, '<= 50 ms');
  row('admin: deploy one city, fsynced (median of 5)', `${r.deployMs} ms`, '<= 200 ms');
  // Issue 41 item 4: the admin's Generate on a real serve, from the CLI's caches, idle.
  const { benchAdminGenerate } = await importTs('scripts/bench/admin-generate.ts');
  const g = await benchAdminGenerate({ bin, root, dir: tmp });
  row('admin: Generate a city (Tampa) on `clinic-gen serve`, send to answer, p50 of 5', `${median(g.city)} ms`, '<= 1,000 ms');
  row('  each, in order', `${g.city.join(' / ')} ms`, 'context');
  row('admin: Generate the brand site (3 sample cities), send to answer, p50 of 5', `${median(g.brand)} ms`, '<= 3,000 ms');
  row('  each, in order', `${g.brand.join(' / ')} ms`, 'context');
}

if (want('inbox')) {
  // Issue 22: the inbox on 100,000 sealed messages in SQLite, through the real routes.
  const { benchInbox, INBOX_BUDGETS } = await importTs('scripts/bench/inbox.ts');
  const r = await benchInbox({ dir: tmp, configPath: join(root, 'configs/wesley-chapel.yaml') });
  row(`inbox: ${r.messages.toLocaleString('en-US')} messages stored (sealed, indexed) through the store`, `${r.fillMs} ms`, 'context');
  row('inbox: first page of 50, newest first, with counts, p50 / p95 of 30', `${r.firstPage.p50} / ${r.firstPage.p95} ms`, `<= ${INBOX_BUDGETS.firstPageMs} ms`);
  row('inbox: one city, status new, p50 / p95 of 30', `${r.cityPage.p50} / ${r.cityPage.p95} ms`, `<= ${INBOX_BUDGETS.firstPageMs} ms`);
  row('inbox: search by exact email, p50 / p95 of 30', `${r.search.p50} / ${r.search.p95} ms`, `<= ${INBOX_BUDGETS.searchMs} ms`);
}

if (want('inbox') || want('inbox-live')) {
  // Issue 37 item 4: a message posted to Tampa reaching an open inbox's event stream, on a real serve
  // (part of `inbox`, whose acceptance measures it; alone as `inbox-live`).
  const { benchInboxLive, INBOX_LIVE_BUDGET_MS } = await importTs('scripts/bench/inbox-live.ts');
  const r = await benchInboxLive({ bin, configPath: join(root, 'configs/tampa.yaml'), dir: tmp, samples: 20 });
  row(`inbox-live: POST /api/contact to its notice on the stream, p50 / max of ${r.samples}`, `${r.p50} / ${r.max} ms`, `<= ${INBOX_LIVE_BUDGET_MS} ms`);
}

if (want('auth')) {
  // Issue 21. BENCH_BASELINE_BIN names the Basic-auth release's bin (a worktree of e55dbfa with
  // npm ci and npm run build): the same call is then timed there, with Basic credentials, in turns.
  const { benchAuth } = await importTs('scripts/bench/auth.ts');
  const r = await benchAuth({ bin, configPath: join(root, 'configs/wesley-chapel.yaml'), dir: tmp, baselineBin: process.env.BENCH_BASELINE_BIN });
  row(`auth: GET /api/cities signed in (session cookie), p50 / p99 of ${r.session.count}`, `${r.session.p50} / ${r.session.p99} ms`, r.basic ? `p50 <= ${(r.basic.p50 + 1).toFixed(1)} ms (Basic + 1)` : 'Basic p50 + 1 ms');
  row(`auth: the same with an API token, p50 / p99 of ${r.token.count}`, `${r.token.p50} / ${r.token.p99} ms`, 'context');
  if (r.basic) row(`auth: the same on the Basic-auth release, p50 / p99 of ${r.basic.count}`, `${r.basic.p50} / ${r.basic.p99} ms`, 'baseline');
  row('auth: hashing one password (scrypt N=2^17), median (min-max) of 7', `${r.hashMs.median} (${r.hashMs.min}-${r.hashMs.max}) ms`, '100-500 ms');
  row('auth: sign-in POST /api/session, answer time, median of 7', `${r.signInMs} ms`, 'context');
}

if (want('observe')) {
  // Issue 26. BENCH_BASELINE_BIN names the release before metrics and the access log (a worktree of
  // e55dbfa, npm ci, npm run build); without it the access log is measured against itself off.
  const { benchObserve } = await importTs('scripts/bench/observe.ts');
  const r = await benchObserve({ bin, configPath: join(root, 'configs/wesley-chapel.yaml'), dir: tmp, baselineBin: process.env.BENCH_BASELINE_BIN });
  row('observe: page GET rps, access log on (medians of 4 turns of 5 s)', r.on, r.baseline ? `>= ${Math.round(r.baseline * 0.95)} (95% of the baseline)` : `>= ${Math.round(r.off * 0.95)} (95% of off)`);
  row('observe: the same, ACCESS_LOG=off (metrics still on)', r.off, 'context');
  if (r.baseline) row('observe: the same on the release before metrics and the access log', r.baseline, 'baseline');
}

if (want('dev')) {
  const { benchDevReload } = await importTs('scripts/bench/dev-reload.ts');
  const r = await benchDevReload({ runs: 20 });
  row('dev: config saved -> page reloaded (median of 20)', `${Math.round(r.medianMs)} ms`, "<= 200 ms");
  row('dev: slowest of the 20', `${Math.round(r.maxMs)} ms`, "context");
}

if (want('import')) {
  // Issue 39 item 8: pages while an editor imports 50 files of about 255 KB, read on the import
  // worker (test/server/import-off-loop.int.test.ts checks only that pages answer during the
  // import). Then the same with contact posts as well: each post after a save re-reads the saved
  // cities for the contact API's site directory (cities/site-feed.ts), on the request loop.
  const { benchImport, IMPORT_BUDGETS: B } = await importTs('scripts/bench/import.ts');
  const r = await benchImport({ bin, configPath: join(root, 'configs/tampa.yaml'), dir: tmp });
  const kb = Math.round(r.fileBytes / 1024);
  row(`server: GET / every 50 ms during ${r.imports.length} imports of ${r.files} files of ${kb} KB: p99 (${r.pages.count} GETs)`, `${r.pages.p99} ms`, `< ${B.pageP99Ms} ms`);
  row('  the same: p50 / slowest', `${r.pages.p50} / ${r.pages.max} ms`, `slowest < ${B.pageMaxMs} ms`);
  row(`  GET / on the idle server: p50 / p99 / slowest (${r.quiet.count})`, `${r.quiet.p50} / ${r.quiet.p99} / ${r.quiet.max} ms`, 'context');
  row('  each import, send to answer', r.imports.map((ms) => `${ms}`).join(' / ') + ' ms', 'context');
  const c = await benchImport({ bin, configPath: join(root, 'configs/tampa.yaml'), dir: tmp, rounds: 2, contact: true });
  row(`  with a contact POST every 100 ms too: GET / p50 / p99 / slowest (${c.pages.count})`, `${c.pages.p50} / ${c.pages.p99} / ${c.pages.max} ms`, `p99 < ${B.pageP99Ms} ms`);
  row(`  contact POST meanwhile: p50 / p99 / slowest (${c.contact.count})`, `${c.contact.p50} / ${c.contact.p99} / ${c.contact.max} ms`, `p99 < ${B.pageP99Ms} ms`);
}

if (want('generate')) {
  // Issue 39 item 8: the admin's Generate of a city with photos, built on the server's build
  // worker (src/server/packages/build-pool.ts); GET / meanwhile, and the server's memory idle
  // before and after (the worker stays, warm).
  const { benchGenerate } = await importTs('scripts/bench/generate.ts');
  const r = await benchGenerate({ bin, configPath: join(root, 'configs/tampa.yaml'), cityPath: join(root, 'configs/wesley-chapel.yaml'), dir: tmp });
  row(`server: GET / every 20 ms during ${r.generates.length} Generates of a city with photos: p50 / p99 / slowest (${r.pages.count})`, `${r.pages.p50} / ${r.pages.p99} / ${r.pages.max} ms`, 'p99 < 100 ms');
  row('  each Generate, send to answer (the first starts the worker)', r.generates.join(' / ') + ' ms', 'context');
  row('  server resident memory, idle: after start / after the Generates', `${r.rssMb.before} / ${r.rssMb.after} MB`, 'context');
}

if (want('redeploy')) {
  // On the disk (tmp is under dist/), fsync on: the release store's defaults.
  const { benchRedeploy } = await importTs('scripts/bench/redeploy.ts');
  const r = await benchRedeploy({ dir: tmp, cities: 100 });
  const { unchanged, changed, linkedFiles } = r.api;
  const kb = Math.round(r.site.bytes / 1024);
  for (const [what, run] of [['configs unchanged', unchanged], ['every phone changed', changed]]) {
    row(`redeploy all, ${r.cities} cities (${r.site.files} files, ${kb} KB each), ${what}: wall`, `${run.wallMs} ms`, '<= 3000 ms');
    row(`  ${run.state}: ${run.ok} ok, ${run.failed} failed; per city (write to live, overlapping) p50 / p90`, `${run.medianMs} / ${run.p90Ms} ms`, 'context');
    row(`  CPU of the process (system part); main thread busy ${Math.round(run.mainBusy * 100)}%`, `${run.cpuMs} (${run.sysMs}) ms`, 'context');
  }
  row('  live files sharing bytes with an earlier release (hard links)', `${linkedFiles.linked} / ${linkedFiles.files}`, 'context');
  const { durable, noSync } = r.store;
  row(`release store alone, ${r.cities} cities in turn, every page changed: wall`, `${durable.wallMs} ms`, 'context');
  row('  per city: build / deploy (median)', `${durable.buildMedianMs} / ${durable.deployMedianMs} ms`, 'context');
  row('  per city: deploy without fsync (median); the rest is fsync', `${noSync.deployMedianMs} ms`, 'context');
}

if (want('check')) {
  // Issue 23 item 6: `clinic-gen check` on 1,000 cities, each a sample's settings with a city name,
  // address, phone and domain of its own and local content of its own (team, areas served, local
  // questions, why this city) made of seeded random words, so every city passes as distinct and
  // the whole comparison runs (shared copy found, every city scored against its closest sibling).
  const dir = join(tmp, 'check-configs');
  mkdirSync(dir);
  let seed = 42;
  const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const syllables = ['ka', 'lo', 'mi', 're', 'tan', 'bo', 'sel', 'vi', 'dor', 'pa', 'nu', 'gar', 'te', 'fil', 'mon', 'ra', 'ces', 'ul', 'ber', 'ok'];
  const word = () => Array.from({ length: 2 + Math.floor(rnd() * 2) }, () => syllables[Math.floor(rnd() * syllables.length)]).join('');
  const vocabulary = Array.from({ length: 3000 }, word);
  const w = () => vocabulary[Math.floor(rnd() * vocabulary.length)];
  const cap = (s) => s[0].toUpperCase() + s.slice(1);
  const sentence = (k) => cap(Array.from({ length: k }, w).join(' ')) + '.';
  const para = (k) => Array.from({ length: k }, () => sentence(10 + Math.floor(rnd() * 8))).join(' ');
  // A letter tag per city (a, b, ..., ba, ...): no two cities share a name even if the words repeat.
  const tag = (k) => {
    let t = '';
    do {
      t += 'abcdefghijklmnopqrstuvwxyz'[k % 26];
      k = Math.floor(k / 26);
    } while (k);
    return t;
  };
  // The samples without their local content (the last top-level key, up to the next one if any).
  const samples = ['tampa', 'orlando', 'wesley-chapel'].map((n) =>
    readFileSync(join(root, 'configs', `${n}.yaml`), 'utf8').replace(/^localContent:\n(?:[ \t].*\n|\n)*/m, '').replace(/^description: >-?\n(?:[ \t].*\n)+/m, ''),
  );
  for (let i = 0; i < 1000; i++) {
    const city = `${cap(word())} ${cap(word())}${tag(i)}`;
    const slug = city.toLowerCase().replace(/ /g, '-');
    const base = samples[i % 3]
      .replace(/^city: .*$/m, `city: ${city}`)
      .replace(/^address: .*$/m, `address: ${100 + i} ${cap(w())} Street`)
      .replace(/^phone: .*$/m, `phone: (813) 555-${String(i % 10000).padStart(4, '0')}`)
      .replace(/^email: .*$/m, `email: clinic${i}@example.com`)
      .replace(/^domainName: .*$/m, `domainName: ${slug}.example.com`);
    const local = `localContent:
  team:
    - name: Dr. ${cap(w())} ${cap(w())}
      credentials: MD
      role: Medical Director
      bio: >-
        ${para(2)}
  areasServed: [${Array.from({ length: 5 }, () => cap(w())).join(', ')}]
  faq:
    - question: ${sentence(8).replace('.', '?')}
      answer: >-
        ${para(2)}
  whyCity: >-
    ${para(3)}
`;
    writeFileSync(join(dir, `${slug}.yaml`), `${base.replace(/\n*$/, '\n')}${local}`);
  }
  // The pictures the samples name (/images/orlando/hero.jpg is images/orlando/hero.jpg beside the configs).
  cpSync(join(root, 'configs', 'images'), join(dir, 'images'), { recursive: true });
  // Whole process (node start, load, render every site twice, compare); its peak memory read by a
  // preload as it exits (process.resourceUsage: the process with its threads).
  const preload = join(tmp, 'max-rss.cjs');
  writeFileSync(preload, "process.on('exit', () => require('node:fs').writeFileSync(process.env.BENCH_MAX_RSS_FILE, String(process.resourceUsage().maxRSS)));\n");
  const runs = [0, 1, 2].map((k) => {
    const rssFile = join(tmp, `check-rss-${k}`);
    const t = process.hrtime.bigint();
    const r = spawnSync(process.execPath, ['--require', preload, bin, 'check', dir, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20, env: { ...process.env, BENCH_MAX_RSS_FILE: rssFile } });
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    let report;
    try {
      report = JSON.parse(r.stdout);
    } catch {
      throw new Error(`clinic-gen check failed (exit ${r.status}):\n${r.stderr}`);
    }
    return { ms, report, maxRssKb: Number(readFileSync(rssFile, 'utf8')) };
  });
  const c = [...runs].sort((a, b) => a.ms - b.ms)[1];
  const failing = c.report.cities.filter((x) => !x.pass);
  row(`check ${c.report.cities.length.toLocaleString('en-US')} cities, whole process, wall (median of 3)`, `${(c.ms / 1000).toFixed(1)} s`, 'context');
  row('  peak memory (max RSS)', `${(c.maxRssKb / 1024).toFixed(0)} MB`, 'context');
  row('  cities failing / highest score', `${failing.length} / ${Math.max(...c.report.cities.map((x) => x.score)).toFixed(2)}`, '0 / <= 0.50');
}

if (want('doorway')) {
  // Issue 39 item 7: the doorway check after a save of one of 50 cities, the real server on loopback, idle.
  const { benchDoorway, DOORWAY_BUDGET_MS } = await importTs('scripts/bench/doorway.ts');
  const r = await benchDoorway({ root, dir: tmp, cities: 50, runs: 5 });
  row(`doorway check after a save of one city, ${r.cities} cities (p50 of ${r.afterSaveMs.length})`, `${Math.round(median(r.afterSaveMs))} ms`, `<= ${DOORWAY_BUDGET_MS} ms`);
  row('  each run', r.afterSaveMs.map((ms) => Math.round(ms)).join(' / ') + ' ms', 'context');
  row('  first check, cold (worker started, every city read)', `${Math.round(r.coldMs)} ms`, 'context');
  row(`  after a save of a city's phone (p50 of ${r.afterPhoneMs.length})`, `${Math.round(median(r.afterPhoneMs))} ms`, 'context');
  row('  the save itself, PUT (p50)', `${Math.round(median(r.saveMs))} ms`, 'context');
  row('  cities failing / highest score', `${r.failCount} / ${r.highestScore.toFixed(2)}`, '0 / <= 0.50');
}

if (want('photos')) {
  // Issue 13: sites written to /dev/shm when there is one, so the disk's cost of creating files
  // (measured under 'build') is not what is compared.
  const { benchPhotos, PHOTO_BUDGETS } = await importTs('scripts/bench/photos.ts');
  const shm = existsSync('/dev/shm') ? join('/dev/shm', `clinic-gen-photos-${process.pid}`) : undefined;
  const r = await benchPhotos({ dir: tmp, bin, outRoot: shm });
  row(`photos: ${r.cities} cities with a logo, no photo, warm (median of 3)`, `${r.plainMs.toFixed(0)} ms`, 'context');
  row('photos: the same with one shared hero photo, warm (median of 3)', `${r.warmMs.toFixed(0)} ms`, 'context');
  row('  ratio, warm', `${(r.warmMs / r.plainMs).toFixed(2)}x`, `<= ${PHOTO_BUDGETS.ratio}x`);
  row('  first builds, caches empty: without the photo', `${r.coldPlainMs.toFixed(0)} ms`, 'context');
  row(`  first builds, caches empty: with it (one encode of ${(r.heroBytes / 1024).toFixed(0)} KB into ${r.heroFiles} files)`, `${r.coldMs.toFixed(0)} ms`, 'context');
  row('  ratio, first builds', `${(r.coldMs / r.coldPlainMs).toFixed(2)}x`, 'context');
  row(`  warm rebuild: images encoded (${r.cities} cities in a new process)`, r.warmEncodes, '0');
  row('  warm rebuilds left the cache untouched', r.cacheUntouched ? 'yes' : 'NO', 'yes');
  for (const t of r.transfer) {
    const parts = Object.entries(t.parts).map(([k, v]) => `${k} ${(v / 1024).toFixed(1)}`).join(', ');
    row(`photos: home at 390 px, ${t.dpr}x, ${t.hero} (${parts} KB)`, `${t.kb.toFixed(1)} KB`, t.dpr === 3 ? `<= ${PHOTO_BUDGETS.homeKb} KB` : 'context');
  }
}

if (want('lighthouse')) {
  // Lighthouse (mobile preset: a mid-range phone on a slow 4G link) against `clinic-gen serve`
  // with the sample clinic, whose pages open on a hero photo. Debian's Chromium (CHROME_PATH).
  const { spawn } = await import('node:child_process');
  const data = join(tmp, 'lighthouse-data');
  const { randomBytes } = await import('node:crypto');
  // A data key of its own: without one the server would make a key file in the user's configuration folder.
  const env = { ...process.env, DATA_KEY: randomBytes(32).toString('base64') };
  const server = spawn(process.execPath, [bin, 'serve', '--config', join(root, 'configs/wesley-chapel.yaml'), '--port', '0', '--data', data, '--no-samples'], { stdio: ['ignore', 'pipe', 'pipe'], env });
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`serve did not start:\n${out}`)), 60_000);
      const seen = (chunk) => {
        out += chunk;
        const m = /"url":"(http:\/\/[^"]+)"/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1].replace(/\/$/, ''));
        }
      };
      server.stdout.on('data', seen);
      server.stderr.on('data', seen);
      server.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${out}`)));
    });
    // The first start encodes the photos; the server answers 503 until its site is ready.
    for (let i = 0; i < 120 && (await fetch(url + '/').then((r) => r.status, () => 0)) !== 200; i++) await new Promise((r) => setTimeout(r, 500));
    for (const path of ['/', '/trt-therapy/', '/contact/']) lighthouse(url, path);
  } finally {
    server.kill('SIGTERM');
  }
}

/**
 * Lighthouse's mobile preset (a mid-range phone on a slow 4G link) on one page, with Debian's
 * Chromium (CHROME_PATH); prints the four scores, the largest contentful paint and layout shift.
 */
/**
 * A plain static server for \`folder\` in a process of its own (Lighthouse runs synchronously here),
 * as a static host serves a site: a folder gives its index.html, a missing file the site's 404.html,
 * and text (HTML, CSS, JS, SVG, XML) goes gzipped to a browser that asks for it, as every static
 * host and the clinic server itself send it (Lighthouse's simulated phone network counts the bytes
 * that travel, so identity bytes would measure a host nobody uses).
 */
async function serveFolder(folder) {
  const { spawn } = await import('node:child_process');
  const script = `
    const http = require('node:http'), fs = require('node:fs'), path = require('node:path'), zlib = require('node:zlib');
    const root = process.argv[1];
    const types = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.svg': 'image/svg+xml', '.txt': 'text/plain', '.xml': 'application/xml', '.woff2': 'font/woff2', '.png': 'image/png', '.avif': 'image/avif', '.webp': 'image/webp', '.jpg': 'image/jpeg' };
    const send = (req, res, status, file) => {
      const type = types[path.extname(file)] || 'application/octet-stream';
      const body = fs.readFileSync(file);
      if (['text/', 'application/xml', 'image/svg'].some((p) => type.startsWith(p)) && (req.headers['accept-encoding'] || '').includes('gzip')) {
        res.writeHead(status, { 'Content-Type': type, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
        return res.end(zlib.gzipSync(body));
      }
      res.writeHead(status, { 'Content-Type': type });
      res.end(body);
    };
    http.createServer((req, res) => {
      let file = path.join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname));
      if (!file.startsWith(root)) return res.writeHead(400).end();
      if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
      if (!fs.existsSync(file)) return send(req, res, 404, path.join(root, '404.html'));
      send(req, res, 200, file);
    }).listen(0, '127.0.0.1', function () { process.stdout.write('http://127.0.0.1:' + this.address().port + '\\n'); });`;
  const server = spawn(process.execPath, ['-e', script, folder], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    server.stdout.once('data', (d) => resolve(String(d).trim()));
    server.once('exit', (code) => reject(new Error(`the static server exited with ${code}`)));
  });
  return { url, stop: () => server.kill('SIGTERM') };
}

/**
 * Lighthouse mobile on `url + path`, run LIGHTHOUSE_RUNS times (3 unless set), as Lighthouse's own
 * guidance on variability advises: the run with the median performance score is reported, with
 * the lowest and highest beside it. A phone's simulated CPU is the machine's own slowed 4x, so a
 * busy machine moves Total Blocking Time, and one run says little.
 */
function lighthouse(url, path) {
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
  const once = (n) => {
    const report = join(tmp, `lighthouse-${url.replace(/\W+/g, '_')}-${path.replace(/\W+/g, '_')}-${n}.json`);
    const run = () => spawnSync(join(root, 'node_modules/.bin/lighthouse'), [
      url + path, '--quiet', '--output=json', `--output-path=${report}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic',
    ], { encoding: 'utf8', env: { ...process.env, CHROME_PATH: chrome }, timeout: 180_000 });
    let r = run();
    // Lighthouse itself sometimes loses the trace of a load (NO_NAVSTART, "run Lighthouse
    // again"): that is no figure about the page, so it gets one more try, said aloud.
    if (r.status !== 0 && /run Lighthouse again/.test(r.stderr)) {
      console.log(`  (lighthouse ${path}: ${r.stderr.trim().split('\n')[0]}; trying once more)`);
      r = run();
    }
    if (r.status !== 0) throw new Error(`lighthouse ${path} failed:\n${r.stderr}`);
    const { categories, audits } = JSON.parse(readFileSync(report, 'utf8'));
    return {
      scores: ['performance', 'accessibility', 'best-practices', 'seo'].map((k) => Math.round(categories[k].score * 100)),
      lcp: audits['largest-contentful-paint'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
    };
  };
  const all = Array.from({ length: runs }, (_, n) => once(n)).sort((a, b) => a.scores[0] - b.scores[0]);
  const median = all[Math.floor((all.length - 1) / 2)];
  const spread = runs > 1 ? ` (performance ${all[0].scores[0]}-${all.at(-1).scores[0]} over ${runs} runs)` : '';
  row(`lighthouse mobile ${path}: performance / accessibility / best practices / SEO`, median.scores.join(' / ') + spread, '100 / 100 / 100 / 100');
  row(`  ${path}: largest contentful paint, total blocking time, layout shift`, `${(median.lcp / 1000).toFixed(1)} s, ${Math.round(median.tbt)} ms, ${median.cls.toFixed(3)}`, 'context');
}

if (want('brand-lighthouse')) {
  // Issues 24 and 36: the sample brand site (the three sample cities), built with --site and served by a
  // plain static server, as a static host would serve it.
  const out = join(tmp, 'brand-sample');
  timeRun(['build', '--site', join(root, 'configs/brand/northstar.yaml'), '--config', join(root, 'configs'), '--out', out, '-q', '--contact-endpoint', 'https://clinic.example.com/api/contact']);
  const server = await serveFolder(out);
  try {
    const url = server.url;
    for (const path of ['/', '/locations/', '/locations/fl/', '/trt-therapy/', '/locations/fl/tampa/', '/locations/fl/tampa/contact/']) lighthouse(url, path);
    // Issue 40 item 5: the brand's Spanish pages and a location's Spanish folder.
    for (const path of ['/es/', '/es/ubicaciones/', '/es/terapia-de-testosterona/', '/es/ubicaciones/fl/tampa/', '/es/ubicaciones/fl/tampa/contacto/']) lighthouse(url, path);
  } finally {
    server.stop();
  }
}

if (want('sample-lighthouse')) {
  // Issue 35: each sample city as `build` writes it, on a plain static server: home, TRT, contact
  // and the not-found page (as 404.html: Lighthouse reports no scores for a page answered 404),
  // with the phone's bottom bar. The form posts same-origin; no post is made.
  for (const name of ['wesley-chapel', 'tampa', 'orlando']) {
    const out = join(tmp, `sample-${name}`);
    timeRun(['build', '--config', join(root, 'configs', `${name}.yaml`), '--out', out, '-q', '--contact-endpoint', 'same-origin']);
    const server = await serveFolder(out);
    try {
      console.log(`  ${name}:`);
      for (const path of ['/', '/trt-therapy/', '/contact/', '/404.html']) lighthouse(server.url, path);
      // Issue 40: the Spanish home, TRT and contact pages of the samples that publish Spanish.
      if (existsSync(join(out, 'es', 'index.html'))) for (const path of ['/es/', '/es/terapia-de-testosterona/', '/es/contacto/', '/es/404.html']) lighthouse(server.url, path);
    } finally {
      server.stop();
    }
  }
}

rmSync(tmp, { recursive: true, force: true });

/** The bytes of a built folder as written: every file's size, a file hard-linked in several places once. */
function writtenBytes(dir) {
  const seen = new Set();
  let total = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) {
        const st = statSync(p);
        if (st.nlink > 1) {
          if (seen.has(st.ino)) continue;
          seen.add(st.ino);
        }
        total += st.size;
      }
    }
  };
  walk(dir);
  return total;
}
