import type { Migration } from '../migrations.js';

/**
 * Version 14: the audit trail takes no record but the next (issue 38 item 5). Until now a writer
 * of the file could insert a record numbered 0 or below, or past a gap, and the chain's walk from
 * 1 never read it. Now the schema refuses it:
 * - `prev_seq` is generated from `seq` (nobody writes it): the record before (NULL for record 1),
 *   and a foreign key to that record's seq, so a record past a gap has no predecessor and is
 *   refused, and a record in the middle cannot be removed while its successor names it;
 * - a CHECK refuses a seq below 1;
 * - a trigger refuses any seq but the highest plus one (a hole refilled, and a connection that
 *   turned its foreign keys off: sqlite3's default).
 * Records already in the file stay as they are, whatever their numbers, and `audit verify` names
 * any at fault: the CHECK is added without testing existing rows (SQLite tests them at ADD COLUMN
 * unless told not to), and the foreign key is only checked on rows written from now on.
 */
export const V14: readonly Migration[] = [
  {
    version: 14,
    name: 'the audit trail takes only the next record',
    sql: `
      PRAGMA ignore_check_constraints = ON;
      ALTER TABLE audit_log ADD COLUMN prev_seq INTEGER
        GENERATED ALWAYS AS (CASE WHEN seq = 1 THEN NULL ELSE seq - 1 END) VIRTUAL
        CONSTRAINT audit_follows_previous REFERENCES audit_log (seq)
        CONSTRAINT audit_seq_from_1 CHECK (seq >= 1);
      PRAGMA ignore_check_constraints = OFF;
      CREATE TRIGGER audit_next_seq BEFORE INSERT ON audit_log
        WHEN NEW.seq IS NOT (SELECT coalesce(max(seq), 0) + 1 FROM audit_log)
        BEGIN SELECT RAISE(ABORT, 'audit_log: record ' || NEW.seq || ' is not the next record (' || (SELECT coalesce(max(seq), 0) + 1 FROM audit_log) || ')'); END;
    `,
  },
];
