import type { Migration } from '../migrations.js';

/**
 * Version 15: a value sealed by the data key is stored only under the store's current key (issue
 * 38 item 1, docs/decisions/027-data-key-ring.md). A server left running with a key `keys rotate`
 * retired would otherwise seal new messages (and second factors) with it, and once the old key is
 * dropped nothing opens them. The check is the database's, in the writing transaction: a sealed
 * value names its key (`v1.<key id>.`, crypto/data-key.ts seal), and while `store_meta` records a
 * key id (from a server's first start on), a value naming another is refused.
 */
const retired = (column: string) =>
  `(NEW.${column} IS NOT NULL AND EXISTS (SELECT 1 FROM store_meta WHERE key = 'data_key_id' AND value <> substr(NEW.${column}, 4, 16)))`;
const refuse = `SELECT RAISE(ABORT, 'clinic-gen: sealed by a data key the store no longer uses (store_meta data_key_id)');`;

export const V15: readonly Migration[] = [
  {
    version: 15,
    name: 'values sealed only by the store’s current data key',
    sql: `
      CREATE TRIGGER messages_sealed_by_current_key BEFORE INSERT ON messages
        WHEN ${retired('sealed_key')} BEGIN ${refuse} END;
      CREATE TRIGGER messages_resealed_by_current_key BEFORE UPDATE OF sealed_key ON messages
        WHEN NEW.sealed_key IS NOT OLD.sealed_key AND ${retired('sealed_key')} BEGIN ${refuse} END;
      CREATE TRIGGER accounts_sealed_by_current_key BEFORE INSERT ON accounts
        WHEN ${retired('totp_secret')} OR ${retired('totp_pending')} BEGIN ${refuse} END;
      CREATE TRIGGER accounts_resealed_by_current_key BEFORE UPDATE OF totp_secret, totp_pending ON accounts
        WHEN (NEW.totp_secret IS NOT OLD.totp_secret AND ${retired('totp_secret')})
          OR (NEW.totp_pending IS NOT OLD.totp_pending AND ${retired('totp_pending')})
        BEGIN ${refuse} END;
    `,
  },
];
