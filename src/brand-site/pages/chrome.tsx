import type { Lang } from '../../config/languages.js';
import { SPANISH_LABELS, type ServiceDef } from '../../config/services.js';
import { ACTION_BAR_CLASS } from '../../pages/components/action-bar.js';
import { HeaderFrame, LANGUAGE_LINK_CLASS, LanguageLinks } from '../../pages/components/header.js';
import { Icon } from '../../pages/components/icons.js';
import { LogoLink } from '../../pages/components/logo.js';
import { copyOf } from '../../pages/content/copy.js';
import { SITE_TEXTS } from '../../texts/by-lang.js';
import { useBrandPage } from './context.js';
import type { BrandPaths } from './model.js';
import { statesOf } from './states.js';
import { BRAND_WORDS } from './words.js';

/** The brand site's nav: its home and the locations directory, as on its locations' pages (src/pages/components/header.tsx), in the page's language. */
function navOf(lang: Lang, paths: BrandPaths) {
  return [
    { path: paths.home, label: paths.homeName },
    { path: paths.locations, label: SITE_TEXTS[lang].site.brandLocationsLink.title },
  ] as const;
}

/** The header's nav: home, each treatment's page at the brand's root, the directory: the same as a location's page shows (header.tsx). */
function headerNav(lang: Lang, paths: BrandPaths, services: readonly ServiceDef[]) {
  const [home, locations] = navOf(lang, paths);
  const label = (s: ServiceDef) => (lang === 'es' ? SPANISH_LABELS[s.key].navLabel : s.navLabel);
  return [home, ...services.flatMap((s) => (label(s) ? [{ path: paths.treatment(s), label: label(s)! }] : [])), locations];
}

/**
 * The city sites' header (src/pages/components/header.tsx) for the brand: logo, nav with the
 * current page marked, and the locations link where a city has its phone (the brand has none).
 * Below `xl` the nav moves into the same popover drawer: light dismiss, Escape and focus return
 * come from the platform, `autofocus` moves focus into it when it opens.
 */
export function BrandHeader() {
  const { model, lang, paths, path, url } = useBrandPage();
  const { brandFindClinic } = SITE_TEXTS[lang].site;
  // The page in the brand's other language (issue 40 item 5): its counterpart, or on the not-found page (no counterpart) the other language's home.
  const others = model.counterparts?.[path] ?? (path === paths.notFound ? (model.counterparts?.[paths.home] ?? []) : []);
  const links = others.map((o) => ({ lang: o.lang, href: url(o.path) }));
  return (
    <HeaderFrame
      lang={lang}
      logo={<BrandLogo place="header" />}
      nav={headerNav(lang, paths, model.services)}
      current={path}
      url={url}
      {...(links.length
        ? {
            drawerFooter: (
              <div className="border-t border-slate-200 p-5">
                <LanguageLinks lang={lang} links={links} className={LANGUAGE_LINK_CLASS.drawer} />
              </div>
            ),
          }
        : {})}
      action={
        <>
        <LanguageLinks lang={lang} links={links} className={LANGUAGE_LINK_CLASS.bar} />
        <a href={url(paths.locations)} className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg bg-brand px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-dark">
          <Icon name="map-pin" className="h-4 w-4" />
          <span className="hidden sm:inline">{brandFindClinic.title}</span>
          {/* On a phone the short word leaves the brand's name its room, as "Call" does on the city pages. */}
          <span className="max-[359px]:sr-only sm:hidden">{brandFindClinic.message}</span>
        </a>
        </>
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
  const { lang, paths, url } = useBrandPage();
  const { brandFindClinic } = SITE_TEXTS[lang].site;
  return (
    <nav aria-label={brandFindClinic.hint} className={`${ACTION_BAR_CLASS} fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white shadow-[0_-2px_8px_rgb(15_23_42/0.08)] sm:hidden print:hidden`}>
      <a href={url(paths.locations)} className="flex h-14 items-center justify-center gap-2 bg-brand font-semibold text-white hover:bg-brand-dark focus-visible:outline-white focus-visible:-outline-offset-4">
        <Icon name="map-pin" className="h-5 w-5" />
        {brandFindClinic.title}
      </a>
    </nav>
  );
}

/** The brand's logo linking home: its image, or the activity mark and the name (the city sites' Logo). */
export function BrandLogo({ place }: { place: 'header' | 'footer' }) {
  const { model, lang, paths, url } = useBrandPage();
  // The logo links to the home of the page's language: LogoLink links `/`.
  const to = (target: string) => url(target === '/' ? paths.home : target);
  return <LogoLink place={place} name={model.name} logo={model.logo} logoLight={model.logoLight} includesName={model.logoIncludesName === true} url={to} lang={lang} />;
}

/** The dark footer of the city sites: the brand and its description, the states with locations, the directory. */
export function BrandFooter() {
  const { model, lang, paths, url } = useBrandPage();
  const words = BRAND_WORDS[lang];
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
            {words.clinicsByState}
          </h2>
          <ul className="mt-4 space-y-2">
            {states.map((s) => (
              <li key={s.code}>
                <a href={url(paths.state(s.code))} className="hover:text-white">
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-explore">
          <h2 id="footer-explore" className="font-semibold text-white">
            {words.explore}
          </h2>
          <ul className="mt-4 space-y-2">
            {navOf(lang, paths).map((r) => (
              <li key={r.path}>
                <a href={url(r.path)} className="hover:text-white">
                  {r.path === paths.home ? words.brandHome(model.name) : words.allLocations}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto max-w-6xl px-4 py-6 text-sm sm:px-6">
          <p>{copyOf(lang).ui.copyright(undefined, model.name)}</p>
        </div>
      </div>
    </footer>
  );
}
