/**
 * Copy of what patients look for first (issue 23): the week's hours, the dated exceptions, the
 * way there, and whether the clinic takes new patients or sees them by video. Said plainly and
 * promising nothing the clinic has not said in its config.
 */
import type { Site } from '../page-model.js';

/** The home page's section with the hours, the address and the facts. */
export function visitSection(site: Site): { title: string } {
  // No lead paragraph: on a phone the section follows the hero, and its hours must be within the
  // first two screens (issue 35); the heading says what it holds.
  return { title: `Hours & Location in ${site.city}` };
}

export const HOURS_TITLE: string = 'Office Hours';
export const SPECIAL_HOURS_TITLE: string = 'Special Hours';
export const ADDRESS_TITLE: string = 'Address';
export const DIRECTIONS_LINK: string = 'Get directions';
/** Said to screen readers after the link text: the link leaves the site. */
export const DIRECTIONS_WHERE: string = ' (opens Google Maps)';
export const BOOK_ONLINE_TITLE: string = 'Book Online';
export const BOOK_ONLINE_LINK: string = 'Schedule a consultation online';
export const BOOK_ONLINE_NOTE: string = 'Pick a time on our online booking page, or send us a message and our team will contact you within 24 hours.';

/** A fact the config states, as a line patients scan: what it is and what it means for them. */
export interface VisitFact {
  icon: 'check-circle' | 'x-circle' | 'users' | 'phone';
  title: string;
  description: string;
}

/** The facts the config states (a fact left out of the config is not shown, neither yes nor no). */
export function visitFacts(site: Site): VisitFact[] {
  const c = site.config;
  const facts: VisitFact[] = [];
  if (c.isAcceptingNewPatients === true) {
    facts.push({ icon: 'check-circle', title: 'Accepting new patients', description: 'New patients can schedule a first consultation.' });
  } else if (c.isAcceptingNewPatients === false) {
    facts.push({
      icon: 'x-circle',
      title: 'Not accepting new patients right now',
      description: 'Current patients can schedule follow-up visits as usual. Call us to ask when new appointments open.',
    });
  }
  if (c.telehealth === true) {
    facts.push({
      icon: 'phone',
      title: 'Video visits available',
      description: 'Some visits can take place by secure video. Your provider decides when an in-person visit or lab work is needed.',
    });
  } else if (c.telehealth === false) {
    facts.push({ icon: 'users', title: 'In-person visits only', description: 'Every visit takes place at the clinic.' });
  }
  return facts;
}

/** The heading over the city's own questions on the home page, after the six of the specification (the specification notes, decision 12). */
export function localFaqTitle(site: Site): string {
  return `Questions About Our ${site.city} Clinic`;
}
