/**
 * Which messages the admin asks for (decision 017): every city's for an owner and a front desk of
 * all cities; a front desk that works some cities asks only for theirs, one request a city, and
 * shows the newest of them together. An editor asks for none (counts only, elsewhere).
 */

/** The newest messages shown, as before accounts: one page of 50. */
export const PAGE_SIZE = 50;

const list = (site?: string) => `/api/messages?page=1&pageSize=${PAGE_SIZE}${site === undefined ? '' : `&site=${encodeURIComponent(site)}`}`;

/**
 * The GET /api/messages requests for a scope (null: every city) and the city chosen in the filter
 * (undefined: all in scope). A city outside the scope is never asked for.
 */
export function messageUrls(scope: string[] | null, site: string | undefined): string[] {
  if (scope === null) return [list(site)];
  if (site !== undefined) return scope.includes(site) ? [list(site)] : [];
  return scope.map((s) => list(s));
}

/** Several cities' newest messages as one list: newest first, `limit` of them, the totals added. */
export function mergeNewest<T extends { receivedAt: string }>(pages: { messages: T[]; total: number }[], limit = PAGE_SIZE): { messages: T[]; total: number } {
  if (pages.length === 1) return pages[0]!;
  const messages = pages
    .flatMap((p) => p.messages)
    .sort((a, b) => Date.parse(b.receivedAt) - Date.parse(a.receivedAt))
    .slice(0, limit);
  return { messages, total: pages.reduce((n, p) => n + p.total, 0) };
}

/** The rows of a per-city table that are in scope (all for null). */
export function inScope<T extends { site: string }>(rows: T[], scope: string[] | null): T[] {
  return scope === null ? rows : rows.filter((r) => scope.includes(r.site));
}
