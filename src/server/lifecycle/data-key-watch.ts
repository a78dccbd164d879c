import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { keysOnFile, type KeyRing } from '../crypto/data-key.js';
import { isRetiredKeyRefusal, PRESENCE, ringIds, useStoreKey, type ServerPresence } from '../crypto/key-ring.js';
import { META, type MetaStore } from '../crypto/server-keys.js';
import type { Logger } from '../log/logger.js';
import type { RewrapStore } from '../crypto/rewrap.js';
import type { MessageStore } from '../leads/index.js';

/**
 * A running server and the store's data key (issue 38 item 1, docs/decisions/027-data-key-ring.md):
 *
 * - it seals with the key the store names current, when it holds it (a server given the new key
 *   and the previous one before `keys rotate` runs keeps sealing with the store's until then);
 * - it says it runs, and with which keys, in the store (`keys rotate` refuses while one runs
 *   without the new key), every PRESENCE.everyMs, and takes its entry away when it stops;
 * - when the store refuses a message sealed with a key it no longer uses, the server moves to the
 *   store's key if it holds it or its key file now does, and stores the message again; otherwise
 *   the message is refused (503) and the log says what to do;
 * - at start it counts the values it cannot open (sealed with a key it was not given): the log says
 *   so with what to do, /readyz fails and the metric counts them (`unreadable`).
 */
export interface DataKeyWatch {
  /** Values sealed with a key this server was not given, as counted at start. */
  unreadable: number;
  /** Ends the entry's refresh and removes it (the server's clean stop). */
  stop(): Promise<void>;
}

export async function watchDataKey(o: { store: { meta: MetaStore; sealedValues: RewrapStore; messages: MessageStore }; ring: KeyRing; keyEnv: Record<string, string | undefined>; logger: Logger; now?: () => Date }): Promise<DataKeyWatch> {
  const { store, ring, logger } = o;
  const now = o.now ?? (() => new Date());
  const storeKey = () => store.meta.get(META.dataKeyId);
  useStoreKey(ring, await storeKey());

  const found = await store.sealedValues.unopenable(ringIds(ring));
  if (found.count > 0) {
    logger.error('data_key.unreadable', {
      values: found.count,
      sealed_with: found.keyIds.join(', '),
      server_keys: ringIds(ring).join(', '),
      note:
        `${found.count} stored values (messages' keys, second factors) are sealed with key ${found.keyIds.join(', ')}, which this server was not given: they cannot be read. ` +
        'Start the server with that key as DATA_KEY_PREVIOUS (or DATA_KEY_PREVIOUS_FILE) beside DATA_KEY, then run clinic-gen keys rotate; /readyz answers 503 until then.',
    });
  }

  // Moves the ring to the store's key, from itself or from its key files read again; says so once a change.
  let warnedFor: string | undefined;
  const adopt = async (): Promise<boolean> => {
    const id = await storeKey();
    const before = ring.current.id;
    if (useStoreKey(ring, id, keysOnFile(o.keyEnv))) {
      if (ring.current.id !== before) logger.info('data_key.now', { key: ring.current.id, was: before, note: 'the store’s data key changed (keys rotate); new values are sealed with it' });
      return true;
    }
    if (warnedFor !== id) {
      warnedFor = id;
      logger.error('data_key.retired', {
        store_key: id ?? '',
        server_keys: ringIds(ring).join(', '),
        note: `keys rotate made ${id} the store's data key and this server was not given it: every message is refused (503) until it is restarted with DATA_KEY (or DATA_KEY_FILE) set to the new key`,
      });
    }
    return false;
  };

  // A message refused for its key is stored again once the server holds the store's key: sealed afresh.
  const add = store.messages.add.bind(store.messages);
  store.messages.add = async (message, key) => {
    try {
      return await add(message, key);
    } catch (err) {
      if (!isRetiredKeyRefusal(err) || !(await adopt())) throw err;
      return add(message, key);
    }
  };

  const entry: Omit<ServerPresence, 'seenAt' | 'keys'> = { id: `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`, host: hostname(), pid: process.pid, startedAt: now().toISOString() };
  const announce = () => store.sealedValues.announce({ ...entry, seenAt: now().toISOString(), keys: ringIds(ring) });
  await announce();
  let beat: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    // Each beat also follows the store's key: a rotation is taken up here even with no message meanwhile.
    beat = (async () => {
      if ((await storeKey()) !== ring.current.id) await adopt();
      await announce();
    })().catch((err: unknown) => logger.warn('data_key.presence_failed', { error: err instanceof Error ? err.message : String(err) }));
  }, PRESENCE.everyMs);
  timer.unref();

  return {
    unreadable: found.count,
    async stop() {
      clearInterval(timer);
      await beat;
      await store.sealedValues.withdraw(entry.id).catch(() => undefined);
    },
  };
}
