import type { Migration } from '../migrations.js';

/**
 * Version 19 (issue 40 item 6): a message says the language of the page it was sent from, so the
 * inbox shows "Wrote in Spanish" and filters by it, and the notification says so. A plain column
 * beside `page` (which already names that page): the language is not what the patient wrote, so it
 * is not sealed. Every message stored before came from an English page ('en').
 */
export const V19: readonly Migration[] = [
  {
    version: 19,
    name: 'messages say the language of their page',
    sql: `ALTER TABLE messages ADD COLUMN language TEXT NOT NULL DEFAULT 'en';`,
  },
];
