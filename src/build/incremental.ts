import { lstatSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { citySlug } from '../config/slug.js';
import { holdsForeignFiles, siteNotRemoved } from '../texts/cli.js';
import type { Message } from '../texts/message.js';
import type { BuildJob, BuildOutcome } from './build-site.js';
import { givenWarnings } from './kept-warnings.js';
import { cityOfText } from './clash.js';
import { assetHashes, buildYear, cityDigest, codeId, datedPart, textHash } from './inputs.js';
import { fileStamp } from '../site/asset-source.js';
import { fileCount, fileNames, intact, readManifest, removeLeftovers, tempTag, writeManifest, type Manifest } from './manifest.js';
import { foreignFiles, whyNotReplace, type KeepFolder } from './site-folder.js';

/** A site folder removed because the config it was built from is gone. */
export interface Removed {
  configPath: string;
  slug: string;
  outDir: string;
}

/** A site folder whose config is gone, left in place: it holds files build did not write. */
export interface NotRemoved {
  configPath: string;
  outDir: string;
  why: Message;
}

/**
 * How often, at most, a long build saves what it has built so far: a build killed then redoes
 * less. (A site in place but not yet recorded is taken back by the next build all the same, which
 * finds in the folder the very files it makes: see Owned in site-folder.ts.)
 */
const SAVE_EVERY_MS = 2000;

/**
 * An incremental build of one run's cities (the CLI's `build`), on the main thread: it owns the
 * output's manifest (manifest.ts), works out which cities are up to date before any is built, and,
 * once they are, records what was written and removes the sites whose config is gone.
 *
 * A city is up to date when its config's text is the one recorded, the digest of its inputs
 * (inputs.ts: the config, --contact-endpoint, the bytes of its logo and photos, the code, and for
 * special hours which of them the build day shows) is the
 * recorded one, and its folders are as build left them (manifest.ts, intact). That is told here
 * from the config's text, the manifest and a stat of each of the site's folders, without parsing
 * the config or making the site. A city whose text changed goes to the builders with what the manifest says of
 * the folder it is expected to build; a builder that finds the same digest (a comment edited)
 * leaves the folder alone too. `force` builds every city.
 */
export class IncrementalBuild {
  /** Cities known up to date, by their index in the run (or failed: --strict with recorded warnings). */
  readonly known = new Map<number, BuildOutcome>();
  /** The cities to build, by index in the run. */
  readonly toBuild: { index: number; job: BuildJob }[] = [];
  /** The configs' texts, read once (for outputClash). */
  readonly texts = new Map<string, string>();
  /** The city slugs of the configs not read (their stamp the recorded one): what outputClash knows of them. */
  readonly slugs = new Map<string, string>();
  /** Each config's stamp taken before its text was read, recorded with what its builder makes. */
  private readonly stamps = new Map<string, string>();
  private readonly dir: string;
  private readonly exact: boolean;
  private readonly manifest: Manifest;
  private dirty = false;
  private savedAt = performance.now();

  constructor(jobs: readonly BuildJob[], opts: { force?: boolean } = {}) {
    const first = jobs[0]?.out ?? { root: '.' };
    this.exact = 'exact' in first;
    this.dir = 'exact' in first ? dirname(resolve(first.exact)) : resolve(first.root);
    // What builds killed mid-way left: temporary and old site folders, a manifest being written.
    removeLeftovers(this.dir, this.exact ? new Set(jobs.map((j) => this.keyOf('exact' in j.out ? j.out.exact : '')).filter((k): k is string => !!k)) : undefined);
    this.manifest = readManifest(this.dir);
    const codeOfRun = codeId();
    const hashed = new Map<string, string>();
    // The folders each config built, by the config's path (a config may have built a folder of a
    // many-city build and, into this folder too, an exact --out of a one-city build).
    const byConfig = new Map<string, string[]>();
    // (join, not resolve, for the manifest's paths, which are relative to its own absolute folder
    // but on another drive on Windows: a rebuild of 1,000 cities spent 15 ms in resolve.)
    for (const [key, r] of Object.entries(this.manifest.sites)) {
      const config = isAbsolute(r.config) ? r.config : join(this.dir, r.config);
      const keys = byConfig.get(config);
      if (keys) keys.push(key);
      else byConfig.set(config, [key]);
    }
    jobs.forEach((job, index) => {
      // The folder this config built last, where this run builds it too: for a many-city build, the
      // folder named after the city in this run's folder; for an exact --out, that folder.
      const root = 'exact' in job.out ? undefined : resolve(job.out.root);
      const exactKey = 'exact' in job.out ? this.keyOf(job.out.exact) : undefined;
      const builtHere = (k: string) => (root === undefined ? k === exactKey : root === this.dir && this.manifest.sites[k]!.slug === k);
      const key = byConfig.get(resolve(job.configPath))?.find(builtHere);
      const r = key === undefined ? undefined : this.manifest.sites[key];
      const outDir = key === undefined ? '' : join(this.dir, key);
      // Taken before the text is read: a config edited after it has another stamp next time.
      // Kept across runs: a file changed in the last 2 s gets none (file systems whose times tick
      // in seconds would keep a same-size edit's stamp).
      const stamp = fileStamp(job.configPath, 2000);
      if (stamp) this.stamps.set(job.configPath, stamp);
      // The same file as recorded (its stamp): its text is the one recorded, and is not read.
      const sameFile = !opts.force && r !== undefined && stamp !== undefined && r.stamp === stamp;
      let text: string | undefined;
      const read = () => {
        try {
          text = readFileSync(job.configPath, 'utf8');
          this.texts.set(job.configPath, text);
        } catch {
          // Its builder says why.
        }
      };
      if (sameFile) this.slugs.set(job.configPath, r.slug);
      else read();
      // A canonical address on a brand site (build --brand-site) is an input of every page.
      const code = job.canonicalUrl ? `${codeOfRun} canonical ${job.canonicalUrl}` : codeOfRun;
      if (!opts.force && r && (sameFile || (text !== undefined && r.text === textHash(text)))) {
        const at = new Date(job.buildTime ?? Date.now());
        const digest = cityDigest(code, r.configDigest, job.contactEndpoint, assetHashes(job.configPath, r.assets, hashed), datedPart(r.dated, at), buildYear(at));
        if (digest === r.digest && intact(outDir, r.dirs)) {
          // The same text under a new stamp (a file touched or copied back): the next build need not read it.
          if (stamp && r.stamp !== stamp) {
            r.stamp = stamp;
            this.dirty = true;
          }
          const warnings = givenWarnings(r.warnings, job.configPath);
          const files = fileCount(r);
          this.known.set(
            index,
            job.strict && warnings.length
              ? { ok: false, configPath: job.configPath, errors: warnings }
              : { ok: true, configPath: job.configPath, slug: r.slug, outDir: 'exact' in job.out ? job.out.exact : outDir, files, warnings, status: 'unchanged' },
          );
          return;
        }
      }
      if (text === undefined && sameFile) {
        this.slugs.delete(job.configPath);
        read();
      }
      // The folder it is expected to build (its `city:` line, read as outputClash does), and what the manifest says of it.
      const city = text === undefined ? undefined : cityOfText(text);
      const slug = city === undefined ? '' : citySlug(city);
      const expected = 'exact' in job.out ? job.out.exact : slug ? join(job.out.root, slug) : undefined;
      const k = expected === undefined ? undefined : this.keyOf(expected);
      const prev = k === undefined ? undefined : this.manifest.sites[k];
      const previous = prev && expected !== undefined ? { outDir: expected, digest: prev.digest, files: prev.files, dirs: prev.dirs, warnings: prev.warnings } : undefined;
      this.toBuild.push({ index, job: { ...job, incremental: { code, previous } } });
    });
  }

  /** The name a site folder has in the manifest: one folder directly in the manifest's folder, else none. */
  private keyOf(outDir: string): string | undefined {
    const abs = resolve(outDir);
    const name = basename(abs);
    return dirname(abs) === this.dir && name && name !== '.' && name !== '..' && !name.includes(sep) ? name : undefined;
  }

  /** Records a city its builder handed back, in place by now; saves the manifest now and then. */
  record(o: BuildOutcome): void {
    if (!o.ok || !o.record) return;
    const key = this.keyOf(o.outDir);
    if (key === undefined) return;
    const stamp = this.stamps.get(o.configPath);
    this.manifest.sites[key] = { config: relative(this.dir, resolve(o.configPath)), slug: o.slug, ...o.record, ...(stamp ? { stamp } : {}) };
    this.dirty = true;
    if (performance.now() - this.savedAt < SAVE_EVERY_MS) return;
    try {
      this.save();
    } catch {
      // Tried again at the end of the run, which says why it cannot.
      this.savedAt = performance.now();
    }
  }

  /** Writes the manifest when it changed. */
  save(): void {
    if (!this.dirty) return;
    writeManifest(this.dir, this.manifest);
    this.dirty = false;
    this.savedAt = performance.now();
  }

  /**
   * After the run: removes the site folders whose config is gone, saves the manifest. A config is
   * gone when it was read from one of `configFolders` (a `--config` folder of this run) and is no
   * longer there, or, in a many-city build, when it now builds another folder (its city was
   * renamed). Only a folder the manifest lists, holding nothing but the files it lists, is removed
   * (never with --force: a folder no config builds is not worth a guess); any other stays, and is
   * reported. The folder is moved aside before the manifest forgets it, and deleted after.
   */
  finish(results: readonly BuildOutcome[], opts: { configFolders: readonly string[]; keep?: KeepFolder[]; cwd?: string }): { removed: Removed[]; notRemoved: NotRemoved[] } {
    const folders = new Set(opts.configFolders.map((f) => resolve(f)));
    const inRun = new Set(results.map((r) => resolve(r.configPath)));
    const builtBy = new Map<string, string | undefined>();
    for (const r of results) if (r.ok) builtBy.set(resolve(r.configPath), this.keyOf(r.outDir));
    const removed: Removed[] = [];
    const notRemoved: NotRemoved[] = [];
    const trash: string[] = [];
    const shown = (p: string) => {
      const rel = relative(opts.cwd ?? process.cwd(), p);
      return rel && !rel.startsWith('..') ? rel : p;
    };
    for (const [key, r] of Object.entries(this.manifest.sites)) {
      const config = resolve(this.dir, r.config);
      // Renamed: a folder named after the city it was built for, whose config now builds another.
      const renamed = !this.exact && key === r.slug && builtBy.has(config) && builtBy.get(config) !== key;
      const gone = renamed || (!inRun.has(config) && folders.has(dirname(config)));
      if (!gone) continue;
      const outDir = join(this.dir, key);
      if (!lstatSync(outDir, { throwIfNoEntry: false })) {
        delete this.manifest.sites[key];
        this.dirty = true;
        continue;
      }
      const kept = whyNotReplace(outDir, { keep: opts.keep, cwd: opts.cwd, force: true });
      const foreign = kept ? [] : foreignFiles(outDir, 3, { owned: fileNames(r) });
      if (kept || foreign.length) {
        const why = kept ? kept.title.slice(kept.title.indexOf(': ') + 2) : holdsForeignFiles(foreign.length > 2 ? `${foreign.slice(0, 2).join(', ')}, ...` : foreign.join(', ')).title;
        notRemoved.push({ configPath: shown(config), outDir, why: siteNotRemoved(shown(outDir), shown(config), why) });
        continue;
      }
      const aside = join(this.dir, `.${key}.old-${tempTag()}`);
      renameSync(outDir, aside);
      trash.push(aside);
      delete this.manifest.sites[key];
      this.dirty = true;
      removed.push({ configPath: shown(config), slug: r.slug, outDir });
    }
    this.save();
    for (const t of trash) rmSync(t, { recursive: true, force: true });
    return { removed, notRemoved };
  }
}
