/** Titles of the pages that have no copy module of their own title: the legal pages' h1. */
export const PRIVACY_TITLE: string = 'Privacy Policy';
export const TERMS_TITLE: string = 'Terms & Conditions';
/** A social card's alt text: its headline, then the clinic and where it is. */
export function cardAlt(headline: string, name: string, city: string, stateName: string): string {
  return `${headline}: ${name} in ${city}, ${stateName}`;
}
