import type { Logger } from '../log/logger.js';
import type { AuditHead, AuditStore } from './store.js';

/**
 * The trail's head published outside the database (issue 38 item 5, as Certificate Transparency
 * publishes its signed tree heads): whoever can write the database can remove its newest records
 * and leave a whole, shorter chain, but not the lines the server already wrote to its log, nor the
 * values a metrics server already scraped. The MAC is keyed (store.ts recordMac): without the key
 * nobody can make a record with a head's MAC, so `clinic-gen audit verify --head SEQ:MAC` proves
 * the trail still reaches that head.
 */

/** How often, in records, the server logs the head besides its start and stop (docs/security.md). */
export const AUDIT_HEAD_EVERY = 100;

/** The fewest hex digits of a MAC `--head` accepts: the 12 of `clinicgen_audit_head_mac48`, 48 bits no one guesses. */
const MIN_MAC_DIGITS = 12;

/** `SEQ:MAC`, as the log prints it and `audit verify --head` reads it. */
export const headText = (h: AuditHead) => `${h.seq}:${h.mac}`;

/** Reads `SEQ:MAC` (the MAC whole, or its first 12 or more hex digits); an error names what is wrong. */
export function parseHead(text: string): { ok: true; head: AuditHead } | { ok: false; error: string } {
  const m = /^\s*(\d+):([0-9a-fA-F]+)\s*$/.exec(text);
  if (!m) return { ok: false, error: `--head: "${text}" is not SEQ:MAC (a record's number, a colon and its MAC in hex, as the server's "audit.head" log line prints it)` };
  const seq = Number(m[1]);
  if (!Number.isSafeInteger(seq) || seq < 1) return { ok: false, error: `--head: the record number ${m[1]} must be 1 or more` };
  if (m[2]!.length < MIN_MAC_DIGITS || m[2]!.length > 64) return { ok: false, error: `--head: the MAC must have ${MIN_MAC_DIGITS} to 64 hex digits (it has ${m[2]!.length})` };
  return { ok: true, head: { seq, mac: m[2]!.toLowerCase() } };
}

export type HeadMoment = 'start' | 'stop' | 'every';

/** The log line of a head: `audit.head` with the moment, the sequence, the MAC and the command that checks it. */
export function logHead(logger: Logger, moment: HeadMoment, head: AuditHead | undefined, every = AUDIT_HEAD_EVERY): void {
  logger.info('audit.head', {
    moment: moment === 'every' ? `every ${every} records` : moment,
    seq: head?.seq ?? 0,
    mac: head?.mac ?? '',
    ...(head ? { verify: `clinic-gen audit verify --head ${headText(head)}` } : { note: 'the trail is empty' }),
  });
}

/**
 * The server's head log: the store it returns logs the head each time an append makes a record
 * whose number is a multiple of `every` (on several servers, whichever wrote it); `log` writes it
 * at start and at stop. A head that cannot be read is logged as a warning, never stops the server.
 */
export function auditHeadLog(store: AuditStore, logger: Logger, every = AUDIT_HEAD_EVERY): { audit: AuditStore; log(moment: 'start' | 'stop'): Promise<void> } {
  return {
    audit: {
      ...store,
      append: async (entry, mac) => {
        const record = await store.append(entry, mac);
        if (record.seq % every === 0) logHead(logger, 'every', record, every);
        return record;
      },
    },
    log: async (moment) => {
      try {
        logHead(logger, moment, await store.head());
      } catch (err) {
        logger.warn('audit.head_unread', { moment, error: (err as Error).message });
      }
    },
  };
}

/**
 * The head as metric values, read when scraped: its sequence, and the first 48 bits of its MAC as a
 * number (exact in a float64), so a metrics server keeps the head's history too. Undefined for an
 * empty trail; a store that cannot answer rejects (the registry keeps the last value).
 */
export function auditHeadMetrics(store: AuditStore): () => Promise<{ seq: number; mac48: number } | undefined> {
  return async () => {
    const head = await store.head();
    return head && { seq: head.seq, mac48: Number.parseInt(head.mac.slice(0, MIN_MAC_DIGITS), 16) };
  };
}
