import type { StoredMessage } from './store.js';

/**
 * CSV export of contact messages (RFC 4180: every cell quoted, quotes doubled, CRLF rows). Cells a
 * spreadsheet would run as a formula (=, +, -, @, and tab / carriage return, which some programs
 * strip before looking) get a leading apostrophe: a visitor's message must never execute on the
 * operator's machine.
 */
export const CSV_COLUMNS = ['id', 'receivedAt', 'city', 'site', 'page', 'origin', 'referer', 'registered', 'firstName', 'lastName', 'email', 'phone', 'service', 'message'] as const;

const FORMULA_START = /^[=+\-@\t\r]/;
/** Rows per chunk of the stream: a few hundred KB at most, whatever the number of messages. */
const ROWS_PER_CHUNK = 200;

/** One CSV cell: formula-guarded, quoted. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** `registered`: whether the origin is one of the city's known addresses, as yes or no. */
const cellOf = (m: StoredMessage, k: (typeof CSV_COLUMNS)[number]) => (k === 'registered' ? (m.registered ? 'yes' : 'no') : m[k]);
const csvRow = (m: StoredMessage) => `${CSV_COLUMNS.map((k) => csvCell(cellOf(m, k))).join(',')}\r\n`;

/**
 * The file as a stream, built while it is sent: rows are pulled from `messages` (a lazy iterator
 * over the store) a chunk at a time as the client reads, so 40,000 messages never sit in memory.
 * It starts with a UTF-8 byte-order mark so spreadsheet programs read accents and emoji right.
 */
export function messagesCsvStream(messages: AsyncIterable<StoredMessage> | Iterable<StoredMessage>): ReadableStream<Uint8Array> {
  const rows = Symbol.asyncIterator in messages ? messages[Symbol.asyncIterator]() : messages[Symbol.iterator]();
  const encoder = new TextEncoder();
  let head = `\uFEFF${CSV_COLUMNS.map(csvCell).join(',')}\r\n`;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // A fast reader pulls the next chunk at once: without this turn of the event loop an export
      // of 40,000 messages would answer no other request until it is done.
      await new Promise<void>((resolve) => setImmediate(resolve));
      let text = head;
      head = '';
      for (let i = 0; i < ROWS_PER_CHUNK; i++) {
        const next = await rows.next();
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        text += csvRow(next.value);
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await rows.return?.();
    },
  });
}

/** The whole file as one string (small exports and tests). */
export async function messagesCsv(messages: AsyncIterable<StoredMessage> | Iterable<StoredMessage>): Promise<string> {
  return new Response(messagesCsvStream(messages)).text();
}
