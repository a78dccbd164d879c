import { unlink } from 'node:fs/promises';
import { loadDataKey, type KeyRing } from '../crypto/data-key.js';
import { META, type MetaStore } from '../crypto/server-keys.js';
import { errorFields, type Logger } from '../log/logger.js';
import type { ServerConfig } from '../settings/config.js';
import { ServerStartError } from './start-error.js';

/** The data key of a start, and the key file this start made with its key's id (none when it was given or found). */
export interface StartKeys {
  ring: KeyRing;
  made?: { path: string; id: string };
}

/**
 * The data key (docs/decisions/017-staff-accounts.md), read before the ports are bound: with
 * DATABASE_URL and no key the server stops here, having written nothing; one server on SQLite
 * makes its own key file the first time, and says where it is.
 */
export function serverKeys(config: ServerConfig, logger: Logger): StartKeys {
  let loaded: ReturnType<typeof loadDataKey>;
  try {
    loaded = loadDataKey({ env: config.keyEnv, mayCreate: config.database === undefined });
  } catch (err) {
    throw new ServerStartError([(err as Error).message]);
  }
  const ring = { current: loaded.key, previous: loaded.previous };
  if (loaded.source.kind === 'created') {
    logger.warn('data_key.created', {
      file: loaded.source.path,
      note: 'made a data key (it seals every patient message, the second-factor secrets and the audit trail: without it none can be read). Keep a copy in a secret store and give it as DATA_KEY_FILE or DATA_KEY: a key that travels with every copy of the data protects nothing',
    });
    return { ring, made: { path: loaded.source.path, id: loaded.key.id } };
  }
  if (loaded.source.kind === 'found') logger.info('data_key.file', { file: loaded.source.path });
  return { ring };
}

/**
 * After a start that failed (issue 38 item 6): the key file this start made is removed, so the
 * next start does not find it and take it for the key of this data (a refused store's wrong key
 * left in ~/.config). Kept when the store already names it: then the store was written with it
 * and needs it. When that cannot be read, kept too: a stray key costs less than a lost one.
 */
export async function forgetMadeKey(keys: StartKeys, store: { meta: Pick<MetaStore, 'get'> } | undefined, logger: Logger): Promise<void> {
  if (!keys.made) return;
  if (store) {
    const stored = await store.meta.get(META.dataKeyId).then(
      (id) => id ?? null,
      () => undefined,
    );
    if (stored === undefined || stored === keys.made.id) {
      logger.warn('data_key.kept', { file: keys.made.path, note: 'the start failed after the store was written with the data key it made: keep the key, this data needs it' });
      return;
    }
  }
  try {
    await unlink(keys.made.path);
    logger.info('data_key.removed', { file: keys.made.path, note: 'the start failed, so the data key it made was removed: nothing was written with it' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') logger.warn('data_key.not_removed', { file: keys.made.path, ...errorFields(err) });
  }
}
