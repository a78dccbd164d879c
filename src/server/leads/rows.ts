import { createHash } from 'node:crypto';
import { LANGS, type Lang } from '../../config/languages.js';
import type { MessageSealer, SealedColumns } from './sealing.js';
import type { AddResult, NewMessage, StoredMessage } from './store.js';

/**
 * What the SQLite and PostgreSQL message stores share (as cities/rows.ts does for cities): the
 * row, its mapping, and the decisions both must make alike.
 */

/** A row of `messages` as both stores read it (sqlite-store.ts and pg-store.ts). */
export interface MessageRow {
  id: number;
  public_id: string;
  received_at: string;
  site: string | null;
  city: string;
  page: string;
  origin: string;
  referer: string;
  /** 0 or 1 in SQLite, a boolean in PostgreSQL. */
  registered: number | boolean;
  /** The language of the page it was sent from (migration 19, PostgreSQL's 16): 'en' or 'es', in clear. */
  language: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  /** The patient's words sealed (leads/sealing.ts); null for a row from before, still in clear. */
  sealed: string | null;
  sealed_key: string | null;
}

export const MESSAGE_COLUMNS = 'id, public_id, received_at, site, city, page, origin, referer, registered, language, first_name, last_name, email, phone, service, message, sealed, sealed_key';

/** Rows read per statement by `all()`: small enough to keep the export's memory flat. */
export const EXPORT_CHUNK = 500;

/**
 * A row as the admin reads it: a sealed row opened with `sealer`, or marked `unreadable` with why
 * when it does not open (it never reads as another message's words); a row from before in clear as it is.
 */
export function toMessage(r: MessageRow, sealer?: MessageSealer): StoredMessage {
  if (r.sealed !== null && r.sealed !== undefined) {
    // One message that does not open is shown as such, with why; the others still read.
    const unreadable = (why: string) => ({ ...plainPart(r), firstName: '', lastName: '', email: '', phone: '', service: '', message: '', unreadable: why });
    if (!sealer || !r.sealed_key) return unreadable(`message ${r.public_id} is sealed and this server was given no key to open it`);
    try {
      return { ...plainPart(r), ...sealer.open({ id: r.public_id, site: r.site ?? '', receivedAt: r.received_at }, r.sealed, r.sealed_key) };
    } catch (err) {
      return unreadable((err as Error).message);
    }
  }
  return {
    ...plainPart(r),
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    service: r.service,
    message: r.message,
  };
}

/** What a row holds in clear, sealed or not. `site` is NULL only for rows from before migration 2 when no home clinic was given to fill them. */
function plainPart(r: MessageRow) {
  return { id: r.public_id, receivedAt: r.received_at, site: r.site ?? '', city: r.city, page: r.page, origin: r.origin, referer: r.referer, registered: Boolean(r.registered), language: languageOf(r.language) };
}

/** A stored language as the admin reads it: one this release knows, else English (the root every site has). */
export const languageOf = (stored: string | null | undefined): Lang => (LANGS as readonly (string | null | undefined)[]).includes(stored) ? (stored as Lang) : 'en';

/**
 * The patient's columns of a message about to be stored: sealed, the plain ones left empty; or,
 * with no sealer (a store opened without a data key: tests of the store alone), in clear.
 */
export function patientColumns(id: string, m: NewMessage, sealer: MessageSealer | undefined) {
  if (!sealer) return { first_name: m.firstName, last_name: m.lastName, email: m.email, phone: m.phone, service: m.service, message: m.message, ...NOT_SEALED };
  return sealedPatientColumns(sealer.seal({ id, site: m.site, receivedAt: m.receivedAt }, m));
}

/** The patient's columns of a message sealed already (seal-worker.ts): the words in clear left empty. */
export function sealedPatientColumns(s: SealedColumns) {
  return {
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    service: '',
    message: '',
    sealed: s.sealed,
    sealed_key: s.sealedKey,
    email_index: s.emailIndex,
    phone_index: s.phoneIndex,
    name_index: s.nameIndex,
    // Its search tokens go to `message_search` in the same transaction, so it is stored searchable (1).
    search_tokens: s.searchTokens as string[] | null,
    search_indexed: 1 as 1 | null,
  };
}

/**
 * A message in clear has no search tokens (they are keyed): `search_indexed` NULL leaves it to
 * the backfill once it is sealed (MessageStore.indexStored).
 */
const NOT_SEALED = { sealed: null, sealed_key: null, email_index: null, phone_index: null, name_index: null, search_tokens: null, search_indexed: null };

/** The Idempotency-Key's hash of a post: keyed when the store seals (a bare hash of a short message could be guessed). */
export function postHash(m: NewMessage, sealer: MessageSealer | undefined): string {
  return sealer ? sealer.bodyHash(m) : bodyHash(m);
}

/**
 * What makes two posts "the same message" under one Idempotency-Key: what the visitor wrote and
 * where it was filed, not when or over which connection it arrived. Shared by both stores, so a key keeps its meaning whichever store holds it.
 */
export function bodyHash(m: NewMessage): string {
  const parts = [m.firstName, m.lastName, m.email, m.phone, m.service, m.message, m.site, m.page];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
}

/**
 * The answer to a post whose Idempotency-Key is already stored: the same message again (a retry:
 * the stored id, nothing stored twice), or another message under a used key (a conflict: it must
 * not vanish silently). `hash` is bodyHash of the new post; a stored row without a hash predates
 * hashing and counts as the same.
 */
export function sameKeyResult(existing: { id: string; hash: string | null }, hash: string | null): AddResult {
  if (existing.hash !== null && existing.hash !== hash) return { conflict: true };
  return { id: existing.id, duplicate: true };
}
