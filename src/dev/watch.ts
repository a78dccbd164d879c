import { watch, type FSWatcher } from 'chokidar';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Watches a few files; `set` changes which, `close` stops. */
export interface FileWatch {
  set(files: string[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Calls `onChange(file)` when one of `files` is written, replaced or removed.
 * Watches the files' folders (one level, other entries ignored) rather than the files: editors
 * save by writing a temporary file and renaming it over the old one, or by deleting and writing
 * anew, and a watch on the old file loses track of the new one (measured with chokidar 5 on Linux:
 * a file watch missed one save in three of the delete-then-write kind; the folder watch, none).
 * Only folders that exist are watched: chokidar 5 given a missing folder beside a real one stops
 * reporting the real one. A file in a missing folder is picked up by the next `set` after the
 * folder appears (dev calls it after every build).
 * No awaitWriteFinish: it holds every event for its whole stability window (100 ms or more);
 * the dev server re-reads instead when a read looks half-written (see start-dev.ts).
 */
export async function watchFiles(files: string[], onChange: (file: string) => void): Promise<FileWatch> {
  let watcher: FSWatcher | undefined;
  let current = '';
  const start = async (wanted: Set<string>, dirs: Set<string>) => {
    const w = watch([...dirs], {
      ignoreInitial: true,
      depth: 0,
      ignored: (p: string) => !dirs.has(resolve(p)) && !wanted.has(resolve(p)),
    });
    // A folder that goes away is not worth stopping dev for; the next save sets the watch again.
    w.on('error', () => {});
    w.on('all', (event, p) => {
      if (event === 'addDir' || event === 'unlinkDir') return;
      if (wanted.has(resolve(p))) onChange(resolve(p));
    });
    await new Promise<void>((ready) => w.once('ready', () => ready()));
    return w;
  };
  const api: FileWatch = {
    async set(list) {
      const wanted = new Set(list.map((f) => resolve(f)));
      const dirs = new Set([...wanted].map((f) => dirname(f)).filter((d) => existsSync(d)));
      const key = [...wanted, ...dirs].sort().join('\n');
      if (key === current) return;
      current = key;
      const old = watcher;
      watcher = await start(wanted, dirs);
      await old?.close();
    },
    async close() {
      await watcher?.close();
      watcher = undefined;
    },
  };
  await api.set(files);
  return api;
}
