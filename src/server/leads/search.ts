import { facets, type InboxFilter, type InboxItem, type InboxPage } from './inbox.js';
import { itemOf, type InboxRow } from './inbox-rows.js';
import { toMessage, type MessageRow } from './rows.js';
import { DIGIT_RUN, digitRuns, nameWords, normalizeEmail, normalizeName, normalizePhone, phoneDigits, type MessageSealer } from './sealing.js';
import type { StoredMessage } from './store.js';

/**
 * Finding a patient the way the desk is asked (issue 37 item 6): by a last name alone, a first
 * name alone, an email, or any 4 digits or more of a phone number. What patients wrote stays
 * sealed: a message is found through keyed tokens (sealing.ts searchTokens, in `message_search`),
 * every token of the query must be among the message's, and each candidate is then opened and
 * checked against the query here, on the server, so a candidate the tokens alone would give (two
 * runs of 4 digits apart in the number, a collision) never shows. Exact matches (the whole name,
 * number or email) come first, then the newest.
 *
 * The query lives in memory only: the tokens are keyed, and neither the query nor what it found
 * is logged or recorded (the audit trail records that a search was made).
 */

/** Messages a block of the SQLite index holds: `id >> SEARCH_BLOCK_BITS` (migration 12, as migration 8's lookups). */
export const SEARCH_BLOCK_BITS = 8;

/** At most this many candidates are opened for one search, the newest; the answer says when there were more. */
export const SEARCH_CANDIDATES = 1000;

export type MatchRank = 'exact' | 'partial';

/** A query made ready for a store: its tokens, and the check of a candidate once opened. */
export interface SearchPlan {
  kind: 'email' | 'phone' | 'name';
  /** Keyed tokens every match holds (distinct, at least one). */
  tokens: string[];
  /** How an opened message answers the query: exact, partial, or not at all (a false candidate). */
  match(m: Pick<StoredMessage, 'firstName' | 'lastName' | 'email' | 'phone'>): MatchRank | undefined;
}

/** Why a query cannot be searched. */
export type Refusal = 'empty' | 'too-few-digits';

/**
 * The plan of a query: an email when it has an `@`; a phone number when it holds only digits and
 * the signs numbers are written with (at least DIGIT_RUN digits); a name otherwise, each of its
 * words to be found among the message's first and last names.
 */
export function planSearch(q: string, sealer: MessageSealer): SearchPlan | { refused: Refusal } {
  const text = q.trim();
  if (text.includes('@')) {
    const email = normalizeEmail(text);
    return { kind: 'email', tokens: [sealer.emailToken(email)], match: (m) => (normalizeEmail(m.email) === email ? 'exact' : undefined) };
  }
  if (/^[\d\s()+.-]+$/.test(text)) {
    const digits = text.replace(/\D/g, '');
    if (digits.length < DIGIT_RUN) return { refused: digits.length === 0 ? 'empty' : 'too-few-digits' };
    const whole = normalizePhone(text);
    return {
      kind: 'phone',
      tokens: digitRuns(digits).map((four) => sealer.digitsToken(four)),
      match: (m) => (normalizePhone(m.phone) === whole ? 'exact' : phoneDigits(m.phone).includes(digits) ? 'partial' : undefined),
    };
  }
  const words = [...new Set(nameWords(text))];
  if (words.length === 0) return { refused: 'empty' };
  const asked = words.join(' ');
  return {
    kind: 'name',
    tokens: words.map((w) => sealer.nameWordToken(w)),
    match(m) {
      const have = new Set(nameWords(`${m.firstName} ${m.lastName}`));
      if (!words.every((w) => have.has(w))) return undefined;
      const first = normalizeName(m.firstName);
      const last = normalizeName(m.lastName);
      const whole = [first, last, `${first} ${last}`.trim(), `${last} ${first}`.trim()];
      return whole.includes(normalizeName(text)) || whole.includes(asked) ? 'exact' : 'partial';
    },
  };
}

/** A page of search results: an inbox page, and whether more candidates than SEARCH_CANDIDATES were found (the oldest left out). */
export interface SearchPage extends InboxPage {
  capped: boolean;
}

/**
 * The tokens of a stored sealed message (the backfill, MessageStore.indexStored), or undefined
 * when it does not open with this server's keys.
 */
export function tokensOf(r: MessageRow, sealer: MessageSealer): string[] | undefined {
  if (!r.sealed || !r.sealed_key) return undefined;
  try {
    return sealer.searchTokens(sealer.open({ id: r.public_id, site: r.site ?? '', receivedAt: r.received_at }, r.sealed, r.sealed_key));
  } catch {
    return undefined;
  }
}

/**
 * The answer of a search from its candidates: `rows`, newest first, holding every token of the
 * plan and within the filter's scope, assignee and dates but not its city and status (the counts
 * leave those out, as the list's do). Each is opened and checked; the counts are those of the
 * matches; the list is the matches within the city and status, exact ones first, then newest.
 */
export function searchPage(rows: InboxRow[], sealer: MessageSealer | undefined, filter: InboxFilter, plan: SearchPlan, pageNo: number, pageSize: number, capped: boolean): SearchPage {
  const found: { row: InboxRow; item: InboxItem; rank: MatchRank }[] = [];
  for (const row of rows) {
    const m = toMessage(row, sealer);
    // A message that does not open cannot be checked, so it is not shown as a match.
    if (m.unreadable !== undefined) continue;
    const rank = plan.match(m);
    if (!rank) continue;
    found.push({ row, item: itemOf(row, m), rank });
  }
  const counts = facets(
    found.map((f) => ({ site: f.item.site, city: f.item.city, status: f.item.status, n: 1 })),
    filter,
  );
  const listed = found
    .filter((f) => (filter.site === undefined || f.item.site === filter.site) && (filter.status === undefined || f.item.status === filter.status))
    // Stable: within each rank the rows keep their order, newest first.
    .sort((a, b) => (a.rank === b.rank ? 0 : a.rank === 'exact' ? -1 : 1));
  const start = (pageNo - 1) * pageSize;
  return { items: listed.slice(start, start + pageSize).map((f) => f.item), total: listed.length, ...counts, capped };
}
