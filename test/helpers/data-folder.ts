import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { dataKey, type DataKey } from '../../src/server/crypto/data-key.js';
import { createReleaseStore } from '../../src/server/releases/disk-store.js';
import { openSqliteStore } from '../../src/server/store/sqlite-server-store.js';
import { folderUploadStore } from '../../src/server/uploads/store.js';

type SiteFiles = Map<string, Uint8Array>;

/**
 * A data folder as a server leaves it, for the backup tests: the database with its data key's id,
 * two sites (Tampa with two releases made by `site(names[0])` and `site(names[1])`, sharing files as
 * hard links; Orlando with one, `site(names[2])`) and one uploaded logo. Answers the key and
 * Tampa's live release.
 */
export async function serverDataFolder(
  data: string,
  o: { site: (marker: string) => SiteFiles; names: readonly [string, string, string]; logo: { name: string; bytes: Uint8Array } },
): Promise<{ key: DataKey; live: Awaited<ReturnType<ReturnType<typeof createReleaseStore>['deploy']>> }> {
  const key = dataKey(randomBytes(32));
  const store = openSqliteStore(data, { keys: { current: key } });
  await store.meta.putIfAbsent('data_key_id', key.id);
  await store.close();
  const releases = createReleaseStore({ root: join(data, 'deployments'), durable: false });
  await releases.deploy('tampa', { files: o.site(o.names[0]) });
  const live = await releases.deploy('tampa', { files: o.site(o.names[1]) });
  await releases.deploy('orlando', { files: o.site(o.names[2]) });
  const put = await folderUploadStore(join(data, 'uploads')).put(o.logo.name, o.logo.bytes);
  if (!put.ok) throw new Error(`the test's logo was refused: ${JSON.stringify(put)}`);
  return { key, live };
}
