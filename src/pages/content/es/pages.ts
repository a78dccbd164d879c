/** Titles of the pages that have no copy module of their own title: the Spanish counterpart of ../pages.ts. */
export const PRIVACY_TITLE: string = 'Política de privacidad';
export const TERMS_TITLE: string = 'Términos del servicio';
/** A social card's alt text: its headline, then the clinic and where it is. */
export function cardAlt(headline: string, name: string, city: string, stateName: string): string {
  return `${headline}: ${name} en ${city}, ${stateName}`;
}
