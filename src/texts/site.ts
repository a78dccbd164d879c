import type { Message } from './message.js';

/* Texts of the generated site's own pages (the contact form's are in contact.ts). */

/**
 * The 404 page (NOTES.md decision 15: the spec's line under the heading is a developer's
 * placeholder and is never shown): what happened, why it may have, and the way back below.
 */
export const notFound = {
  title: 'Page Not Found',
  message: 'The page you were looking for is not here. The link may be old, or the address may be mistyped.',
  hint: 'Try one of these pages instead:',
} satisfies Message;

/* The brand site's identity (issue 36 item 4): the header, the phone's bar and the not-found page of one brand with many locations. */

/** The header's link to the directory of locations, on every page of a brand site. */
export const brandLocationsLink = { title: 'Locations' } satisfies Message;

/** Beside a location's name under the header of its pages: the way to another clinic; `message` is said to screen readers before the name. */
export const brandChangeClinic = { title: 'Change clinic', message: 'Your clinic:' } satisfies Message;

/**
 * On the brand's own pages, which belong to no clinic, where a city's pages offer its phone: the
 * header's button and the phone's bar. `message` is the header button's short word on a phone,
 * `hint` what a screen reader hears of the bar.
 */
export const brandFindClinic = { title: 'Find a clinic', message: 'Clinics', hint: 'Find a clinic near you' } satisfies Message;

/** The brand's not-found page, in place of a city's contact page and phone: its locations, each with its own. */
export const brandNotFoundClinics = {
  title: 'Call or visit a clinic',
  message: 'Each of our clinics answers its own phone and messages.',
} satisfies Message;

/** Each location's link to its contact page on the brand's not-found page. */
export const brandContactLink = { title: 'Contact' } satisfies Message;
