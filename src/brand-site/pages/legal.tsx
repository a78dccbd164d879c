import { LegalSections } from '../../pages/legal/legal-page.js';
import { privacySections } from '../../pages/content/privacy.js';
import { termsSections } from '../../pages/content/terms.js';
import type { LegalParagraph, LegalSection } from '../../pages/content/types.js';
import type { Site } from '../../pages/page-model.js';
import { useBrandPage } from './context.js';
import { stateList } from './directory.js';
import { BrandDocument } from './document.js';
import { HOME_NAME, type BrandModel } from './model.js';
import { statesOf } from './states.js';

export const PRIVACY_PATH = '/privacy/';
export const TERMS_PATH = '/terms/';

/** The locations in the directory's order. */
const everyLocation = (model: BrandModel) => statesOf(model.locations).flatMap((s) => s.locations);

/** `Florida and Georgia`. */
const cityList = (model: BrandModel) => stateList(statesOf(model.locations));

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
    ['Email: ', { text: model.legal.email, href: `mailto:${model.legal.email}` }],
    ...everyLocation(model).map((l): LegalParagraph => [`${l.site.fullAddress}: `, { text: l.site.phone, href: l.site.telHref, nowrap: true }]),
  ];
}

export function brandPrivacySections(model: BrandModel): LegalSection[] {
  const sections = privacySections(brandSite(model));
  sections[0] = {
    ...sections[0]!,
    paragraphs: [
      `This Privacy Policy explains how ${model.name} ("we", "us" or "our"), which runs men's health clinics in ${cityList(model)}, collects, uses and protects information about visitors to our website and about our patients at each of our clinics.`,
    ],
  };
  return sections.map((s) => (s.contact ? { ...s, contact: brandContact(model) } : s));
}

export function brandTermsSections(model: BrandModel): LegalSection[] {
  const site = brandSite(model);
  return termsSections(site).map((s, i) => {
    if (i === 0)
      return {
        ...s,
        paragraphs: [
          `These Terms & Conditions govern your use of the website of ${model.name} ("we", "us" or "our") and of the services we provide at our clinics in ${cityList(model)}. By using this website or our services, you agree to these terms. If you do not agree, please do not use the website.`,
        ],
      };
    if (s.heading === 'Governing Law')
      return {
        ...s,
        paragraphs: [
          `These terms and your use of this website are governed by the laws of the State of ${model.legal.governingLaw}, without regard to its conflict of law rules. A dispute arising from the services of one of our clinics is governed by the law, and will be resolved in the courts, named for that clinic below. Any other dispute will be resolved in the courts of the State of ${model.legal.governingLaw}.`,
        ],
        // Each location's own courts (its config's legal, decision 14), in one list.
        list: everyLocation(model).map((l) => `${l.site.city}, ${l.site.stateCode}: the laws of the State of ${l.site.config.legal.governingLaw}; the courts of ${l.site.config.legal.courts}, ${l.site.config.legal.governingLaw}`),
      };
    if (s.contact) return { ...s, contact: brandContact(model) };
    return s;
  });
}

/** `/privacy/` and `/terms/` of the brand site: the brand's, once, for every location (issue 36). */
export function BrandLegalPage({ kind }: { kind: 'privacy' | 'terms' }) {
  const { model, url } = useBrandPage();
  const title = kind === 'privacy' ? 'Privacy Policy' : 'Terms & Conditions';
  const path = kind === 'privacy' ? PRIVACY_PATH : TERMS_PATH;
  const sections = kind === 'privacy' ? brandPrivacySections(model) : brandTermsSections(model);
  const description =
    kind === 'privacy'
      ? `How ${model.name} and its clinics collect, use and protect your personal and health information, and your rights under HIPAA.`
      : `Terms of use for the ${model.name} website and the services of its clinics: medical disclaimer, payment, cancellations and governing law.`;
  return (
    <BrandDocument
      meta={{ title: `${title} | ${model.name}`, description }}
      crumbs={[
        { name: HOME_NAME, url: `${model.origin}/`, path: '/' },
        { name: title, url: `${model.origin}${path}`, path },
      ]}
    >
      <article className="mx-auto max-w-3xl px-4 pt-10 pb-16 sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-600">Effective date: {model.legal.effectiveDate}</p>
        <LegalSections sections={sections} url={url} />
      </article>
    </BrandDocument>
  );
}
