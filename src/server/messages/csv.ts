import type { StoredMessage } from '../store/types.js';

/**
 * CSV export of contact messages (RFC 4180: every cell quoted, quotes doubled, CRLF rows). Cells a
 * spreadsheet would run as a formula (=, +, -, @, and tab / carriage return, which some programs
 * strip before looking) get a leading apostrophe: a visitor's message must never execute on the
 * operator's machine.
 */
export const CSV_COLUMNS = ['id', 'receivedAt', 'site', 'firstName', 'lastName', 'email', 'phone', 'service', 'message'] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula-guarded, quoted. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The whole file, with a UTF-8 byte-order mark so spreadsheet programs read accents and emoji right. */
export function messagesCsv(messages: Iterable<StoredMessage>): string {
  const rows = [CSV_COLUMNS.map(csvCell).join(',')];
  for (const m of messages) rows.push(CSV_COLUMNS.map((k) => csvCell(m[k])).join(','));
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
