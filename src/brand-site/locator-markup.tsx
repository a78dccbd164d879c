import type { Lang } from '../config/languages.js';
import { Icon } from '../pages/components/icons.js';
import { formatPhone, telHref } from '../pages/page-model.js';
import { SITE_TEXTS } from '../texts/by-lang.js';
import { finderTitle, finderUseLocation } from '../texts/finder.js';
import { LOCATOR_IDS } from './locator-core.js';

/*
 * The "find your clinic" box of the brand home (issue 24, decision 020), rendered static. Without
 * script it is the list of locations by state, and the ZIP form is hidden (`noscript:`, the
 * `scripting: none` media query, so a page with script shows the form from the first paint and
 * nothing moves when the island starts). islands/locator.ts finds its parts by the ids below.
 */

/** One location as the box lists it. URLs are relative to the page the box is on. */
export interface LocatorLocation {
  /** Unique in the list: the location's path under /locations/, `fl/tampa`. */
  id: string;
  /** What the list calls the location, its link text: the city, `Wesley Chapel`. */
  name: string;
  /** The street address, `5950 Newberry Pines Avenue`. */
  address: string;
  city: string;
  /** The state's postal code, `FL`: locations are grouped by it. */
  stateCode: string;
  /** The state's name, `Florida`: its group's heading. */
  stateName: string;
  zipCode: string;
  /** The phone as the config has it; shown as `(813) 555-0100`, a tap-to-call link. */
  phone: string;
  /** The location's home page, `locations/fl/wesley-chapel/`. */
  href: string;
  /** Its contact form, `locations/fl/wesley-chapel/contact/`: a far answer offers the nearest one's. */
  contactHref?: string | undefined;
  /** The state's directory page, `locations/fl/`, when the site has one: the group heading links to it. */
  stateHref?: string | undefined;
  /** Where the location is (zip-table.ts `locationPoint`: the config's geo, else its ZIP's centroid); without it, it is listed last. */
  latitude?: number | undefined;
  longitude?: number | undefined;
}

export interface FindYourClinicProps {
  /** The brand's name, as a far answer says it: "The nearest Northstar Men's Health clinic is ...". */
  brand: string;
  locations: readonly LocatorLocation[];
  /** The ZIP table (zip-table.ts `zipTable(states).file`), relative to the page: `assets/zips.0123456789.txt`. */
  zipFile: string;
  /**
   * The national table (zip-table.ts `nationalZipTable().file`), relative to the page, fetched only
   * for a ZIP of a prefix `zipFile` has not got; absent, such a ZIP is not found.
   */
  nationalZipFile?: string | undefined;
  /** The box's heading level (the states' is one below, the locations' two): 2 on the brand home. */
  headingLevel?: 2 | 3 | 4;
  /** The heading; absent, the language's "Find your clinic". */
  title?: string;
  /**
   * The page's language (issue 40): the box's words, and a Spanish box's `data-lang`, by which the
   * island answers in the same language (an English box has none). Absent, English.
   */
  lang?: Lang;
}

/** The button's text and the box's default heading, in English (SITE_TEXTS[lang].finder for a language's). */
export const FIND_YOUR_CLINIC = finderTitle.title;
export const USE_MY_LOCATION = finderUseLocation.title;

const input =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-lg text-slate-900 aria-[invalid=true]:border-rose-700 sm:w-44';
const primary =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-brand px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-dark';
const secondary =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border-2 border-brand bg-white px-6 py-3 font-semibold text-brand hover:bg-brand-soft';

/**
 * The box: heading, the ZIP form (with script), the live line that says what a search found, the
 * locations by state, and the empty ranked list the island fills. Each location carries its
 * coordinates (`data-lat`, `data-lon`), its `City, ST` and its contact page for the island; the box
 * carries the brand's name and both tables' addresses. Every word is the catalogue's (src/texts/finder.ts).
 */
export function FindYourClinic({ brand, locations, zipFile, nationalZipFile, headingLevel = 2, title, lang = 'en' }: FindYourClinicProps) {
  const t = SITE_TEXTS[lang].finder;
  const H = `h${headingLevel}` as 'h2';
  const H2 = `h${headingLevel + 1}` as 'h3';
  const ids = LOCATOR_IDS;
  return (
    <section id={ids.root} aria-labelledby={ids.title} data-zips={zipFile} data-zips-us={nationalZipFile} data-brand={brand} data-lang={lang === 'en' ? undefined : lang}>
      <H id={ids.title} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title ?? t.finderTitle.title}
      </H>
      <p className="mt-3 text-lg text-slate-600 noscript:hidden">{t.finderIntro.title}</p>
      <p className="mt-3 hidden text-lg text-slate-600 noscript:block">{t.finderIntroNoScript.title}</p>
      <form role="search" aria-labelledby={ids.title} method="get" noValidate className="mt-6 noscript:hidden">
        <label htmlFor={ids.zip} className="block font-medium text-slate-800">
          {t.finderZipLabel.title}
        </label>
        <div className="mt-1 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <input
            id={ids.zip}
            name="zip"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            pattern="\s*[0-9]{5}(-?[0-9]{4})?\s*"
            aria-describedby={ids.status}
            className={input}
          />
          <button type="submit" className={primary}>
            {t.finderTitle.title}
          </button>
          <button type="button" id={ids.geo} className={secondary}>
            <Icon name="map-pin" className="h-5 w-5" />
            {t.finderUseLocation.title}
          </button>
        </div>
      </form>
      {/*
        Polite: an answer is read after what the person is doing, and is all the line holds (a far
        answer's link to the nearest clinic's contact form included), so what is read is what is
        shown; an error shows in the same line, in red.
      */}
      <p
        id={ids.status}
        role="status"
        className="mt-3 min-h-7 font-semibold text-slate-800 data-[tone=error]:text-rose-700 noscript:hidden [&_a]:flex [&_a]:w-fit [&_a]:min-h-11 [&_a]:items-center [&_a]:text-brand [&_a]:underline [&_a]:hover:text-brand-dark"
      />
      <div id={ids.states} className="mt-6 space-y-8">
        {byState(locations).map((group) => (
          <div key={group.code}>
            <H2 className="text-2xl font-bold text-slate-900">
              {group.href ? (
                <a href={group.href} className="text-brand underline hover:text-brand-dark">
                  {group.name}
                </a>
              ) : (
                group.name
              )}
            </H2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {group.locations.map((l) => (
                <LocationItem key={l.id} location={l} headingLevel={(headingLevel + 2) as 4} />
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div id={ids.results} hidden className="mt-6">
        <H2 id={ids.resultsTitle} className="text-2xl font-bold text-slate-900">
          {t.finderResultsTitle.title}
        </H2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" />
      </div>
    </section>
  );
}

/** A location's card: its name linked to its page, the distance (the island fills it), address, phone. */
function LocationItem({ location: l, headingLevel }: { location: LocatorLocation; headingLevel: 4 | 5 | 6 }) {
  const H = `h${headingLevel}` as 'h4';
  const placed = l.latitude !== undefined && l.longitude !== undefined;
  return (
    <li
      data-location={l.id}
      data-place={`${l.city}, ${l.stateCode}`}
      data-contact={l.contactHref}
      {...(placed ? { 'data-lat': l.latitude, 'data-lon': l.longitude } : {})}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <H className="text-lg font-semibold">
        <a href={l.href} className="text-brand underline hover:text-brand-dark">
          {l.name}
        </a>
      </H>
      <p data-miles="" hidden className="mt-1 font-semibold text-slate-800" />
      <p className="mt-2 text-slate-700">
        {l.address}
        <br />
        {l.city}, {l.stateCode} {l.zipCode}
      </p>
      <p className="mt-2">
        <a href={telHref(l.phone)} className="inline-flex min-h-11 items-center gap-2 font-medium whitespace-nowrap text-brand underline hover:text-brand-dark">
          <Icon name="phone" className="h-5 w-5" />
          {formatPhone(l.phone)}
        </a>
      </p>
    </li>
  );
}

interface StateGroup {
  code: string;
  name: string;
  href: string | undefined;
  locations: LocatorLocation[];
}

/** Locations by state, states by name, locations by name within a state: the same order on every build. */
export function byState(locations: readonly LocatorLocation[]): StateGroup[] {
  const groups = new Map<string, StateGroup>();
  for (const l of locations) {
    const g = groups.get(l.stateCode) ?? { code: l.stateCode, name: l.stateName, href: l.stateHref, locations: [] };
    g.href ??= l.stateHref;
    g.locations.push(l);
    groups.set(l.stateCode, g);
  }
  const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return [...groups.values()].sort(byName).map((g) => ({ ...g, locations: g.locations.sort(byName) }));
}
