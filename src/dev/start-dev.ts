import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { sameContent } from '../model/files.js';
import { buildFromText, readConfig } from './build.js';
import { EventHub } from './events.js';
import { startHttp } from './server.js';
import { isStale, type DevState } from './state.js';
import { watchFiles } from './watch.js';

/** What dev tells its caller (the CLI prints it; tests and the bench read it). */
export type DevEvent =
  | { type: 'built'; ms: number; files: number; pagesChanged: number; tabsReloaded: number; first: boolean }
  | { type: 'failed'; errors: string[]; first: boolean }
  | { type: 'warning'; message: string };

export interface DevOptions {
  configPath: string;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** The config's name in messages (default: relative to the working directory). */
  shownAs?: string;
  onEvent?: (e: DevEvent) => void;
}

export interface DevServer {
  url: string;
  close(): Promise<void>;
}

/** How long a failed read waits for the rest of a save before it is reported. */
const SETTLE_MS = 40;
/**
 * An empty config is almost always a file between an editor's (or a script's) truncate and its
 * write; on a loaded machine the two can be further apart than SETTLE_MS. Wait longer before
 * calling an empty file an error: nobody is served by a flash of "expected a mapping of fields".
 */
const EMPTY_SETTLE_MS = 400;
/** When a good build looks again, in case a save's last write came after the read (its event may be throttled away). */
const VERIFY_MS = 75;

/**
 * Builds the config in memory, serves it on loopback, and on every save rebuilds and tells the
 * open tabs: reload the pages that changed, or show the errors over the last good build.
 */
export async function startDev(opts: DevOptions): Promise<DevServer> {
  const shownAs = opts.shownAs ?? relative(process.cwd(), opts.configPath);
  const emit = opts.onEvent ?? (() => {});
  const session = randomBytes(3).toString('hex');
  let n = 0;
  const state: DevState = { build: `${session}.0`, changedIn: new Map() };
  const hub = new EventHub();
  let running: Promise<void> | undefined;
  let again = false;
  let assetPending = false;
  let verify: NodeJS.Timeout | undefined;
  // Files the site is made of besides the config (the logo): a change to one rebuilds every page.
  let assets: string[] = [];
  const watchList = () => [opts.configPath, ...assets];

  // One build at a time; saves during a build make one more build after it, not one each.
  const rebuild = (assetChanged: boolean): Promise<void> => {
    assetPending ||= assetChanged;
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        const asset = assetPending;
        assetPending = false;
        await buildOnce(asset);
      } while (again);
      running = undefined;
    })();
    return running;
  };

  // The text of the last build, good or bad; undefined before the first.
  let lastText: string | undefined | null = null;
  const buildOnce = async (assetChanged: boolean) => {
    const started = performance.now();
    const first = n === 0 && !state.errors;
    const before = await fingerprint(assets);
    const text = await readConfig(opts.configPath);
    // One save often raises two events (truncate, write): the same text again is not a new build.
    if (text === lastText && !assetChanged) return;
    const r = await buildFromText(text, opts.configPath, shownAs);
    if (!r.ok) {
      // An editor may be between emptying a file (the config or the logo) and writing it: look
      // again before crying wolf.
      const read = [...new Set([...assets, ...r.assets])];
      const emptyAsset = Object.values(before).some((f) => f.startsWith('0:')) || Object.values(await fingerprint(read)).some((f) => f.startsWith('0:'));
      await sleep(r.text?.trim() && !emptyAsset ? SETTLE_MS : EMPTY_SETTLE_MS);
      if ((await readConfig(opts.configPath)) !== r.text) return void (again = true);
      const after = await fingerprint(read);
      if (read.some((f) => f in before && before[f] !== after[f])) return void ((again = true), (assetPending = true));
      lastText = r.text;
      state.errors = r.errors;
      // A missing or broken logo is an error now: watch it too, so fixing it makes the next build.
      if (r.assets.length) {
        assets = [...new Set([...assets, ...r.assets])];
        await watcher?.set(watchList());
      }
      for (const c of hub.all()) hub.send(c, 'build-error', { errors: r.errors });
      return emit({ type: 'failed', errors: r.errors, first });
    }
    lastText = r.text;
    const build = `${session}.${++n}`;
    const old = state.files ?? {};
    let changed = 0;
    for (const [file, content] of Object.entries(r.files)) {
      if (assetChanged || !sameContent(old[file], content)) {
        state.changedIn.set(file, build);
        if (file.endsWith('.html')) changed++;
      }
    }
    const hadErrors = Boolean(state.errors);
    Object.assign(state, { files: r.files, build, errors: undefined });
    assets = r.assets;
    let reloaded = 0;
    for (const c of hub.all()) {
      if (isStale(state, c.path, c.build)) {
        hub.send(c, 'reload');
        reloaded++;
      } else if (hadErrors) hub.send(c, 'build-ok');
    }
    for (const w of r.warnings) emit({ type: 'warning', message: w });
    emit({ type: 'built', ms: performance.now() - started, files: Object.keys(r.files).length, pagesChanged: changed, tabsReloaded: reloaded, first });
    await watcher?.set(watchList());
    clearTimeout(verify);
    verify = setTimeout(async () => {
      if ((await readConfig(opts.configPath)) !== r.text) void rebuild(false);
    }, VERIFY_MS);
  };

  let watcher: Awaited<ReturnType<typeof watchFiles>> | undefined;
  await rebuild(false);
  watcher = await watchFiles(watchList(), (file) => void rebuild(file !== resolve(opts.configPath)));
  let http: Awaited<ReturnType<typeof startHttp>>;
  try {
    http = await startHttp({ port: opts.port, host: opts.host ?? '127.0.0.1', state, hub, isStale: (path, build) => isStale(state, path, build) });
  } catch (err) {
    // A port in use: close what is open (the watcher above all), so the process ends with its
    // error instead of watching the config forever.
    clearTimeout(verify);
    await watcher.close();
    hub.close();
    await running;
    throw err;
  }
  return {
    url: http.url,
    async close() {
      clearTimeout(verify);
      await watcher?.close();
      hub.close();
      await http.close();
      await running;
    },
  };
}

/** Size and modification time of each file ('missing' when it cannot be read): enough to see a write land. */
async function fingerprint(files: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  await Promise.all(
    files.map(async (f) => {
      const s = await stat(f).catch(() => undefined);
      out[f] = s ? `${s.size}:${s.mtimeMs}` : 'missing';
    }),
  );
  return out;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
