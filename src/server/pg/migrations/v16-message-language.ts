import type { PgMigration } from '../schema.js';

/**
 * Version 16 (SQLite's 19, issue 40 item 6): a message says the language of the page it was sent
 * from, in clear beside `page` (not the patient's words: not sealed). Messages stored before are
 * English ('en'); a constant default adds the column without rewriting the table.
 */
export const V16: readonly PgMigration[] = [
  {
    version: 16,
    name: 'messages say the language of their page',
    sql: `ALTER TABLE messages ADD COLUMN language TEXT NOT NULL DEFAULT 'en';`,
  },
];
