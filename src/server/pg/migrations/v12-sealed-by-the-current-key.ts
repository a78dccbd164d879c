import type { PgMigration } from '../schema.js';

/**
 * Version 12 (SQLite's 15, issue 38 item 1): a value sealed by the data key is stored only under
 * the store's current key. The trigger reads `store_meta` afresh in the writing statement; `keys
 * rotate` changes the key id while holding the tables in SHARE mode (pg/rewrap.ts setKeyId), so a
 * write is either committed before the change (and re-wrapped by the rotation) or sees the new id.
 */
export const V12: readonly PgMigration[] = [
  {
    version: 12,
    name: 'values sealed only by the store’s current data key',
    sql: `
      CREATE FUNCTION clinic_gen_retired_key(sealed text) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $fn$
      DECLARE current_id text;
      BEGIN
        IF sealed IS NULL THEN RETURN false; END IF;
        SELECT value INTO current_id FROM store_meta WHERE key = 'data_key_id';
        RETURN current_id IS NOT NULL AND current_id <> substr(sealed, 4, 16);
      END $fn$;
      CREATE FUNCTION clinic_gen_sealed_by_current_key() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_TABLE_NAME = 'messages' THEN
          IF TG_OP = 'UPDATE' THEN
            IF NEW.sealed_key IS NOT DISTINCT FROM OLD.sealed_key THEN RETURN NEW; END IF;
          END IF;
          IF clinic_gen_retired_key(NEW.sealed_key) THEN
            RAISE EXCEPTION 'clinic-gen: sealed by a data key the store no longer uses (store_meta data_key_id)';
          END IF;
          RETURN NEW;
        END IF;
        IF TG_OP = 'UPDATE' THEN
          IF NEW.totp_secret IS DISTINCT FROM OLD.totp_secret AND clinic_gen_retired_key(NEW.totp_secret) THEN
            RAISE EXCEPTION 'clinic-gen: sealed by a data key the store no longer uses (store_meta data_key_id)';
          END IF;
          IF NEW.totp_pending IS DISTINCT FROM OLD.totp_pending AND clinic_gen_retired_key(NEW.totp_pending) THEN
            RAISE EXCEPTION 'clinic-gen: sealed by a data key the store no longer uses (store_meta data_key_id)';
          END IF;
        ELSIF clinic_gen_retired_key(NEW.totp_secret) OR clinic_gen_retired_key(NEW.totp_pending) THEN
          RAISE EXCEPTION 'clinic-gen: sealed by a data key the store no longer uses (store_meta data_key_id)';
        END IF;
        RETURN NEW;
      END $fn$;
      CREATE TRIGGER messages_sealed_by_current_key BEFORE INSERT OR UPDATE OF sealed_key ON messages
        FOR EACH ROW EXECUTE FUNCTION clinic_gen_sealed_by_current_key();
      CREATE TRIGGER accounts_sealed_by_current_key BEFORE INSERT OR UPDATE OF totp_secret, totp_pending ON accounts
        FOR EACH ROW EXECUTE FUNCTION clinic_gen_sealed_by_current_key();
    `,
  },
];
