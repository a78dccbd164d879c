import { createAuditTrail } from '../audit/index.js';
import type { Logger } from '../log/logger.js';
import type { ServerStore } from './server-store.js';

/** What a start does to a store an earlier release left: its messages sealed, then made searchable (serve.ts runs both, in this order). */

/**
 * A store upgraded from a release that kept messages in clear (issue 22): each is sealed in place,
 * a batch a transaction (an interrupted start resumes), recorded once in the audit trail, then
 * the files are rewritten so no freed page keeps the old text. Backups taken before still hold it.
 */
export async function sealStoredMessages(store: ServerStore, secrets: { auditKey: Buffer }, logger: Logger, backup?: { backup: string; note: string }): Promise<void> {
  if (!store.messages.sealStored) return;
  const sealed = await store.messages.sealStored();
  if (sealed === 0) return;
  await store.compact({ sealed });
  await createAuditTrail(store.audit, secrets.auditKey, () => new Date()).record({
    actorId: 'server',
    actorLabel: 'clinic-gen serve (upgrade)',
    address: 'local',
    action: 'message.seal_stored',
    object: `messages=${sealed}${backup ? ` backup=${backup.backup}` : ''}`,
    city: '',
    outcome: 200,
  });
  logger.warn('messages.sealed', {
    count: sealed,
    ...(backup ? { backup: backup.backup } : {}),
    note:
      'messages stored in clear by an earlier release are now sealed with the data key, and the database files were rewritten. The data key is now required to read every message: ' +
      'keep it in a secret store, apart from the data and the backups (lose it and every message is lost). ' +
      `The backup named (${backup ? backup.note : 'none'}) still holds them in clear: keep it as safe as the messages, and destroy it once a backup of the sealed data is verified`,
  });
}

/**
 * Messages stored before search tokens existed (issue 37 item 6), or sealed just now, get theirs:
 * each is opened and its keyed tokens stored, a batch a transaction (an interrupted start resumes).
 * Logged as counts only.
 */
export async function indexStoredMessages(store: ServerStore, logger: Logger): Promise<void> {
  if (!store.messages.indexStored) return;
  const { indexed, unopened } = await store.messages.indexStored();
  if (indexed > 0) logger.info('messages.search_indexed', { count: indexed, note: 'messages stored before search by part of a name or number are now searchable' });
  if (unopened > 0) logger.warn('messages.search_unindexed', { count: unopened, note: 'messages that do not open with this server\'s keys could not be made searchable' });
}
