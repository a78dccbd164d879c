import { lookupState } from '../config/states.js';

/** A date as the admin shows it: "Nov 22, 2026, 10:46 AM" in the operator's locale, short enough to fit a phone. */
const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Formats an ISO time stamp; an unreadable one is shown as it came rather than as "Invalid Date". */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : FORMAT.format(d);
}

/**
 * A city with its state as every list of the admin shows it: the two-letter code ("Orlando, FL"),
 * whether its config spells the state as a code or a name (issue 23: the list mixed both). A state
 * that is no US state is shown as written.
 */
export function cityAndState(city: string, state: string): string {
  const code = lookupState(state)?.code ?? state.trim();
  return code ? `${city}, ${code}` : city;
}

/** `20241121T235501123Z-...` -> the ISO time of a release, from its id (ids sort in deploy order). */
export function releaseTimeText(id: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(id);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7]}Z` : id;
}
