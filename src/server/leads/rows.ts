import { createHash } from 'node:crypto';
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
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
}

export const MESSAGE_COLUMNS = 'id, public_id, received_at, site, city, page, origin, referer, registered, first_name, last_name, email, phone, service, message';

/** Rows read per statement by `all()`: small enough to keep the export's memory flat. */
export const EXPORT_CHUNK = 500;

export function toMessage(r: MessageRow): StoredMessage {
  return {
    id: r.public_id,
    receivedAt: r.received_at,
    // NULL only for rows from before migration 2 when no home clinic was given to fill them.
    site: r.site ?? '',
    city: r.city,
    page: r.page,
    origin: r.origin,
    referer: r.referer,
    registered: Boolean(r.registered),
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    service: r.service,
    message: r.message,
  };
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
