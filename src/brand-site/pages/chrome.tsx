import { Icon } from '../../pages/components/icons.js';
import { useBrandPage } from './context.js';
import { HOME_NAME, LOCATIONS_NAME, LOCATIONS_PATH, statePath } from './model.js';
import { statesOf } from './states.js';

/** The brand site's nav: its home and the locations directory. */
const NAV = [
  { path: '/', label: HOME_NAME },
  { path: LOCATIONS_PATH, label: LOCATIONS_NAME },
];

/**
 * The city sites' header (src/pages/components/header.tsx) for the brand: logo, nav with the
 * current page marked, and the locations link where a city has its phone (the brand has none).
 * Below `xl` the nav moves into the same popover drawer: light dismiss, Escape and focus return
 * come from the platform, `autofocus` moves focus into it when it opens.
 */
export function BrandHeader() {
  const { url } = useBrandPage();
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2">
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <BrandLogo place="header" />
        <nav aria-label="Main" className="hidden xl:block">
          <NavLinks listClass="flex items-center gap-6 text-sm whitespace-nowrap" linkClass={(current) => (current ? 'text-brand font-semibold underline decoration-2 underline-offset-8' : 'text-slate-700 hover:text-brand')} />
        </nav>
        <div className="flex flex-none items-center gap-2">
          <a href={url(LOCATIONS_PATH)} className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg bg-brand px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-dark">
            <Icon name="map-pin" className="h-4 w-4" />
            <span className="hidden sm:inline">Find a clinic</span>
            {/* On a phone the short word leaves the brand's name its room, as "Call" does on the city pages. */}
            <span className="max-[359px]:sr-only sm:hidden">Clinics</span>
          </a>
          <button
            type="button"
            popoverTarget="menu-drawer"
            aria-controls="menu-drawer"
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 xl:hidden"
          >
            <Icon name="menu" label="Open menu" />
          </button>
        </div>
      </div>
      <div id="menu-drawer" popover="auto" className="drawer xl:hidden" role="dialog" aria-label="Menu">
        <div className="flex h-16 items-center justify-between border-b border-slate-200 px-5">
          <span className="font-semibold text-slate-900">Menu</span>
          <button
            type="button"
            popoverTarget="menu-drawer"
            popoverTargetAction="hide"
            autoFocus
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100"
          >
            <Icon name="close" label="Close menu" />
          </button>
        </div>
        <nav aria-label="Mobile">
          <NavLinks
            listClass="space-y-1 p-4"
            linkClass={(current) => `block rounded-lg px-4 py-3 text-lg ${current ? 'bg-brand-soft font-semibold text-brand' : 'text-slate-800 hover:bg-slate-100'}`}
          />
        </nav>
      </div>
    </header>
  );
}

function NavLinks({ listClass, linkClass }: { listClass: string; linkClass: (current: boolean) => string }) {
  const { path, url } = useBrandPage();
  return (
    <ul className={listClass}>
      {NAV.map((r) => (
        <li key={r.path}>
          <a href={url(r.path)} aria-current={r.path === path ? 'page' : undefined} className={linkClass(r.path === path)}>
            {r.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The brand's logo linking home: its image, or the activity mark and the name (the city sites' Logo). */
export function BrandLogo({ place }: { place: 'header' | 'footer' }) {
  const { model, url } = useBrandPage();
  const dark = place === 'footer';
  const image = dark ? (model.logoLight ?? model.logo) : model.logo;
  const plate = dark && !model.logoLight && image !== undefined;
  const nameInImage = image !== undefined && model.logoIncludesName === true;
  return (
    <a href={url('/')} className="inline-flex min-h-11 min-w-0 items-center gap-2 sm:gap-3" aria-label={`${model.name} home`}>
      {image ? (
        <span className={`flex min-w-0 items-center ${plate ? 'rounded-lg bg-white px-2.5 py-1.5 shadow-sm' : ''}`}>
          <img
            src={image.onSite ? url(image.src) : image.src}
            alt=""
            width={image.size?.width ?? 160}
            height={image.size?.height ?? 40}
            loading={dark ? 'lazy' : undefined}
            className={`w-auto min-w-0 object-contain object-left ${nameInImage ? 'h-10 max-w-[10.5rem] sm:h-12 sm:max-w-[16rem]' : 'h-10 max-w-[6rem]'}`}
          />
        </span>
      ) : (
        <span aria-hidden="true" className="flex h-9 w-9 flex-none items-center justify-center rounded-lg bg-brand text-white">
          <Icon name="activity" className="h-5 w-5" />
        </span>
      )}
      {!nameInImage && (
        <span className={`min-w-0 leading-tight font-bold break-words ${dark ? 'text-lg text-white' : 'text-base text-slate-900 sm:text-lg'}`}>{model.name}</span>
      )}
    </a>
  );
}

/** The dark footer of the city sites: the brand and its description, the states with locations, the directory. */
export function BrandFooter() {
  const { model, url } = useBrandPage();
  const states = statesOf(model.locations);
  return (
    <footer className="bg-slate-900 text-slate-300">
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
