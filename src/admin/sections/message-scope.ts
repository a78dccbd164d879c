/**
 * What a city's page shows of messages to the roles that read them (decision 017, issue 37 item
 * 3): counts by status and a link to the inbox, never a message. Messages are read in the inbox.
 */

/**
 * The city whose counts a city's page shows and whose inbox it links to: the page's city when the
 * reader works it; otherwise none (the counts of every city in scope, the whole inbox).
 */
export function countedCity(scope: string[] | null, city: string | undefined): string | undefined {
  if (!city) return undefined;
  return scope === null || scope.includes(city) ? city : undefined;
}

/** GET /api/inbox/counts's query for that city (none: every city in scope). */
export const countsQuery = (site: string | undefined): Record<string, string> => (site === undefined ? {} : { site });

/** The rows of a per-city table that are in scope (all for null). */
export function inScope<T extends { site: string }>(rows: T[], scope: string[] | null): T[] {
  return scope === null ? rows : rows.filter((r) => scope.includes(r.site));
}
