/**
 * The languages a site may be published in (issue 40). English is every site's root; Spanish
 * pages live under `/es/` with paths of their own (src/pages/routes.ts). A person chooses a
 * language by a link: nothing here detects one.
 */
export const LANGS = ['en', 'es'] as const;
export type Lang = (typeof LANGS)[number];

/** How each language names itself (the header's link to a page's counterpart), its BCP 47 tag for hreflang, and its Open Graph locale. */
export const LANGUAGE_INFO: Record<Lang, { own: string; hreflang: string; ogLocale: string; english: string; root: string }> = {
  en: { own: 'English', hreflang: 'en-US', ogLocale: 'en_US', english: 'English', root: '/' },
  es: { own: 'Español', hreflang: 'es-US', ogLocale: 'es_US', english: 'Spanish', root: '/es/' },
};

/** The languages of a config in the order pages list them, English first. */
export function siteLanguages(languages: readonly Lang[] | undefined): Lang[] {
  const set = new Set(languages ?? ['en']);
  return LANGS.filter((l) => set.has(l));
}
