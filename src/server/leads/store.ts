import type { ContactMessage } from '../../config/contact.js';

/**
 * A validated contact message plus where and when it arrived (docs/decisions/010-leads-by-city.md):
 * filed under the city its form names when this server knows that city, with the Origin and the
 * Referer kept as evidence.
 */
export interface NewMessage extends Omit<ContactMessage, 'site' | 'page'> {
  /** City slug of the site it was filed under (`tampa`); '' when no known site could be named. */
  site: string;
  /** That site's city (`Tampa`); '' when this server does not know the site. */
  city: string;
  /** The page holding the form, relative to the site (`contact/`); '' when the form did not say. */
  page: string;
  /** The post's Origin header ('null' for an opaque one), or this server's own origin for posts without one. */
  origin: string;
  /** The Referer's origin and path (never its query, which can carry an email or an ad-click id); '' without one. */
  referer: string;
  /**
   * Whether `origin` is one of the city's known addresses (its domain, its website, this server for
   * the home clinic, the sites origin for a deployed city). False: the admin says the message was
   * sent from an address not registered for that city. Never moves the message to another city.
   */
  registered: boolean;
  /** ISO 8601 time the server received it. */
  receivedAt: string;
}

export interface StoredMessage extends NewMessage {
  /** Public id (a UUID); row numbers stay internal so the count of messages is not exposed. */
  id: string;
}

/**
 * What `add` did: stored it, or found the Idempotency-Key already used (`duplicate`, the same id
 * back), or found the key used for a different message (`conflict`: nothing stored).
 */
export type AddResult = { id: string; duplicate: boolean } | { conflict: true };

export interface MessagePage {
  messages: StoredMessage[];
  total: number;
}

/** Which messages a list or an export covers; no field, every message. */
export interface MessageFilter {
  /** Only the messages filed under this city slug ('' = the ones of no known site). */
  site?: string;
}

/** Messages per site, for the admin's count per city. */
export interface SiteCount {
  site: string;
  city: string;
  last7Days: number;
  last30Days: number;
  total: number;
}

/** Storage of contact messages, as the routes see it. */
export interface MessageStore {
  /** Resolves once the message is committed to disk (fsync), never earlier. */
  add(message: NewMessage, idempotencyKey?: string): Promise<AddResult>;
  /** Newest first; `page` counts from 1; `total` counts what the filter covers. */
  list(page: number, pageSize: number, filter?: MessageFilter): Promise<MessagePage>;
  /**
   * Every message the filter covers, oldest first, for the CSV export. Read lazily in small chunks,
   * so 40,000 messages are never in memory at once.
   */
  all(filter?: MessageFilter): AsyncIterable<StoredMessage>;
  /** Count per site, received in the 7 and 30 days before `now` and in all; most messages first. */
  countBySite(now: Date): Promise<SiteCount[]>;
}
