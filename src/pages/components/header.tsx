import type { ReactNode } from 'react';
import { usePage } from '../context.js';
import { counterparts, navRoutes, routeAt } from '../routes.js';
import { copyOf } from '../content/copy.js';
import { LANGUAGE_INFO, type Lang } from '../../config/languages.js';
import { Icon } from './icons.js';
import { Logo } from './logo.js';
import { CallButton } from './ui.js';
import { SITE_TEXTS } from '../../texts/by-lang.js';

/**
 * Fixed header: logo, nav with the current page marked, tap-to-call phone. Below `xl` the nav moves
 * into a right-side drawer built on the popover attribute, which gives light dismiss, Escape and
 * focus return without script; `autofocus` moves focus into it when it opens. While it is open the
 * page behind stands still (styles.css) and Tab goes round it (islands/menu.ts: decision 022).
 * `xl`, not `lg`: at 1024 px six links, the logo and the phone number do not fit on one line, and
 * a wrapped "TRT / Therapy" or a number broken in two reads as broken.
 */
export function Header() {
  const { site, path, url } = usePage();
  const brand = site.placement?.brand;
  // On a brand site a location's about page is its page, which the row under the header names (NOTES.md decision 16).
  const words = copyOf(site.lang).header;
  const routes = navRoutes(site.config, site.lang);
  const nav: NavItem[] = routes.filter((r) => !(site.placement?.brandRoot && r.id === 'about')).map((r) => ({ path: r.path, label: r.nav! }));
  // A copy of the contact page (a service's, where Schedule Consultation leads, and the page after
  // sending) is the contact page to a patient: Contact is marked there too.
  const here = routeAt(site.config, path)?.id;
  const marked = here === 'serviceContact' || here === 'contactSent' ? (routes.find((r) => r.id === 'contact')?.path ?? path) : path;
  if (brand) {
    // On a brand site, Home is the brand's home, as the logo and the breadcrumb's Home are, and
    // Locations leads to the directory; the location itself is named in the row below (LocationRow).
    // Both in the page's language: the brand's Spanish home and directory from a Spanish folder (issue 40 item 5).
    nav[0] = { path: '/', label: nav[0]!.label, href: url(`/${brand.home}`) };
    nav.push({ path: brand.locations, label: SITE_TEXTS[site.lang].site.brandLocationsLink.title, href: url(`/${brand.locations}`) });
  }
  return (
    <HeaderFrame
      lang={site.lang}
      logo={<Logo place="header" />}
      nav={nav}
      current={brand && path === '/' ? '' : marked}
      url={url}
      {...(brand ? { below: <LocationRow /> } : {})}
      action={
        <>
        {/* Under 640 px the clinic name needs the room: the link is in the menu's drawer there. */}
        <OtherLanguages className={LANGUAGE_LINK_CLASS.bar} />
        <a href={site.telHref} className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg bg-brand px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-dark">
          <Icon name="phone" className="h-4 w-4" />
          <span className="hidden sm:inline">{site.phone}</span>
          {/* Under 360 px the word gives its room to the clinic name; it stays the link's name. */}
          <span className="max-[359px]:sr-only sm:hidden">{words.CALL}</span>
        </a>
        </>
      }
      drawerFooter={
        <div className="border-t border-slate-200 p-5">
          <OtherLanguages className={LANGUAGE_LINK_CLASS.drawer} />
          <CallButton className="flex min-h-12 items-center justify-center gap-2 rounded-lg bg-brand px-4 py-3 font-semibold text-white" />
        </div>
      }
    />
  );
}

/**
 * Links to this page in the site's other languages (issue 40 item 4), each named in its own
 * language ("Español" on an English page, "English" on a Spanish one) and marked as such (`lang`,
 * `hrefLang`), so a screen reader says it in that language. A person chooses: nothing detects a
 * language or redirects by it, and the choice is this link, never a cookie. None on a site in one
 * language, or on a page that has no counterpart (the not-found page links each language's home).
 */
function OtherLanguages({ className }: { className: string }) {
  const { site, path, url } = usePage();
  if (site.languages.length < 2) return null;
  const here = routeAt(site.config, path);
  const others: { lang: Lang; href: string }[] = site.placement
    ? // A location on a brand site: its other language is another folder of the brand's, the links worked out with its placement (placement.ts).
      (site.placement.languageLinks?.[here?.path ?? '/'] ?? [])
    : (here
        ? counterparts(here, site.config).filter((r) => r.lang !== site.lang).map((r) => ({ lang: r.lang, path: r.path }))
        : site.languages.filter((l) => l !== site.lang).map((l) => ({ lang: l, path: LANGUAGE_INFO[l].root }))
      ).map((o) => ({ lang: o.lang, href: url(o.path) }));
  return <LanguageLinks lang={site.lang} links={others} className={className} />;
}

/** The header's links to a page's counterparts (OtherLanguages; the brand site's pages, brand-site/pages/chrome.tsx): each named in its own language. */
export function LanguageLinks({ lang, links, className }: { lang: Lang; links: readonly { lang: Lang; href: string }[]; className: string }) {
  const words = copyOf(lang).header;
  return (
    <>
      {links.map((o) => (
        <a
          key={o.lang}
          href={o.href}
          hrefLang={LANGUAGE_INFO[o.lang].hreflang}
          className={`${className} font-semibold text-slate-700 underline underline-offset-4 hover:text-brand`}
        >
          <span className="sr-only">{words.OTHER_LANGUAGE} </span>
          <span lang={o.lang}>{LANGUAGE_INFO[o.lang].own}</span>
        </a>
      ))}
    </>
  );
}

/** Where the header's language links sit: beside the action from 640 px, in the drawer above it below (the name needs the room on a phone). */
export const LANGUAGE_LINK_CLASS = {
  bar: 'hidden min-h-11 items-center rounded-lg px-2 text-sm sm:inline-flex',
  drawer: 'mb-3 flex min-h-12 items-center justify-center rounded-lg border border-slate-300 px-4 py-3',
} as const;

/**
 * The row under the header of a location's page on a brand site (issue 36 item 4): which clinic
 * the page is of, leading to its home, and Change clinic, leading to the brand's directory.
 */
function LocationRow() {
  const { site, path, url } = usePage();
  const { brandChangeClinic } = SITE_TEXTS[site.lang].site;
  return (
    <div className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto flex h-10 max-w-6xl items-center justify-between gap-3 px-4 text-sm sm:px-6">
        <p className="flex min-w-0 items-center gap-1.5 text-slate-700">
          <Icon name="map-pin" className="h-4 w-4 flex-none text-brand" />
          <span className="sr-only">{brandChangeClinic.message} </span>
          <a href={url('/')} aria-current={path === '/' ? 'page' : undefined} className="inline-flex min-h-6 items-center truncate font-semibold text-slate-900 hover:text-brand">
            {site.city}, {site.stateCode}
          </a>
        </p>
        <a href={url(`/${site.placement!.brand!.locations}`)} className="inline-flex min-h-6 flex-none items-center font-semibold text-brand underline underline-offset-2 hover:text-brand-dark">
          {brandChangeClinic.title}
        </a>
      </div>
    </div>
  );
}

/** A link of the header's nav: a path of the site, linked through the page's url(), or `href` as given (the brand's home from a location's page). */
export interface NavItem {
  path: string;
  label: string;
  href?: string;
}

/**
 * Header's frame, for any site: the skip link, the logo, the nav (the page at `current` marked), an
 * action beside the menu button (the city's phone, the brand's locations) and the drawer with the
 * same nav and, below it, `drawerFooter`. The city sites' Header and the brand site's
 * (src/brand-site/pages/chrome.tsx) fill it.
 */
export function HeaderFrame({
  lang = 'en',
  logo,
  nav,
  current,
  url,
  action,
  drawerFooter,
  below,
}: {
  /** The page's language: the skip link's, the menu's and the nav landmarks' words. */
  lang?: Lang;
  logo: ReactNode;
  nav: readonly NavItem[];
  current: string;
  url: (target: string) => string;
  action: ReactNode;
  drawerFooter?: ReactNode;
  /** A row under the header's own, inside it (a location's name on a brand site; the breadcrumbs then sit under it: Breadcrumbs headerRow). */
  below?: ReactNode;
}) {
  const words = copyOf(lang).header;
  const links = (listClass: string, linkClass: (current: boolean) => string) => (
    <ul className={listClass}>
      {nav.map((r) => (
        <li key={r.path}>
          <a href={r.href ?? url(r.path)} aria-current={r.path === current ? 'page' : undefined} className={linkClass(r.path === current)}>
            {r.label}
          </a>
        </li>
      ))}
    </ul>
  );
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2">
        {words.SKIP_TO_CONTENT}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        {logo}
        <nav aria-label={words.NAV_MAIN} className="hidden xl:block">
          {links('flex items-center gap-6 text-sm whitespace-nowrap', (on) => (on ? 'text-brand font-semibold underline decoration-2 underline-offset-8' : 'text-slate-700 hover:text-brand'))}
        </nav>
        <div className="flex flex-none items-center gap-2">
          {action}
          <button
            type="button"
            popoverTarget="menu-drawer"
            aria-controls="menu-drawer"
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 xl:hidden"
          >
            <Icon name="menu" label={words.OPEN_MENU} />
          </button>
        </div>
      </div>
      {below}
      <div id="menu-drawer" popover="auto" className="drawer xl:hidden" role="dialog" aria-modal="true" aria-label={words.MENU}>
        <div className="flex h-16 items-center justify-between border-b border-slate-200 px-5">
          <span className="font-semibold text-slate-900">{words.MENU}</span>
          <button
            type="button"
            popoverTarget="menu-drawer"
            popoverTargetAction="hide"
            autoFocus
            className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100"
          >
            <Icon name="close" label={words.CLOSE_MENU} />
          </button>
        </div>
        <nav aria-label={words.NAV_MOBILE}>
          {links('space-y-1 p-4', (on) => `block rounded-lg px-4 py-3 text-lg ${on ? 'bg-brand-soft font-semibold text-brand' : 'text-slate-800 hover:bg-slate-100'}`)}
        </nav>
        {drawerFooter}
      </div>
    </header>
  );
}
