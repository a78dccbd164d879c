import type { ReactNode } from 'react';
import { usePage } from '../context.js';
import { navRoutes } from '../routes.js';
import { Icon } from './icons.js';
import { Logo } from './logo.js';
import { CallButton } from './ui.js';

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
  return (
    <HeaderFrame
      logo={<Logo place="header" />}
      nav={navRoutes(site.config).map((r) => ({ path: r.path, label: r.nav! }))}
      current={path}
      url={url}
      action={
        <a href={site.telHref} className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg bg-brand px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-dark">
          <Icon name="phone" className="h-4 w-4" />
          <span className="hidden sm:inline">{site.phone}</span>
          {/* Under 360 px the word gives its room to the clinic name; it stays the link's name. */}
          <span className="max-[359px]:sr-only sm:hidden">Call</span>
        </a>
      }
      drawerFooter={
        <div className="border-t border-slate-200 p-5">
          <CallButton className="flex min-h-12 items-center justify-center gap-2 rounded-lg bg-brand px-4 py-3 font-semibold text-white" />
        </div>
      }
    />
  );
}

/** A link of the header's nav. */
export interface NavItem {
  path: string;
  label: string;
}

/**
 * Header's frame, for any site: the skip link, the logo, the nav (the page at `current` marked), an
 * action beside the menu button (the city's phone, the brand's locations) and the drawer with the
 * same nav and, below it, `drawerFooter`. The city sites' Header and the brand site's
 * (src/brand-site/pages/chrome.tsx) fill it.
 */
export function HeaderFrame({
  logo,
  nav,
  current,
  url,
  action,
  drawerFooter,
}: {
  logo: ReactNode;
  nav: readonly NavItem[];
  current: string;
  url: (target: string) => string;
  action: ReactNode;
  drawerFooter?: ReactNode;
}) {
  const links = (listClass: string, linkClass: (current: boolean) => string) => (
    <ul className={listClass}>
      {nav.map((r) => (
        <li key={r.path}>
          <a href={url(r.path)} aria-current={r.path === current ? 'page' : undefined} className={linkClass(r.path === current)}>
            {r.label}
          </a>
        </li>
      ))}
    </ul>
  );
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2">
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        {logo}
        <nav aria-label="Main" className="hidden xl:block">
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
            <Icon name="menu" label="Open menu" />
          </button>
        </div>
      </div>
      <div id="menu-drawer" popover="auto" className="drawer xl:hidden" role="dialog" aria-modal="true" aria-label="Menu">
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
          {links('space-y-1 p-4', (on) => `block rounded-lg px-4 py-3 text-lg ${on ? 'bg-brand-soft font-semibold text-brand' : 'text-slate-800 hover:bg-slate-100'}`)}
        </nav>
        {drawerFooter}
      </div>
    </header>
  );
}
