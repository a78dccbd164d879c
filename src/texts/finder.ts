import type { Message } from './message.js';

/*
 * The brand site's "find your clinic" box (issue 24 and 36, decision 020): its labels, rendered in
 * the static page (src/brand-site/locator-markup.tsx), and the answers the island writes in its
 * live line (src/brand-site/islands/locator.ts). One export an entry, so the island carries only
 * the ones it reads. A text that names a value is a function of strings.
 */

/** The box's heading and its search button. */
export const finderTitle = { title: 'Find your clinic' } satisfies Message;
/** Under the heading, with script: what the box does. */
export const finderIntro = { title: 'Enter your ZIP code, or use your location, to list our clinics from the nearest.' } satisfies Message;
/** Under the heading, without script: the list by state is the box. */
export const finderIntroNoScript = { title: 'Choose the clinic nearest you.' } satisfies Message;
export const finderZipLabel = { title: 'ZIP code' } satisfies Message;
export const finderUseLocation = { title: 'Use my location' } satisfies Message;
/** The ranked list's heading before any search (it is hidden until one). */
export const finderResultsTitle = { title: 'Nearest clinics' } satisfies Message;
/** The ranked list's heading after a search: "Nearest to 33544", "Nearest to your location". */
export const finderNearestHeading = (place: string): Message => ({ title: `Nearest to ${place}` });
/** The place of a search by the browser's location, in the lines above. */
export const finderYourLocation = { title: 'your location' } satisfies Message;

/** A distance: "less than 1 mile", or `finderMiles('4')`, "4 miles" (the number as written for a reader). */
export const finderLessThanAMile = { title: 'less than 1 mile' } satisfies Message;
export const finderMiles = (miles: string): Message => ({ title: miles === '1' ? '1 mile' : `${miles} miles` });
/** A card's distance in the ranked list: "4 miles away". */
export const finderAway = (distance: string): Message => ({ title: `${distance} away` });

/** The live line after a search with a clinic near: "Nearest to 33544: Wesley Chapel, 4 miles." */
export const finderNearestTo = (place: string, clinic: string, distance: string): Message => ({
  title: distance ? `Nearest to ${place}: ${clinic}, ${distance}.` : `Nearest to ${place}: ${clinic}.`,
});
/**
 * The live line when every clinic is far (more than locator-core.ts FAR_MILES): the brand, the
 * nearest clinic's place and its distance, "The nearest Northstar Men's Health clinic is Tampa, FL,
 * 412 miles away."; the line goes on with a link to that clinic's contact form (finderContactNearest).
 */
export const finderFarNearest = (brand: string, place: string, distance: string): Message => ({
  title: `The nearest ${brand} clinic is ${place}, ${distance} away.`,
});
/** The link after finderFarNearest, to the nearest clinic's contact form. */
export const finderContactNearest = (city: string): Message => ({ title: `Send our ${city} clinic a message` });

/** While the ZIP codes load (the first search, or a ZIP outside the listed states). */
export const finderLooking = (zip: string): Message => ({ title: `Looking up ZIP code ${zip}…` });
/** What was typed is not a ZIP code. */
export const finderInvalid = { title: 'Enter a 5-digit ZIP code, like 33607.' } satisfies Message;
/** A well-formed ZIP that no table holds: not a ZIP at all, or a ZIP of PO boxes or one business, which has no area on the map. */
export const finderUnknownZip = (zip: string): Message => ({
  title: `We cannot find ZIP code ${zip}.`,
  hint: 'Check it, or enter the ZIP code of a street address (PO box ZIP codes are not on our map), or choose a clinic from the list.',
});
export const finderLoadFailed = { title: 'The list of ZIP codes did not load.', hint: 'Check your connection and try again.' } satisfies Message;
export const finderLocating = { title: 'Finding your location…' } satisfies Message;
export const finderGeoDenied = { title: 'Your browser did not share your location.', hint: 'Enter your ZIP code instead.' } satisfies Message;
export const finderGeoFailed = { title: 'Your location could not be found.', hint: 'Enter your ZIP code instead.' } satisfies Message;
