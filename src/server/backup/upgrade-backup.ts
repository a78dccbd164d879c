import { open } from 'node:fs/promises';
import { ServerStartError } from '../lifecycle/start-error.js';
import type { ServerStore } from '../store/server-store.js';
import { verifyBackup } from './verify.js';

/**
 * Before a start seals the messages an earlier release kept in clear (issue 38 item 2): sealing
 * makes the data key required to read every message, and cannot be undone, so it waits for the
 * operator to say a backup of the data as it is exists, naming it (UPGRADE_BACKUP). On SQLite the
 * named file must be a whole clinic-gen backup holding messages in clear (`backup verify` checks
 * it the same way); on PostgreSQL, a pg_dump file (its first bytes are checked: nothing more can
 * be). Without it the start refuses, having sealed nothing, and says what to do.
 */
export async function requireUpgradeBackup(o: { kind: ServerStore['kind']; plain: number; backup?: string; dataDir: string }): Promise<{ backup: string; note: string }> {
  const how =
    o.kind === 'sqlite'
      ? `clinic-gen backup --data ${o.dataDir} --out <file>, then start again with UPGRADE_BACKUP=<file>`
      : 'pg_dump --format=custom --file=<file> <the database>, then start again with UPGRADE_BACKUP=<file>';
  const refuse = (why: string) =>
    new ServerStartError([
      `UPGRADE_BACKUP: ${why}. This store holds ${o.plain.toLocaleString('en-US')} patient messages in clear, kept by an earlier release; this start seals them with the data key, ` +
        'and from then on every message can be read only with that key (lose the key and they are lost). Back up the data as it is first: ' +
        `${how} (docs/serving.md#upgrading). Nothing was sealed.`,
    ]);
  if (!o.backup) throw refuse('missing');
  if (o.kind === 'sqlite') {
    const v = await verifyBackup({ input: o.backup }).catch((err: unknown) => {
      throw refuse(`${o.backup} is not a whole clinic-gen backup (${err instanceof Error ? err.message : String(err)})`);
    });
    const inClear = v.manifest.plaintextMessages;
    if (!v.checked || !inClear) throw refuse(`${o.backup} ${!v.checked ? 'cannot be verified (a backup of an older format)' : 'holds no messages in clear, so it is not a backup of this data as it is'}`);
    return { backup: o.backup, note: `a verified backup holding ${inClear.toLocaleString('en-US')} messages in clear` };
  }
  const head = await open(o.backup, 'r')
    .then(async (f) => {
      try {
        const b = Buffer.alloc(64);
        const { bytesRead } = await f.read(b, 0, 64, 0);
        return b.subarray(0, bytesRead).toString('latin1');
      } finally {
        await f.close();
      }
    })
    .catch(() => undefined);
  if (head === undefined) throw refuse(`cannot read ${o.backup}`);
  if (!head.startsWith('PGDMP') && !head.includes('PostgreSQL database dump')) throw refuse(`${o.backup} is not a pg_dump file (plain SQL or --format=custom)`);
  return { backup: o.backup, note: 'a pg_dump file (not checked beyond its first bytes: keep its SHA-256 beside it, docs/backups.md)' };
}
