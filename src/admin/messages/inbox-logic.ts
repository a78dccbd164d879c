/**
 * The front desk's inbox as the admin sees it (issue 22, docs/decisions/018-inbox.md): the shapes
 * of /api/inbox, the words each state is shown in, and the pure rules of the view (which query a
 * set of filters makes, how old a message reads, who a message may be given to). The states
 * themselves are src/config/inbox-states.ts, shared with the server.
 */

import { type CloseReason, type Status } from '../../config/inbox-states.js';
import type { Lang } from '../../config/languages.js';
import type { inboxSearch } from '../../contract/inbox-search.js';
import { inboxList } from '../../contract/inbox.js';
import type { RequestOf } from '../../contract/route.js';

export { CLOSE_REASONS, STATUSES, type CloseReason, type Status } from '../../config/inbox-states.js';

export const STATUS_LABELS: Record<Status, string> = { new: 'New', contacted: 'Contacted', booked: 'Booked', closed: 'Closed' };

export const CLOSE_REASON_LABELS: Record<CloseReason, string> = {
  not_candidate: 'Not a candidate',
  no_answer: 'No answer',
  chose_elsewhere: 'Chose another clinic',
  duplicate: 'Duplicate',
};

/** The shapes of the inbox's answers: a row, a page, a note, a message in full, someone to give it to (src/contract/inbox.ts). */
export type { Assignee, InboxItem, InboxPage, MessageDetail, Note } from '../../contract/inbox.js';
import type { Assignee, InboxPage } from '../../contract/inbox.js';

/**
 * The list's filters as the view holds them. `site` undefined is every city ('' is "Unknown
 * city"); `assignee` '' is anyone, `none` nobody; dates are YYYY-MM-DD or ''. Never anything a
 * patient wrote: the search text is kept apart and only ever sent in a body.
 */
export interface InboxFilters {
  site?: string;
  status?: Status;
  assignee: string;
  from: string;
  to: string;
  /** Only the messages not closed (the "My open" saved filter). */
  open?: boolean;
  /** Only the messages sent from pages in this language (issue 40); undefined: any. */
  language?: Lang;
}

export const NO_FILTERS: InboxFilters = { assignee: '', from: '', to: '' };
export const PAGE_SIZE = 50;

/** The filters as fields of a query or a body: only those set. */
function filterFields(f: InboxFilters): { site?: string; status?: Status; assignee?: string; language?: Lang; from?: string; to?: string; open?: boolean } {
  const out: { site?: string; status?: Status; assignee?: string; language?: Lang; from?: string; to?: string; open?: boolean } = {};
  if (f.site !== undefined) out.site = f.site;
  if (f.status) out.status = f.status;
  if (f.assignee) out.assignee = f.assignee;
  if (f.language) out.language = f.language;
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  if (f.open) out.open = true;
  return out;
}

/** The query of GET /api/inbox for a set of filters and a page. */
export function listQuery(f: InboxFilters, page: number, pageSize = PAGE_SIZE): Record<string, string> {
  const { open, ...rest } = filterFields(f);
  return { ...rest, ...(open ? { open: 'true' } : {}), page: String(page), pageSize: String(pageSize) };
}

/** The address of GET /api/inbox for a set of filters and a page. */
export const inboxUrl = (f: InboxFilters, page: number, pageSize = PAGE_SIZE): string => `${inboxList.path}?${new URLSearchParams(listQuery(f, page, pageSize)).toString()}`;

/** The address of the owner's export (GET /api/inbox.csv) of a set of filters: the filter, never a search. */
export function exportUrl(f: InboxFilters): string {
  const { open, ...rest } = filterFields(f);
  const q = new URLSearchParams({ ...rest, ...(open ? { open: 'true' } : {}) }).toString();
  return `/api/inbox.csv${q ? `?${q}` : ''}`;
}

/** Today as the server reads the date filters (a UTC day), for "New today". */
export const todayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** The saved filters (issue 37 item 7): "My open" is the messages of `me` not closed, "New today" the new ones received today. */
export const SAVED_FILTERS = {
  mine: (me: string): InboxFilters => ({ ...NO_FILTERS, assignee: me, open: true }),
  today: (day: string): InboxFilters => ({ ...NO_FILTERS, status: 'new', from: day }),
};

/** Which saved filter `f` is, if any. */
export function savedFilterOf(f: InboxFilters, me: string, day: string): keyof typeof SAVED_FILTERS | undefined {
  const same = (a: InboxFilters, b: InboxFilters) => a.site === b.site && a.status === b.status && a.assignee === b.assignee && a.from === b.from && a.to === b.to && !!a.open === !!b.open && a.language === b.language;
  if (me && same(f, SAVED_FILTERS.mine(me))) return 'mine';
  if (same(f, SAVED_FILTERS.today(day))) return 'today';
  return undefined;
}

/** The body of POST /api/inbox/search (src/contract/inbox-search.ts): the search text travels here, never in an address. */
export function searchBody(q: string, f: InboxFilters, page: number, pageSize = PAGE_SIZE): RequestOf<typeof inboxSearch> {
  return { q: q.trim(), ...filterFields(f), page, pageSize };
}

/** How a message's city reads: its name, the slug of a city this server does not know, or "Unknown city". */
export const cityLabel = (m: { site: string; city: string }): string => m.city || m.site || 'Unknown city';

/** A status in words, with the reason of a closed message ("Closed: No answer"). */
export function statusLabel(status: Status, reason: CloseReason | null): string {
  return status === 'closed' && reason ? `${STATUS_LABELS.closed}: ${CLOSE_REASON_LABELS[reason]}` : STATUS_LABELS[status];
}

/** How long ago `iso` was, as the list says it ("just now", "5 min ago", "3 h ago", "2 days ago"); an unreadable time stays as it came. */
export function ageOf(iso: string, now: number): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const minutes = Math.floor(Math.max(0, now - t) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days < 60) return days === 1 ? '1 day ago' : `${days} days ago`;
  const months = Math.floor(days / 30.44);
  if (months < 24) return `${months} months ago`;
  return `${Math.floor(days / 365.25)} years ago`;
}

/** Which messages a page shows, as "1–50 of 230" (none: "0 of 0"). */
export function rangeLabel(page: number, pageSize: number, total: number): string {
  if (total === 0) return '0 of 0';
  const first = (page - 1) * pageSize + 1;
  return `${Math.min(first, total)}–${Math.min(page * pageSize, total)} of ${total}`;
}

/** How many pages `total` messages fill (one at least). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / Math.max(1, pageSize)));

/**
 * Who a message of `site` may be given to: the active front desk working that city (or every
 * city), by name. The one who has it now stays in the list even when they no longer qualify, so
 * the select shows the truth; the server refuses giving it to them again.
 */
export function assigneesFor(all: Assignee[], site: string, current: string | null): Assignee[] {
  return all
    .filter((a) => a.id === current || (a.active && (a.cities === null || a.cities.includes(site))))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** An assignee's name for the list; an id no longer known reads as such. */
export function assigneeName(all: Assignee[], id: string | null): string {
  if (id === null) return 'Nobody';
  return all.find((a) => a.id === id)?.name ?? 'Someone no longer on staff';
}

/** The options of the city filter: each city with its count, the chosen one kept even when it has none now. */
export function cityOptions(byCity: InboxPage['byCity'], chosen: string | undefined): { site: string; label: string; count: number }[] {
  const rows = byCity.map((c) => ({ site: c.site, label: cityLabel(c), count: c.count }));
  if (chosen !== undefined && !rows.some((r) => r.site === chosen)) rows.push({ site: chosen, label: cityLabel({ site: chosen, city: '' }), count: 0 });
  return rows;
}

/** Retention as the form holds it: "until deleted", or a number of days typed as text. */
export interface RetentionDraft {
  keep: 'forever' | 'days';
  days: string;
}

/** The days to send for a retention draft, or the problem with it. */
export function retentionValue(d: RetentionDraft, min: number, max: number): { ok: true; days: number | null } | { ok: false; error: string } {
  if (d.keep === 'forever') return { ok: true, days: null };
  const text = d.days.trim();
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) return { ok: false, error: `Enter a whole number of days from ${min} to ${max}.` };
  return { ok: true, days: n };
}

/** Whether the From date comes after the To date (YYYY-MM-DD compare as text). */
export const datesReversed = (f: Pick<InboxFilters, 'from' | 'to'>) => f.from !== '' && f.to !== '' && f.from > f.to;
