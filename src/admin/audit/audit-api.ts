import { AUDIT_CSV_PATH, auditPageRoute, type AuditQuery } from '../../contract/audit.js';
import type { ResponseOf } from '../../contract/route.js';
import { callRoute } from '../api.js';

/**
 * The audit trail (docs/decisions/017-staff-accounts.md): one record for every sign-in, read, change
 * and export. Its shapes are the contract's (src/contract/audit.ts), written once for both sides.
 */

/** A page of the trail, as GET /api/audit answers it. */
export type AuditPage = ResponseOf<typeof auditPageRoute>;
/** One record: the codes it was written with, and the same in words and names. */
export type AuditRecord = AuditPage['records'][number];

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

/** The query of a set of filters (empty ones left out) and, for the list, a page. */
export function auditParams(f: AuditFilters, page?: number, pageSize = PAGE_SIZE): AuditQuery {
  const q: AuditQuery = {};
  for (const key of ['actor', 'action', 'city', 'from', 'to'] as const) {
    const v = f[key].trim();
    if (v) q[key] = v;
  }
  if (page !== undefined) {
    q.page = String(page);
    q.pageSize = String(pageSize);
  }
  return q;
}

/** The query string of `auditParams`, with its `?`, or '' for none. */
export function auditQuery(f: AuditFilters, page?: number, pageSize = PAGE_SIZE): string {
  const s = new URLSearchParams(auditParams(f, page, pageSize) as Record<string, string>).toString();
  return s ? `?${s}` : '';
}

/** How many pages `total` records fill (at least one, so "page 1 of 1" reads right when empty). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / Math.max(1, pageSize)));

/** Whether the From date comes after the To date (both YYYY-MM-DD, so they compare as text). */
export const datesReversed = (f: Pick<AuditFilters, 'from' | 'to'>) => f.from !== '' && f.to !== '' && f.from > f.to;

export const getAudit = (f: AuditFilters, page: number) => callRoute(auditPageRoute, { query: auditParams(f, page) as Record<string, string> });
export const auditCsvUrl = (f: AuditFilters) => `${AUDIT_CSV_PATH}${auditQuery(f)}`;

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

/** The outcome in one word, for a record's line: the detail says the rest. */
export const outcomeWord = (status: number): string => (status < 400 ? 'Done' : status < 500 ? 'Refused' : 'Failed');

/** Who a person is in the Person filter: the name, and the sign-in name it was recorded under when it differs. */
export const actorOption = (a: AuditPage['actors'][number]) => (a.name && a.name !== a.label ? `${a.name} (${a.label})` : a.label || a.id);
