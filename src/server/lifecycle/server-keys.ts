import { loadDataKey, type KeyRing } from '../crypto/data-key.js';
import type { Logger } from '../log/logger.js';
import type { ServerConfig } from '../settings/config.js';
import { ServerStartError } from './start-error.js';

/**
 * The data key (docs/decisions/017-staff-accounts.md), read before the ports are bound: with
 * DATABASE_URL and no key the server stops here, having written nothing; one server on SQLite
 * makes its own key file the first time, and says where it is.
 */
export function serverKeys(config: ServerConfig, logger: Logger): KeyRing {
  let loaded: ReturnType<typeof loadDataKey>;
  try {
    loaded = loadDataKey({ env: config.keyEnv, mayCreate: config.database === undefined });
  } catch (err) {
    throw new ServerStartError([(err as Error).message]);
  }
  if (loaded.source.kind === 'created') {
    logger.warn('data_key.created', {
      file: loaded.source.path,
      note: 'made a data key (it protects second-factor secrets and the audit trail). Keep a copy in a secret store and give it as DATA_KEY_FILE or DATA_KEY: a key that travels with every copy of the data protects nothing',
    });
  } else if (loaded.source.kind === 'found') {
    logger.info('data_key.file', { file: loaded.source.path });
  }
  return { current: loaded.key, previous: loaded.previous };
}
