import { spawn } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, statSync, readdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { ROOT } from '../helpers/site.js';

// `clinic-gen build` over its own output (issue 25): only what changed is rebuilt, the rest is left
// untouched (same inode, same modification time), configs gone take their sites with them, and
// what build records lives beside the sites, never in them. The built binary, as a user runs it:
// its worker threads, its bundle (whose code is part of every city's digest).

const MANIFEST = '.clinic-gen-build.json';
const SAMPLES = ['tampa', 'orlando', 'wesley-chapel'].map((n) => readFileSync(join(ROOT, 'configs', `${n}.yaml`), 'utf8'));

/** A folder of configs made from the samples with other city names (as the bench makes them), and the sample pictures. */
function project(cities: string[]) {
  const dir = tempDir();
  const configs = join(dir, 'configs');
  mkdirSync(configs);
  cities.forEach((city, i) => writeConfig(configs, city, i % 3));
  cpSync(join(ROOT, 'configs/images'), join(configs, 'images'), { recursive: true });
  return { dir, configs, out: join(dir, 'public') };
}

function fileOf(city: string): string {
  return `${city.toLowerCase().replace(/ /g, '-')}.yaml`;
}

function writeConfig(configs: string, city: string, sample: number, file = fileOf(city)): void {
  writeFileSync(join(configs, file), SAMPLES[sample]!.replace(/^city: .*$/m, `city: ${city}`));
}

type Report = { ok: boolean; counts: Record<string, number>; sites: { slug: string; status: string; config: string }[]; warnings: string[]; errors: string[] };

function build(configs: string, out: string, ...flags: string[]): Report {
  const r = runCli(['build', '--config', configs, '--out', out, '--json', '--contact-endpoint', 'same-origin', ...flags]);
  const report = JSON.parse(r.stdout) as Report;
  if (r.code !== 0) throw new Error(`build failed: ${report.errors.join('\n')}`);
  return report;
}

const statusOf = (r: Report) => Object.fromEntries(r.sites.map((s) => [s.slug, s.status]));

/** Every file and folder under `dir` (the manifest aside), by relative path. */
function walk(dir: string, base = ''): string[] {
  return readdirSync(join(dir, base), { withFileTypes: true }).flatMap((e) => {
    const rel = base ? `${base}/${e.name}` : e.name;
    if (rel === MANIFEST) return [];
    return e.isDirectory() ? [rel + '/', ...walk(dir, rel)] : [rel];
  });
}

/** Each file's inode and modification time, and each folder's inode. */
function stamps(dir: string): Map<string, string> {
  return new Map(
    walk(dir).map((rel) => {
      const st = lstatSync(join(dir, rel), { bigint: true });
      return [rel, rel.endsWith('/') ? `${st.ino}` : `${st.ino} ${st.mtimeNs}`];
    }),
  );
}

/** Each file's bytes, by relative path: the output as a reader of the sites sees it. */
function tree(dir: string): Map<string, string> {
  return new Map(walk(dir).map((rel) => [rel, rel.endsWith('/') ? '' : readFileSync(join(dir, rel)).toString('base64')]));
}

const under = (m: Map<string, string>, prefix: string) => new Map([...m].filter(([k]) => k.startsWith(prefix)));

describe('clinic-gen build keeps its bookkeeping beside the sites', () => {
  it('writes one manifest in the output folder, and nothing but the site into each site folder', () => {
    const p = project(['Ocala', 'Naples', 'Destin']);
    build(p.configs, p.out);
    expect(readdirSync(p.out).sort()).toEqual([MANIFEST, 'destin', 'naples', 'ocala']);
    const manifest = JSON.parse(readFileSync(join(p.out, MANIFEST), 'utf8')) as { sites: Record<string, { config: string; files: string; digest: string }> };
    expect(Object.keys(manifest.sites).sort()).toEqual(['destin', 'naples', 'ocala']);
    for (const [slug, entry] of Object.entries(manifest.sites)) {
      expect(entry.config).toBe(`../configs/${slug}.yaml`);
      // The folder holds exactly the files the manifest lists: no marker, no bookkeeping of any kind.
      const files = walk(join(p.out, slug)).filter((f) => !f.endsWith('/'));
      expect(files.sort()).toEqual(entry.files.split('\n').sort());
      expect(files.filter((f) => /(^|\/)\.|clinic-gen/.test(f))).toEqual([]);
    }
    // A one-city build into an exact folder keeps the manifest of the folder holding it.
    const site = join(p.dir, 'sites', 'ocala-site');
    const one = runCli(['build', '--config', join(p.configs, 'ocala.yaml'), '--out', site, '--contact-endpoint', 'same-origin']);
    expect(one.code).toBe(0);
    expect(readdirSync(join(p.dir, 'sites')).sort()).toEqual([MANIFEST, 'ocala-site']);
    expect(Object.keys(JSON.parse(readFileSync(join(p.dir, 'sites', MANIFEST), 'utf8')).sites)).toEqual(['ocala-site']);
    expect(walk(site).filter((f) => /(^|\/)\.|clinic-gen/.test(f))).toEqual([]);
    const again = runCli(['build', '--config', join(p.configs, 'ocala.yaml'), '--out', site, '--contact-endpoint', 'same-origin']);
    expect(again.stdout).toMatch(/^ocala unchanged: .*ocala-site\/ already holds its \d+ files \(\d+ ms\)\n$/);
  });

  it('recognises a site an earlier version built by its .clinic-gen-site marker, and drops the marker when it writes the site again', () => {
    const p = project(['Ocala', 'Naples']);
    build(p.configs, p.out);
    const folder = join(p.out, 'ocala');
    const manifest = JSON.parse(readFileSync(join(p.out, MANIFEST), 'utf8')) as { sites: Record<string, { files: string }> };
    // As an earlier version left it: the marker inside, no manifest beside.
    writeFileSync(join(folder, '.clinic-gen-site'), JSON.stringify({ tool: 'clinic-gen', files: manifest.sites.ocala!.files.split('\n') }));
    writeFileSync(join(folder, 'index.html'), 'an older home page');
    rmSync(join(p.out, MANIFEST));
    expect(statusOf(build(p.configs, p.out))).toEqual({ ocala: 'rebuilt', naples: 'rebuilt' });
    expect(existsSync(join(folder, '.clinic-gen-site'))).toBe(false);
    expect(readFileSync(join(folder, 'index.html'), 'utf8')).toContain('Ocala');
  });
});

describe('clinic-gen build rebuilds only what changed', () => {
  it('leaves every file of every city untouched when nothing changed, and says so', () => {
    const p = project(['Ocala', 'Naples', 'Destin', 'Sebring']);
    // An endpoint at a private address: a warning every city's build gives.
    const privateEndpoint = ['--contact-endpoint', 'http://10.0.0.5/api/contact'];
    build(p.configs, p.out, ...privateEndpoint);
    const before = stamps(p.out);
    const r = runCli(['build', '--config', p.configs, '--out', p.out, ...privateEndpoint]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^4 of 4 sites up to date: 0 rebuilt, 4 unchanged; 0 files written in \d+ ms\n$/);
    // The warnings of the cities found up to date are those of their last build.
    expect(r.stderr).toMatch(/^warning: 4 configs \(.*\): contactEndpoint: http:\/\/10\.0\.0\.5\/api\/contact posts to a loopback or private address /);
    expect(stamps(p.out)).toEqual(before);
    const json = build(p.configs, p.out, ...privateEndpoint);
    expect(json.counts).toEqual({ rebuilt: 0, unchanged: 4, removed: 0, failed: 0 });
    expect(stamps(p.out)).toEqual(before);
    // A field reordered, a comment added: the config as validated is the same, and so is the site.
    writeFileSync(join(p.configs, 'ocala.yaml'), `# Ocala, reviewed\n${readFileSync(join(p.configs, 'ocala.yaml'), 'utf8')}`);
    expect(statusOf(build(p.configs, p.out, ...privateEndpoint))).toEqual({ ocala: 'unchanged', naples: 'unchanged', destin: 'unchanged', sebring: 'unchanged' });
    expect(stamps(p.out)).toEqual(before);
    // --force rebuilds every city.
    expect(build(p.configs, p.out, '--force').counts).toMatchObject({ rebuilt: 4, unchanged: 0 });
  });

  it("keeps each config's file stamp in the manifest, and still finds a new config of a city an unchanged one builds", async () => {
    const p = project(['Ocala', 'Naples']);
    build(p.configs, p.out);
    const manifest = () => JSON.parse(readFileSync(join(p.out, MANIFEST), 'utf8')) as { sites: Record<string, { stamp?: string }> };
    // A stamp is kept only of a file not changed in the last 2 s (a file system may count time in
    // seconds): once the configs are that old, the next build records theirs.
    expect(manifest().sites.ocala!.stamp).toBeUndefined();
    const written = statSync(join(p.configs, 'ocala.yaml')).ctimeMs;
    while (Date.now() - written < 2100) await new Promise((r) => setTimeout(r, 50));
    build(p.configs, p.out);
    expect(manifest().sites.ocala!.stamp).toMatch(/^\d+:\d+:\d+:\d+:\d+$/);
    // Ocala's config is not read again (its stamp is the recorded one), yet a second config of
    // Ocala still clashes with it, before anything is built.
    writeConfig(p.configs, 'Ocala', 1, 'ocala-copy.yaml');
    const r = runCli(['build', '--config', p.configs, '--out', p.out, '--json', '--contact-endpoint', 'same-origin']);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/ocala-copy\.yaml.*both build|both build.*ocala/);
    rmSync(join(p.configs, 'ocala-copy.yaml'));
    // Edited, the file has another stamp: read, rebuilt.
    const file = join(p.configs, 'ocala.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^phone: .*$/m, 'phone: (352) 555-0142'));
    expect(statusOf(build(p.configs, p.out))).toEqual({ ocala: 'rebuilt', naples: 'unchanged' });
    expect(readFileSync(join(p.out, 'ocala/index.html'), 'utf8')).toContain('(352) 555-0142');
  });

  it('rewrites only the city whose config was edited; the others keep their inodes and times', () => {
    const p = project(['Ocala', 'Naples', 'Destin', 'Sebring']);
    build(p.configs, p.out);
    const before = stamps(p.out);
    const file = join(p.configs, 'naples.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^phone: .*$/m, 'phone: (239) 555-0142'));
    const r = build(p.configs, p.out);
    expect(statusOf(r)).toEqual({ ocala: 'unchanged', naples: 'rebuilt', destin: 'unchanged', sebring: 'unchanged' });
    expect(r.counts).toEqual({ rebuilt: 1, unchanged: 3, removed: 0, failed: 0 });
    const after = stamps(p.out);
    for (const slug of ['ocala', 'destin', 'sebring']) expect(under(after, `${slug}/`)).toEqual(under(before, `${slug}/`));
    expect(after.get('naples/')).not.toBe(before.get('naples/'));
    expect(readFileSync(join(p.out, 'naples/index.html'), 'utf8')).toContain('(239) 555-0142');
  });

  it("rebuilds a city whose photo's bytes changed under the same name, and every city for another --contact-endpoint", () => {
    // Ocala and Sebring are made from Tampa (no pictures), Naples from Orlando (its logo and photos).
    const p = project(['Ocala', 'Naples', 'Destin', 'Sebring']);
    build(p.configs, p.out);
    const before = stamps(p.out);
    // Another picture's bytes under the consultation photo's name (both encoded before: the cache has them).
    cpSync(join(p.configs, 'images/orlando/lab.jpg'), join(p.configs, 'images/orlando/consultation.jpg'));
    expect(statusOf(build(p.configs, p.out))).toEqual({ ocala: 'unchanged', naples: 'rebuilt', destin: 'unchanged', sebring: 'unchanged' });
    expect(under(stamps(p.out), 'ocala/')).toEqual(under(before, 'ocala/'));
    const endpoint = ['--contact-endpoint', 'https://clinic.example.com/api/contact'];
    expect(build(p.configs, p.out, ...endpoint).counts).toMatchObject({ rebuilt: 4, unchanged: 0 });
    expect(readFileSync(join(p.out, 'ocala/contact/index.html'), 'utf8')).toContain('action="https://clinic.example.com/api/contact"');
    expect(build(p.configs, p.out, ...endpoint).counts).toMatchObject({ rebuilt: 0, unchanged: 4 });
  }, 60_000);

  it('rebuilds a city whose folder lost a file, or gained one (then refused without --force, as any folder holding files it did not write)', () => {
    const p = project(['Ocala', 'Naples']);
    build(p.configs, p.out);
    rmSync(join(p.out, 'ocala/about/index.html'));
    expect(statusOf(build(p.configs, p.out))).toEqual({ ocala: 'rebuilt', naples: 'unchanged' });
    expect(existsSync(join(p.out, 'ocala/about/index.html'))).toBe(true);
    writeFileSync(join(p.out, 'naples/notes.txt'), 'mine');
    const r = runCli(['build', '--config', p.configs, '--out', p.out, '--contact-endpoint', 'same-origin']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/naples holds files clinic-gen did not write \(notes\.txt\); nothing was replaced/);
    expect(readFileSync(join(p.out, 'naples/notes.txt'), 'utf8')).toBe('mine');
  });
});

describe('clinic-gen build removes the sites of configs that are gone', () => {
  it('removes the folder of a config removed from the folder, and keeps (and names) one holding a file it did not write', () => {
    const p = project(['Ocala', 'Naples', 'Destin', 'Sebring']);
    build(p.configs, p.out);
    rmSync(join(p.configs, 'naples.yaml'));
    const r = build(p.configs, p.out);
    expect(statusOf(r)).toEqual({ ocala: 'unchanged', destin: 'unchanged', sebring: 'unchanged', naples: 'removed' });
    expect(r.counts).toEqual({ rebuilt: 0, unchanged: 3, removed: 1, failed: 0 });
    expect(readdirSync(p.out).sort()).toEqual([MANIFEST, 'destin', 'ocala', 'sebring']);
    expect(Object.keys(JSON.parse(readFileSync(join(p.out, MANIFEST), 'utf8')).sites).sort()).toEqual(['destin', 'ocala', 'sebring']);

    // Configs given one by one are no reason to remove the sites of their neighbours: only a
    // --config folder that no longer holds a config built before is.
    rmSync(join(p.configs, 'ocala.yaml'));
    mkdirSync(join(p.dir, 'more'));
    writeConfig(join(p.dir, 'more'), 'Apopka', 0);
    const some = runCli(['build', '-c', join(p.configs, 'destin.yaml'), '-c', join(p.dir, 'more'), '--out', p.out, '--json', '--contact-endpoint', 'same-origin']);
    expect(statusOf(JSON.parse(some.stdout) as Report)).toEqual({ destin: 'unchanged', apopka: 'rebuilt' });
    expect(existsSync(join(p.out, 'ocala'))).toBe(true);
    rmSync(join(p.out, 'apopka'), { recursive: true });

    writeFileSync(join(p.out, 'ocala/notes.txt'), 'mine');
    const kept = runCli(['build', '--config', p.configs, '--out', p.out, '--contact-endpoint', 'same-origin']);
    expect(kept.code).toBe(0);
    expect(kept.stderr).toMatch(/^warning: .*ocala was not removed although its config .*ocala\.yaml is gone: it holds files clinic-gen did not write \(notes\.txt\)\. /m);
    expect(kept.stdout).toMatch(/^2 of 2 sites up to date: 0 rebuilt, 2 unchanged; 0 files written/);
    expect(JSON.parse(runCli(['build', '--config', p.configs, '--out', p.out, '--json', '--contact-endpoint', 'same-origin']).stdout).warnings).toEqual([expect.stringMatching(/ocala was not removed/)]);
    expect(readFileSync(join(p.out, 'ocala/notes.txt'), 'utf8')).toBe('mine');
    expect(existsSync(join(p.out, 'ocala/index.html'))).toBe(true);
  });

  it('keeps a one-city build into an exact folder among the sites of a many-city build: not a rename', () => {
    const p = project(['Ocala', 'Naples']);
    build(p.configs, p.out);
    const copy = runCli(['build', '--config', join(p.configs, 'ocala.yaml'), '--out', join(p.out, 'ocala-preview'), '--contact-endpoint', 'same-origin']);
    expect(copy.code).toBe(0);
    expect(statusOf(build(p.configs, p.out))).toEqual({ ocala: 'unchanged', naples: 'unchanged' });
    expect(readdirSync(p.out).sort()).toEqual([MANIFEST, 'naples', 'ocala', 'ocala-preview']);
    expect(runCli(['build', '--config', join(p.configs, 'ocala.yaml'), '--out', join(p.out, 'ocala-preview'), '--contact-endpoint', 'same-origin']).stdout).toMatch(/^ocala unchanged: /);
  });

  it('makes, after edits, renames and removals, byte for byte what a fresh build makes', () => {
    const p = project(['Ocala', 'Naples', 'Destin', 'Sebring', 'Venice', 'Largo']);
    build(p.configs, p.out);
    // Edited: a phone (Ocala), and the bytes of a photo only Naples shows (made from Orlando).
    const ocala = join(p.configs, 'ocala.yaml');
    writeFileSync(ocala, readFileSync(ocala, 'utf8').replace(/^phone: .*$/m, 'phone: (352) 555-0199'));
    cpSync(join(p.configs, 'images/orlando/lab.jpg'), join(p.configs, 'images/orlando/reception.jpg'));
    rmSync(join(p.configs, 'venice.yaml'));
    // Renamed: a city (another slug, same config file), and a config file (same city).
    writeConfig(p.configs, 'Port Charlotte', 1, 'destin.yaml');
    renameSync(join(p.configs, 'sebring.yaml'), join(p.configs, 'sebring-fl.yaml'));
    // Removed (Venice, above), and added.
    writeConfig(p.configs, 'Tavares', 2);
    const r = build(p.configs, p.out);
    expect(statusOf(r)).toEqual({
      ocala: 'rebuilt',
      naples: 'rebuilt',
      'port-charlotte': 'rebuilt',
      sebring: 'unchanged',
      largo: 'unchanged',
      tavares: 'rebuilt',
      destin: 'removed',
      venice: 'removed',
    });
    const fresh = join(p.dir, 'fresh');
    build(p.configs, fresh);
    expect(tree(p.out)).toEqual(tree(fresh));
    // Built once more, each city is up to date.
    expect(build(p.configs, p.out).counts).toMatchObject({ rebuilt: 0, unchanged: 6, removed: 0 });
  }, 60_000);
});

describe('clinic-gen build killed mid-way (kill -9)', () => {
  /** Starts a build of `configs` into `out` and kills it (SIGKILL) once `ready()` holds; resolves when it is gone. */
  async function killWhen(configs: string, out: string, ready: () => boolean): Promise<void> {
    const child = spawn(process.execPath, [join(ROOT, 'bin/clinic-gen.js'), 'build', '--config', configs, '--out', out, '-q', '--contact-endpoint', 'same-origin'], { stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_code, signal) => done(signal)));
    let gone = false;
    void exited.then(() => (gone = true));
    // A condition polled, not a sleep: the moment the first city is in place.
    while (!gone && !ready()) await new Promise((r) => setTimeout(r, 2));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
  }

  const leftovers = (dir: string) => readdirSync(dir).filter((n) => /\.(tmp|old)-\d+-[0-9a-f]{8}$/.test(n));
  const cities = Array.from({ length: 30 }, (_, i) => `Springs ${String.fromCharCode(65 + (i % 26))}${i >= 26 ? 'a' : ''}`);

  it('leaves a first build partly done; the next build finishes it as a fresh one would, with nothing left behind', async () => {
    const p = project(cities);
    const fresh = join(p.dir, 'fresh');
    build(p.configs, fresh);
    await killWhen(p.configs, p.out, () => existsSync(p.out) && readdirSync(p.out).some((n) => !n.startsWith('.')));
    const r = build(p.configs, p.out);
    expect(r.counts.rebuilt).toBeGreaterThan(0);
    expect(tree(p.out)).toEqual(tree(fresh));
    expect(leftovers(p.out)).toEqual([]);
    expect(build(p.configs, p.out).counts).toMatchObject({ rebuilt: 0, unchanged: 30 });
  }, 90_000);

  it('leaves every city of a rebuild as it was or as new, and the next build finishes the job', async () => {
    const p = project(cities);
    build(p.configs, p.out);
    const old = tree(p.out);
    const slugs = readdirSync(p.out).filter((n) => !n.startsWith('.'));
    const inodes = new Map(slugs.map((s) => [s, lstatSync(join(p.out, s)).ino]));
    // Every config edited: every city is rebuilt.
    for (const f of readdirSync(p.configs).filter((n) => n.endsWith('.yaml'))) {
      const file = join(p.configs, f);
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^phone: .*$/m, 'phone: (352) 555-0111'));
    }
    const fresh = join(p.dir, 'fresh');
    build(p.configs, fresh);
    const now = tree(fresh);
    await killWhen(p.configs, p.out, () => slugs.some((s) => lstatSync(join(p.out, s), { throwIfNoEntry: false })?.ino !== inodes.get(s)));
    let renewed = 0;
    const mid = tree(p.out);
    for (const s of slugs) {
      const here = under(mid, `${s}/`);
      // A city's folder may be missing only between its two renames; otherwise it is the old site or the new.
      if (here.size === 0 && !existsSync(join(p.out, s))) continue;
      const isOld = JSON.stringify([...here]) === JSON.stringify([...under(old, `${s}/`)]);
      const isNew = JSON.stringify([...here]) === JSON.stringify([...under(now, `${s}/`)]);
      expect(isOld || isNew, s).toBe(true);
      if (isNew) renewed++;
    }
    expect(renewed).toBeGreaterThan(0);
    build(p.configs, p.out);
    expect(tree(p.out)).toEqual(now);
    expect(leftovers(p.out)).toEqual([]);
  }, 90_000);
});

describe('clinic-gen build keeps its cache in bounds', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const files = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).filter((f) => statSync(join(dir, f)).isFile()).sort();

  it('removes the least recently used entries once the cache is over CLINIC_GEN_CACHE_MAX_MB, and never what the build used', () => {
    const p = project(['Ocala', 'Naples', 'Destin']);
    const cache = join(p.dir, 'cache');
    // A limit above what the three cities use (about 4.5 MB: two of them publish Spanish pages, with their own cards), below that and the stray band.
    const env = { CLINIC_GEN_CACHE_DIR: cache, CLINIC_GEN_CACHE_MAX_MB: '6' };
    expect(runCli(['build', '--config', p.configs, '--out', p.out, '-q', '--contact-endpoint', 'same-origin'], { env }).code).toBe(0);
    const used = files(cache).filter((f) => f !== '.last-pruned');
    expect(used.some((f) => f.startsWith('cards/'))).toBe(true);
    expect(used.some((f) => f.startsWith('images/'))).toBe(true);
    // A band of a city long gone, 5 MB, last used 40 days ago; a band half-written by a crash two days ago;
    // and the folder last looked over two days ago.
    const old = new Date(Date.now() - 40 * DAY);
    const twoDays = new Date(Date.now() - 2 * DAY);
    writeFileSync(join(cache, 'cards', 'f00dfeedf00dfeedf00dfeedf00dfeed.band'), Buffer.alloc(5 * 1024 * 1024, 1));
    utimesSync(join(cache, 'cards', 'f00dfeedf00dfeedf00dfeedf00dfeed.band'), old, old);
    writeFileSync(join(cache, 'cards', '.0123abcd0123abcd0123abcd0123abcd.89abcdef.tmp'), 'half');
    utimesSync(join(cache, 'cards', '.0123abcd0123abcd0123abcd0123abcd.89abcdef.tmp'), twoDays, twoDays);
    utimesSync(join(cache, '.last-pruned'), twoDays, twoDays);
    // What the first build made, as if made 50 days ago: older than the stray band, so it is the
    // build's reading them that keeps them (a read renews an entry's time of use).
    const older = new Date(Date.now() - 50 * DAY);
    for (const f of used) utimesSync(join(cache, f), older, older);
    // Built into a new folder: every city again, from the cache.
    const r = runCli(['build', '--config', p.configs, '--out', join(p.dir, 'again'), '--contact-endpoint', 'same-origin'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/cache: removed 2 entries \(5\.0 MB\) not used lately or left half-written; it now holds \d+\.\d MB \(limit: 6\.0 MB, CLINIC_GEN_CACHE_MAX_MB\)\n$/);
    expect(files(cache).filter((f) => f !== '.last-pruned')).toEqual(used);
    // Looked over once a day: a build the same day says nothing of the cache.
    const again = runCli(['build', '--config', p.configs, '--out', join(p.dir, 'again'), '--contact-endpoint', 'same-origin'], { env });
    expect(again.stdout).not.toContain('cache');
  }, 60_000);

  it('refuses a CLINIC_GEN_CACHE_MAX_MB that is no whole number of megabytes, before building anything', () => {
    const p = project(['Ocala']);
    const r = runCli(['build', '--config', p.configs, '--out', p.out, '--contact-endpoint', 'same-origin'], { env: { CLINIC_GEN_CACHE_MAX_MB: '2GB' } });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('CLINIC_GEN_CACHE_MAX_MB must be a whole number of megabytes (0 for no limit), not "2GB"; nothing was built');
    expect(existsSync(p.out)).toBe(false);
  });
});
