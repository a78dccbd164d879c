import type { PgMigration } from '../schema.js';

/**
 * Version 11 (SQLite's 14, issue 38 item 5): the audit trail takes no record but the next.
 * `prev_seq` is generated from `seq` (the record before, NULL for record 1) with a foreign key to
 * that record, so a record past a gap is refused and a record in the middle cannot be removed while
 * its successor names it; a CHECK refuses a seq below 1; a trigger refuses any seq but the highest
 * plus one. Both constraints are NOT VALID: rows already stored stay as they are, whatever their
 * numbers, and `audit verify` names any at fault; every row written from now on is checked.
 */
export const V11: readonly PgMigration[] = [
  {
    version: 11,
    name: 'the audit trail takes only the next record',
    sql: `
      ALTER TABLE audit_log ADD COLUMN prev_seq BIGINT GENERATED ALWAYS AS (CASE WHEN seq = 1 THEN NULL ELSE seq - 1 END) STORED;
      ALTER TABLE audit_log ADD CONSTRAINT audit_seq_from_1 CHECK (seq >= 1) NOT VALID;
      ALTER TABLE audit_log ADD CONSTRAINT audit_follows_previous FOREIGN KEY (prev_seq) REFERENCES audit_log (seq) NOT VALID;
      CREATE INDEX audit_prev_seq ON audit_log (prev_seq);
      CREATE FUNCTION audit_next_seq() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE next_seq BIGINT;
        BEGIN
          SELECT coalesce(max(seq), 0) + 1 INTO next_seq FROM audit_log;
          IF NEW.seq IS DISTINCT FROM next_seq THEN
            RAISE EXCEPTION 'audit_log: record % is not the next record (%)', NEW.seq, next_seq USING ERRCODE = 'check_violation';
          END IF;
          RETURN NEW;
        END $$;
      CREATE TRIGGER audit_next_seq BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_next_seq();
    `,
  },
];
