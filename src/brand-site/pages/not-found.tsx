import { Icon } from '../../pages/components/icons.js';
import { PHONE_NOWRAP } from '../../pages/components/visit.js';
import { PageLinks } from '../../pages/not-found/not-found-page.js';
import { copyOf } from '../../pages/content/copy.js';
import { SITE_TEXTS } from '../../texts/by-lang.js';
import { useBrandPage } from './context.js';
import { BrandDocument } from './document.js';
import { SERVICES_ID } from './home.js';
import { statesOf } from './states.js';
import { BRAND_WORDS } from './words.js';

/** Up to this many locations the not-found page lists each, with its phone and contact page; past it, the directory and the states stand for them. */
export const NOT_FOUND_LOCATIONS_MAX = 12;

/**
 * The brand domain's not-found page, served at any depth (its links start at the root): the city
 * pages' heading and line (NOTES.md decision 15), then the way back: home, what the clinics treat,
 * the directory and each state with locations. The brand has no phone or contact page of its own:
 * where a city's not-found page offers its contact page and phone, this one lists its locations,
 * each with both (issue 36 item 4), and Find a clinic.
 */
export function BrandNotFoundPage() {
  const { model, lang, paths, url } = useBrandPage();
  const words = BRAND_WORDS[lang];
  const { notFound, brandContactLink, brandFindClinic, brandNotFoundClinics } = SITE_TEXTS[lang].site;
  const { title, message, hint } = notFound;
  const pages = [
    { path: paths.home, label: paths.homeName },
    ...(model.services.length > 0 ? [{ path: `${paths.home}#${SERVICES_ID}`, label: words.treatments }] : []),
    { path: paths.locations, label: words.allLocations },
    ...statesOf(model.locations).map((s) => ({ path: paths.state(s.code), label: words.stateLocations(s.name) })),
  ];
  const listed = model.locations.length <= NOT_FOUND_LOCATIONS_MAX ? model.locations : [];
  return (
    <BrandDocument meta={{ title: `404 ${title} | ${model.name}`, description: copyOf(lang).ui.notFoundDescription(model.name) }} notFound>
      <section className="mx-auto max-w-2xl px-4 pt-32 pb-24 text-center sm:px-6">
        <h1 className="text-4xl font-bold text-slate-900">{title}</h1>
        <p className="mt-4 text-lg text-slate-700">{message}</p>
        <p className="mt-2 text-slate-600">{hint}</p>
        <PageLinks pages={pages} url={url} lang={lang} />
        <h2 className="mt-12 text-2xl font-bold text-slate-900">{brandNotFoundClinics.title}</h2>
        <p className="mt-2 text-slate-700">{brandNotFoundClinics.message}</p>
        {listed.length > 0 && (
          <ul className="mt-6 grid gap-3 text-left sm:grid-cols-2">
            {listed.map(({ site, path }) => (
              <li key={path} className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm">
                <a href={url(path)} className="inline-flex min-h-6 items-center font-semibold text-slate-900 underline underline-offset-2 hover:text-brand">
                  {site.city}, {site.stateCode}
                </a>
                <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
                  <a href={site.telHref} className={`inline-flex min-h-6 items-center gap-1.5 hover:text-brand ${PHONE_NOWRAP}`}>
                    <Icon name="phone" className="h-4 w-4 flex-none text-brand" />
                    {site.phone}
                  </a>
                  <a href={url(paths.contact({ path }))} className="inline-flex min-h-6 items-center gap-1.5 hover:text-brand">
                    <Icon name="mail" className="h-4 w-4 flex-none text-brand" />
                    {brandContactLink.title}<span className="sr-only"> {site.city}</span>
                  </a>
                </p>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-8">
          <a href={url(paths.locations)} className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-brand px-6 py-3 font-semibold whitespace-nowrap text-white hover:bg-brand-dark">
            <Icon name="map-pin" className="h-5 w-5" />
            {brandFindClinic.title}
          </a>
        </p>
      </section>
    </BrandDocument>
  );
}
