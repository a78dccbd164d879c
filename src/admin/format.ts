/** A date as the admin shows it: "Nov 22, 2026, 10:46 AM" in the operator's locale, short enough to fit a phone. */
const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Formats an ISO time stamp; an unreadable one is shown as it came rather than as "Invalid Date". */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : FORMAT.format(d);
}
