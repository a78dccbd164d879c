import { usePage } from '../context.js';
import { navRoutes } from '../routes.js';
import { Icon } from './icons.js';
import { Logo } from './logo.js';
import { CallButton } from './ui.js';

/**
 * Fixed header: logo, nav with the current page marked, tap-to-call phone. Below `xl` the nav moves
 * into a right-side drawer built on the popover attribute, which gives light dismiss, Escape and
 * focus return without script; `autofocus` moves focus into it when it opens. `xl`, not `lg`: at
 * 1024 px six links, the logo and the phone number do not fit on one line, and a wrapped
 * "TRT / Therapy" or a number broken in two reads as broken.
 */
export function Header() {
  const { site } = usePage();
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2">
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <Logo place="header" />
        <nav aria-label="Main" className="hidden xl:block">
          <NavLinks
            listClass="flex items-center gap-6 text-sm whitespace-nowrap"
            linkClass={(current) => (current ? 'text-brand font-semibold underline decoration-2 underline-offset-8' : 'text-slate-700 hover:text-brand')}
          />
        </nav>
        <div className="flex flex-none items-center gap-2">
          <a href={site.telHref} className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg bg-brand px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-brand-dark">
            <Icon name="phone" className="h-4 w-4" />
            <span className="hidden sm:inline">{site.phone}</span>
            {/* Under 360 px the word gives its room to the clinic name; it stays the link's name. */}
            <span className="max-[359px]:sr-only sm:hidden">Call</span>
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
        <div className="border-t border-slate-200 p-5">
          <CallButton className="flex min-h-12 items-center justify-center gap-2 rounded-lg bg-brand px-4 py-3 font-semibold text-white" />
        </div>
      </div>
    </header>
  );
}

/** The header's links (Home, the enabled services, About, Contact), the current page marked. */
function NavLinks({ listClass, linkClass }: { listClass: string; linkClass: (current: boolean) => string }) {
  const { site, path, url } = usePage();
  return (
    <ul className={listClass}>
      {navRoutes(site.config.services).map((r) => (
        <li key={r.path}>
          <a href={url(r.path)} aria-current={r.path === path ? 'page' : undefined} className={linkClass(r.path === path)}>
            {r.nav}
          </a>
        </li>
      ))}
    </ul>
  );
}
