import type { CitySummary } from '../cities-api.js';
import { lookupState } from '../../config/states.js';

/**
 * What the list of cities shows at 50 cities and more (issue 23 item 7): a search by name, one of
 * four filters and a sort on one column. Pure, so the list's logic is tested without a browser.
 */

export type SortKey = 'city' | 'state' | 'lastDeploy' | 'messages';
export type SortDirection = 'ascending' | 'descending';
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

export type CityFilter = 'all' | 'live' | 'not-deployed' | 'changed';

/** The filter's choices, in the order the admin offers them. */
export const FILTERS: { value: CityFilter; label: string }[] = [
  { value: 'all', label: 'All cities' },
  { value: 'live', label: 'Live' },
  { value: 'not-deployed', label: 'Not deployed' },
  { value: 'changed', label: 'Changed since deploy' },
];

/** The list's first look: by city name, A to Z. */
export const DEFAULT_SORT: Sort = { key: 'city', direction: 'ascending' };

/** Live: deployed, or the clinic this server serves as its own site. */
export const isLive = (c: CitySummary): boolean => c.live || c.servedHere === true;

/**
 * The saved version is not the one live: a deployed city whose live release was built from an
 * older version (a save since, or a rollback), or from no saved version (deployed from the form).
 */
export const changedSinceDeploy = (c: CitySummary): boolean => c.live && c.liveConfigVersion !== c.version;

/** The two-letter code a state is shown as ("FL"), or the state as written when it is none. */
export const stateCode = (state: string): string => lookupState(state)?.code ?? state.trim();

/** The state's full name ("Florida") for its tooltip; the code as written when it is no US state. */
export const stateName = (state: string): string => lookupState(state)?.name ?? state.trim();

/** Lower case, accents and surrounding spaces gone: "  Saint-Jérôme " -> "saint-jerome". */
const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** St., Ft. and Mt. and their spelled forms read alike: "st pete" finds St. Petersburg, "fort myers" Ft. Myers. */
const ABBREVIATIONS: [RegExp, string][] = [
  [/\b(?:st|saint)\b\.?/g, 'saint'],
  [/\b(?:ft|fort)\b\.?/g, 'fort'],
  [/\b(?:mt|mount)\b\.?/g, 'mount'],
];
const spelled = (s: string): string => ABBREVIATIONS.reduce((t, [re, word]) => t.replace(re, word), fold(s).replace(/\s*\.\s*/g, '. ')).replace(/\s+/g, ' ').trim();

/** The area code of a US phone number as written ("(813) 555-0142" -> "813"), or undefined. */
export function areaCode(phone: string | undefined): string | undefined {
  const digits = (phone ?? '').replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? digits.slice(0, 3) : undefined;
}

/**
 * Whether a city matches what was typed (issue 39 item 9): its name holds it ("clear" finds
 * Clearwater; case, accents and St./Ft./Mt. or their spelled forms alike), or, typed as digits, its
 * ZIP code starts with them or they are its phone's area code ("813", "(813)").
 */
export function matchesSearch(c: CitySummary, query: string): boolean {
  const q = fold(query);
  if (q === '') return true;
  if (/^[\d\s()-]+$/.test(q)) {
    const digits = q.replace(/\D/g, '');
    if (digits && ((c.zipCode ?? '').startsWith(digits) || areaCode(c.phone) === digits)) return true;
  }
  return spelled(c.city).includes(spelled(query));
}

export function matchesFilter(c: CitySummary, filter: CityFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'live':
      return isLive(c);
    case 'not-deployed':
      return !isLive(c);
    case 'changed':
      return changedSinceDeploy(c);
  }
}

const byName = (a: CitySummary, b: CitySummary) => a.city.localeCompare(b.city, 'en', { sensitivity: 'base' }) || a.slug.localeCompare(b.slug);

/**
 * The rows in the order asked. A city never deployed has no last deploy: it goes last whichever the
 * direction, so the most recent deploys or the oldest ones always come first. Ties go by name.
 */
export function sortCities(cities: readonly CitySummary[], sort: Sort): CitySummary[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const compare = (a: CitySummary, b: CitySummary): number => {
    switch (sort.key) {
      case 'city':
        return sign * byName(a, b);
      case 'state':
        return sign * stateCode(a.state).localeCompare(stateCode(b.state), 'en') || byName(a, b);
      case 'messages':
        return sign * (a.messages30d - b.messages30d) || byName(a, b);
      case 'lastDeploy': {
        if (!a.lastDeployAt || !b.lastDeployAt) return (a.lastDeployAt ? -1 : 0) + (b.lastDeployAt ? 1 : 0) || byName(a, b);
        return sign * (Date.parse(a.lastDeployAt) - Date.parse(b.lastDeployAt)) || byName(a, b);
      }
    }
  };
  return [...cities].sort(compare);
}

/** The cities shown: those whose name holds the search and that pass the filter, in the sort's order. */
export function visibleCities(cities: readonly CitySummary[], view: { query: string; filter: CityFilter; sort: Sort }): CitySummary[] {
  return sortCities(
    cities.filter((c) => matchesSearch(c, view.query) && matchesFilter(c, view.filter)),
    view.sort,
  );
}

/**
 * The sort after a click on a column's header: the same column turns around; another starts where
 * a person looks first (names and states A to Z, deploys and messages most first).
 */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: key === 'city' || key === 'state' ? 'ascending' : 'descending' };
}

/** What the live region says of the rows shown: "12 of 50 cities", "50 cities", "No city matches (50 in all)". */
export function resultCount(shown: number, total: number): string {
  const cities = (n: number) => `${n} ${n === 1 ? 'city' : 'cities'}`;
  if (shown === 0) return `No city matches (${total} in all)`;
  if (shown === total) return cities(total);
  return `${shown} of ${cities(total)}`;
}
