import { Icon } from '../../pages/components/icons.js';
import { HeaderFrame } from '../../pages/components/header.js';
import { LogoLink } from '../../pages/components/logo.js';
import { useBrandPage } from './context.js';
import { ACTION_BAR_CLASS } from '../../pages/components/action-bar.js';
import { brandFindClinic, brandLocationsLink } from '../../texts/site.js';
import { HOME_NAME, LOCATIONS_PATH, statePath } from './model.js';
import { statesOf } from './states.js';

/** The brand site's nav: its home and the locations directory, as on its locations' pages (src/pages/components/header.tsx). */
const NAV = [
  { path: '/', label: HOME_NAME },
  { path: LOCATIONS_PATH, label: brandLocationsLink.title },
];

/** The header's nav: home, each treatment's page at the brand's root, the directory: the same as a location's page shows (header.tsx). */
function headerNav(services: readonly { path: string; navLabel?: string }[]) {
  return [NAV[0]!, ...services.flatMap((s) => (s.navLabel ? [{ path: s.path, label: s.navLabel }] : [])), NAV[1]!];
}

/**
 * The city sites' header (src/pages/components/header.tsx) for the brand: logo, nav with the
 * current page marked, and the locations link where a city has its phone (the brand has none).
 * Below `xl` the nav moves into the same popover drawer: light dismiss, Escape and focus return
 * come from the platform, `autofocus` moves focus into it when it opens.
 */
export function BrandHeader() {
  const { model, path, url } = useBrandPage();
  return (
    <HeaderFrame
      logo={<BrandLogo place="header" />}
      nav={headerNav(model.services)}
      current={path}
      url={url}
      action={
        <a href={url(LOCATIONS_PATH)} className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg bg-brand px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-dark">
          <Icon name="map-pin" className="h-4 w-4" />
          <span className="hidden sm:inline">{brandFindClinic.title}</span>
          {/* On a phone the short word leaves the brand's name its room, as "Call" does on the city pages. */}
          <span className="max-[359px]:sr-only sm:hidden">{brandFindClinic.message}</span>
        </a>
      }
    />
  );
}

/**
 * The phone's bar of the city pages (src/pages/components/action-bar.tsx) on the brand's own
 * pages, which belong to no clinic: Find a clinic, leading to the directory, where a city's pages
 * offer Call, Book and Directions. Fixed to the bottom below `sm`; the body leaves room for it.
 */
export function BrandActionBar() {
  const { url } = useBrandPage();
  return (
    <nav aria-label={brandFindClinic.hint} className={`${ACTION_BAR_CLASS} fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white shadow-[0_-2px_8px_rgb(15_23_42/0.08)] sm:hidden print:hidden`}>
      <a href={url(LOCATIONS_PATH)} className="flex h-14 items-center justify-center gap-2 bg-brand font-semibold text-white hover:bg-brand-dark focus-visible:outline-white focus-visible:-outline-offset-4">
        <Icon name="map-pin" className="h-5 w-5" />
        {brandFindClinic.title}
      </a>
    </nav>
  );
}

/** The brand's logo linking home: its image, or the activity mark and the name (the city sites' Logo). */
export function BrandLogo({ place }: { place: 'header' | 'footer' }) {
  const { model, url } = useBrandPage();
  return <LogoLink place={place} name={model.name} logo={model.logo} logoLight={model.logoLight} includesName={model.logoIncludesName === true} url={url} />;
}

/** The dark footer of the city sites: the brand and its description, the states with locations, the directory. */
export function BrandFooter() {
  const { model, url } = useBrandPage();
  const states = statesOf(model.locations);
  return (
    <footer className="dark-surface bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <BrandLogo place="footer" />
          <p className="mt-4 max-w-md">{model.description}</p>
        </div>
        <nav aria-labelledby="footer-states">
          <h2 id="footer-states" className="font-semibold text-white">
            Clinics by State
          </h2>
          <ul className="mt-4 space-y-2">
            {states.map((s) => (
              <li key={s.code}>
                <a href={url(statePath(s.code))} className="hover:text-white">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="font-semibold text-white">
            Explore
          </h2>
          <ul className="mt-4 space-y-2">
            {NAV.map((r) => (
              <li key={r.path}>
                <a href={url(r.path)} className="hover:text-white">
                  {r.path === '/' ? `${model.name} home` : 'All locations'}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto max-w-6xl px-4 py-6 text-sm sm:px-6">
          <p>© {model.name}. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
