import { HoursList } from '../../pages/components/visit.js';
import { HOURS_TITLE } from '../../pages/content/visit.js';
import { useBrandPage } from './context.js';
import { BrandDocument } from './document.js';
import { HOME_NAME, LOCATIONS_NAME, LOCATIONS_PATH, statePath, type BrandLocation, type BrandModel } from './model.js';
import { statesOf, type StateGroup } from './states.js';

/** The trail of the directory: Home, Locations, then the state when on its page. */
export function directoryCrumbs(model: BrandModel, state?: StateGroup) {
  return [
    { name: HOME_NAME, url: `${model.origin}/`, path: '/' },
    { name: LOCATIONS_NAME, url: `${model.origin}${LOCATIONS_PATH}`, path: LOCATIONS_PATH },
    ...(state ? [{ name: state.name, url: `${model.origin}${statePath(state.code)}`, path: statePath(state.code) }] : []),
  ];
}

/** `Florida`, `Florida and Georgia`, `Florida, Georgia and Texas`. */
export function stateList(states: readonly StateGroup[]): string {
  const names = states.map((s) => s.name);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const clinics = (n: number): string => `${n} ${n === 1 ? 'clinic' : 'clinics'}`;
const capitalized = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/** /locations/: every state with locations, each with its locations' address, phone, the week's hours and link. */
export function LocationsPage() {
  const { model, url } = useBrandPage();
  const states = statesOf(model.locations);
  return (
    <BrandDocument
      meta={{
        title: `Locations | ${model.name}`,
        description: `Addresses, phone numbers and opening hours of the ${model.name} ${clinics(model.locations.length)} in ${stateList(states)}.`,
      }}
      crumbs={directoryCrumbs(model)}
    >
      <DirectoryHero eyebrow={model.name} title="Our Locations" lead={`${clinics(model.locations.length)} in ${stateList(states)}. Choose a clinic to see its services, hours and how to reach it.`} />
      {states.map((s, i) => (
        <section key={s.code} aria-labelledby={`state-${s.code.toLowerCase()}`} className={`${i % 2 ? 'bg-slate-50' : 'bg-white'} py-14 sm:py-20`}>
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <h2 id={`state-${s.code.toLowerCase()}`} className="text-3xl font-bold tracking-tight text-slate-900">
              <a href={url(statePath(s.code))} className="underline underline-offset-8 hover:text-brand">
                {s.name}
              </a>
            </h2>
            <p className="mt-2 text-slate-600">{clinics(s.locations.length)}</p>
            <LocationList locations={s.locations} />
          </div>
        </section>
      ))}
    </BrandDocument>
  );
}

/** /locations/<st>/: the state's locations. Written only for a state with locations. */
export function StatePage({ state }: { state: StateGroup }) {
  const { model } = useBrandPage();
  return (
    <BrandDocument
      meta={{
        title: `${state.name} Locations | ${model.name}`,
        description: `Addresses, phone numbers and opening hours of the ${model.name} ${clinics(state.locations.length)} in ${state.name}.`,
      }}
      crumbs={directoryCrumbs(model, state)}
    >
      <DirectoryHero eyebrow={model.name} title={`Men's Health Clinics in ${state.name}`} lead={`${clinics(state.locations.length)} in ${state.name}. Choose a clinic to see its services, hours and how to reach it.`} />
      <section aria-labelledby="state-clinics" className="bg-white py-14 sm:py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <h2 id="state-clinics" className="text-3xl font-bold tracking-tight text-slate-900">
            {capitalized(clinics(state.locations.length))} in {state.name}
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
  const { model, url } = useBrandPage();
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
      <p className="mt-4 font-semibold text-slate-900">{HOURS_TITLE}</p>
      <HoursList hours={site.hours} className="mt-2" />
    </>
  );
}
