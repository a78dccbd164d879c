import { getJson } from '../api.js';

/** The audit trail (docs/decisions/017-staff-accounts.md): one record for every sign-in, read, change and export. */

export interface AuditRecord {
  seq: number;
  at: string;
  /** An account's or a token's id. */
  actor: string;
  actorName: string;
  address: string;
  action: string;
  /** The object ids (route parameters). */
  object: string;
  /** The HTTP status the request got. */
  outcome: number;
}

export interface AuditPage {
  records: AuditRecord[];
  total: number;
  page: number;
  pageSize: number;
  /** Every action name, for the filter. */
  actions: string[];
  actors: { id: string; label: string }[];
}

/** The filters as the form holds them: empty strings for "any". */
export interface AuditFilters {
  actor: string;
  action: string;
  city: string;
  /** YYYY-MM-DD. */
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { actor: '', action: '', city: '', from: '', to: '' };
export const PAGE_SIZE = 50;

/** The query string of a set of filters (empty ones left out) and, for the list, a page. */
export function auditQuery(f: AuditFilters, page?: number, pageSize = PAGE_SIZE): string {
  const q = new URLSearchParams();
  for (const key of ['actor', 'action', 'city', 'from', 'to'] as const) {
    const v = f[key].trim();
    if (v) q.set(key, v);
  }
  if (page !== undefined) {
    q.set('page', String(page));
    q.set('pageSize', String(pageSize));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** How many pages `total` records fill (at least one, so "page 1 of 1" reads right when empty). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / Math.max(1, pageSize)));

/** Whether the From date comes after the To date (both YYYY-MM-DD, so they compare as text). */
export const datesReversed = (f: Pick<AuditFilters, 'from' | 'to'>) => f.from !== '' && f.to !== '' && f.from > f.to;

export const getAudit = (f: AuditFilters, page: number) => getJson<AuditPage>(`/api/audit${auditQuery(f, page)}`);
export const auditCsvUrl = (f: AuditFilters) => `/api/audit.csv${auditQuery(f)}`;

/** The outcome of a record in words beside its status code. */
export function outcomeLabel(status: number): string {
  if (status >= 200 && status < 400) return 'Done';
  if (status === 401) return 'Refused: not signed in or wrong credentials';
  if (status === 403) return 'Refused: not allowed';
  if (status === 404) return 'Not found';
  if (status === 409) return 'Refused: conflict';
  if (status === 429) return 'Refused: too many attempts';
  if (status >= 400 && status < 500) return 'Refused';
  return 'Failed';
}
