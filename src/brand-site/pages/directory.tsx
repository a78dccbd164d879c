import type { Lang } from '../../config/languages.js';
import { HoursList } from '../../pages/components/visit.js';
import { copyOf } from '../../pages/content/copy.js';
import { useBrandPage } from './context.js';
import { BrandDocument } from './document.js';
import { brandPaths, type BrandLocation, type BrandModel, type BrandPaths } from './model.js';
import { statesOf, type StateGroup } from './states.js';
import { BRAND_WORDS } from './words.js';

/** A step of a brand page's trail: its name, its absolute URL on the brand domain and its path. */
export function brandCrumb(model: Pick<BrandModel, 'origin'>, name: string, path: string) {
  return { name, url: `${model.origin}${path}`, path };
}

/** The trail of the directory in the model's language: Home, Locations, then the state when on its page. */
export function directoryCrumbs(model: BrandModel, state?: StateGroup, paths: BrandPaths = brandPaths(model.lang)) {
  return [
    brandCrumb(model, paths.homeName, paths.home),
    brandCrumb(model, paths.locationsName, paths.locations),
    ...(state ? [brandCrumb(model, state.name, paths.state(state.code))] : []),
  ];
}

/** `Florida`, `Florida and Georgia`, `Florida, Georgia and Texas`; `Florida y Georgia`. */
export function stateList(states: readonly StateGroup[], lang: Lang = 'en'): string {
  return BRAND_WORDS[lang].list(states.map((s) => s.name));
}

/** /locations/: every state with locations, each with its locations' address, phone, the week's hours and link. */
export function LocationsPage() {
  const { model, lang, paths, url } = useBrandPage();
  const words = BRAND_WORDS[lang];
  const states = statesOf(model.locations);
  const where = stateList(states, lang);
  return (
    <BrandDocument
      meta={{
        title: words.locationsTitle(model.name),
        description: words.directoryDescription(model.name, model.locations.length, where),
      }}
      crumbs={directoryCrumbs(model, undefined, paths)}
    >
      <DirectoryHero eyebrow={model.name} title={words.ourLocations} lead={words.directoryLead(model.locations.length, where)} />
      {states.map((s, i) => (
        <section key={s.code} aria-labelledby={`state-${s.code.toLowerCase()}`} className={`${i % 2 ? 'bg-slate-50' : 'bg-white'} py-14 sm:py-20`}>
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id={`state-${s.code.toLowerCase()}`} className="text-3xl font-bold tracking-tight text-slate-900">
              <a href={url(paths.state(s.code))} className="underline underline-offset-8 hover:text-brand">
                {s.name}
              </a>
            </h2>
            <p className="mt-2 text-slate-600">{words.clinics(s.locations.length)}</p>
            <LocationList locations={s.locations} />
          </div>
        </section>
      ))}
    </BrandDocument>
  );
}

/** /locations/<st>/: the state's locations. Written only for a state with locations. */
export function StatePage({ state }: { state: StateGroup }) {
  const { model, lang, paths } = useBrandPage();
  const words = BRAND_WORDS[lang];
  const n = state.locations.length;
  return (
    <BrandDocument
      meta={{
        title: words.stateTitle(state.name, model.name),
        description: words.directoryDescription(model.name, n, state.name),
      }}
      crumbs={directoryCrumbs(model, state, paths)}
    >
      <DirectoryHero eyebrow={model.name} title={words.mensHealthClinicsIn(state.name)} lead={words.directoryLead(n, state.name)} />
      <section aria-labelledby="state-clinics" className="bg-white py-14 sm:py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="state-clinics" className="text-3xl font-bold tracking-tight text-slate-900">
            {words.clinicsIn(n, state.name)}
          </h2>
          <LocationList locations={state.locations} />
        </div>
      </section>
    </BrandDocument>
  );
}

function DirectoryHero({ eyebrow, title, lead }: { eyebrow: string; title: string; lead: string }) {
  return (
    <section className="dark-surface bg-gradient-to-br from-slate-900 via-slate-900 to-brand-dark pt-28 pb-16 text-white sm:pt-32 sm:pb-20">
      <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
        <p className="mb-3 text-sm font-semibold tracking-wide text-slate-200 uppercase">{eyebrow}</p>
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-200">{lead}</p>
      </div>
    </section>
  );
}

/** The character that stands for the way to the site's root in a card rendered once for every page (cards.tsx). */
export const ROOT_TOKEN = '\uE002';

/**
 * Locations as cards. A card is rendered once a build and reused by every page that lists it (the
 * directory and its state's page): 1,000 locations are 2,000 cards, and React at about half a
 * millisecond each would cost a second. Its links go through the root (`../../locations/fl/tampa/`),
 * so only the way to the root differs from page to page.
 */
function LocationList({ locations }: { locations: BrandLocation[] }) {
  const { root, cardHtml } = useBrandPage();
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {locations.map((l) => (
        <li key={l.path} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 text-slate-700 shadow-sm" dangerouslySetInnerHTML={{ __html: cardHtml(l).split(ROOT_TOKEN).join(root) }} />
      ))}
    </ul>
  );
}

/**
 * A location as the directory shows it: its city linked to its page, its name when not the
 * brand's, address, tap-to-call phone, and the week's hours (a static page cannot know today).
 */
export function LocationCard({ location }: { location: BrandLocation }) {
  const { model, lang, url } = useBrandPage();
  const site = location.site;
  return (
    <>
      <h3 className="text-xl font-semibold text-slate-900">
        <a href={url(location.path)} className="text-brand underline underline-offset-2 hover:text-brand-dark">
          {site.city}, {site.stateCode}
        </a>
      </h3>
      {site.name !== model.name && <p className="mt-1 text-slate-600">{site.name}</p>}
      <address className="mt-3 not-italic">
        {site.addressLines[0]}
        <br />
        {site.addressLines[1]}
        <br />
        {/* A line of its own, as tall as the line (24 px): a thumb's target, not a link in a sentence. */}
        <a href={site.telHref} className="inline-block font-semibold whitespace-nowrap text-brand underline underline-offset-2 hover:text-brand-dark">
          {site.phone}
        </a>
      </address>
      <p className="mt-4 font-semibold text-slate-900">{copyOf(lang).visit.HOURS_TITLE}</p>
      <HoursList hours={site.hours} className="mt-2" />
    </>
  );
}
