import { LegalSections } from '../../pages/legal/legal-page.js';
import { copyOf } from '../../pages/content/copy.js';
import type { LegalParagraph, LegalSection } from '../../pages/content/types.js';
import type { Site } from '../../pages/page-model.js';
import { useBrandPage } from './context.js';
import { brandCrumb, stateList } from './directory.js';
import { BrandDocument } from './document.js';
import { brandPaths, type BrandModel } from './model.js';
import { statesOf } from './states.js';
import { BRAND_WORDS } from './words.js';

/** The locations in the directory's order. */
const everyLocation = (model: BrandModel) => statesOf(model.locations).flatMap((s) => s.locations);

/** `Florida and Georgia`, `Florida y Georgia`. */
const cityList = (model: BrandModel) => stateList(statesOf(model.locations), model.lang);

/**
 * The city pages' policy copy as the brand's (NOTES.md decision 14): the brand's name, its
 * effective date and governing law; no city's payment methods, and the opening and contact
 * sections rewritten for a group of clinics. The copy's other paragraphs name no city.
 */
function brandSite(model: BrandModel): Site {
  const first = model.locations[0]!.site;
  return {
    ...first,
    name: model.name,
    effectiveDate: model.legal.effectiveDate,
    costs: undefined,
    config: { ...first.config, legal: { ...first.config.legal, governingLaw: model.legal.governingLaw } },
  };
}

/** The brand's contact lines closing its policies: its name and email, then each clinic's phone. */
function brandContact(model: BrandModel): LegalParagraph[] {
  return [
    model.name,
    [BRAND_WORDS[model.lang].email, { text: model.legal.email, href: `mailto:${model.legal.email}` }],
    ...everyLocation(model).map((l): LegalParagraph => [`${l.site.fullAddress}: `, { text: l.site.phone, href: l.site.telHref, nowrap: true }]),
  ];
}

export function brandPrivacySections(model: BrandModel): LegalSection[] {
  const sections = copyOf(model.lang).privacy.privacySections(brandSite(model));
  sections[0] = { ...sections[0]!, paragraphs: [BRAND_WORDS[model.lang].privacyOpening(model.name, cityList(model))] };
  return sections.map((s) => (s.contact ? { ...s, contact: brandContact(model) } : s));
}

/**
 * The terms' section on governing law, by its place: the English copy's section of that heading,
 * each language's copy having its sections in the same order (a Spanish heading is not English).
 */
function governingLawIndex(site: Site): number {
  return copyOf('en').terms.termsSections(site).findIndex((s) => s.heading === 'Governing Law');
}

export function brandTermsSections(model: BrandModel): LegalSection[] {
  const site = brandSite(model);
  const words = BRAND_WORDS[model.lang];
  const law = governingLawIndex(site);
  return copyOf(model.lang).terms.termsSections(site).map((s, i) => {
    if (i === 0) return { ...s, paragraphs: [words.termsOpening(model.name, cityList(model))] };
    if (i === law)
      return {
        ...s,
        paragraphs: [words.governingLaw(model.legal.governingLaw)],
        // Each location's own courts (its config's legal, decision 14), in one list.
        list: everyLocation(model).map((l) => words.governingLawAt(`${l.site.city}, ${l.site.stateCode}`, l.site.config.legal.governingLaw, l.site.config.legal.courts)),
      };
    if (s.contact) return { ...s, contact: brandContact(model) };
    return s;
  });
}

/** `/privacy/` and `/terms/` of the brand site: the brand's, once, for every location (issue 36). */
export function BrandLegalPage({ kind }: { kind: 'privacy' | 'terms' }) {
  const { model, lang, paths, url } = useBrandPage();
  const words = BRAND_WORDS[lang];
  const { pages, ui } = copyOf(lang);
  const title = kind === 'privacy' ? pages.PRIVACY_TITLE : pages.TERMS_TITLE;
  const path = kind === 'privacy' ? paths.privacy : paths.terms;
  // In the model's language, the page's (render.tsx renders a model's pages in its language).
  const sections = kind === 'privacy' ? brandPrivacySections(model) : brandTermsSections(model);
  const description = kind === 'privacy' ? words.privacyDescription(model.name) : words.termsDescription(model.name);
  // The copy links the policies by their English routes (`/privacy/`): the page's language's.
  const en = brandPaths('en');
  const inLang = (t: string) => (t === en.privacy ? paths.privacy : t === en.terms ? paths.terms : t);
  return (
    <BrandDocument meta={{ title: `${title} | ${model.name}`, description }} crumbs={[brandCrumb(model, paths.homeName, paths.home), brandCrumb(model, title, path)]}>
      <article className="mx-auto max-w-3xl px-4 pt-10 pb-16 sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-600">{ui.effectiveDate(model.legal.effectiveDate)}</p>
        <LegalSections sections={sections} url={(t) => url(inLang(t))} />
      </article>
    </BrandDocument>
  );
}
