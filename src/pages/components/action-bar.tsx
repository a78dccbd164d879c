import type { ReactNode } from 'react';
import { usePage } from '../context.js';
import { contactFormTarget } from '../routes.js';
import { Icon, type IconName } from './icons.js';
import { useCopy } from './lang.js';
import { PHONE_NOWRAP } from './visit.js';

/** The class of the bar: the stylesheet gives it the safe area under it, and slides it away while the contact form is on screen. */
export const ACTION_BAR_CLASS = 'action-bar';

/**
 * On phones (below `sm`), a bar fixed to the bottom of the screen with the three things a patient
 * comes to do: Call (tap to call), Book (the city's booking page, else the contact form at its card,
 * the page's own service chosen on a service page: routes.ts contactFormTarget) and Directions (Google
 * Maps). In the static HTML and fixed, so it moves nothing when the page loads; the body leaves room
 * for it (`action-bar-room` in styles.css), so the footer's last line scrolls clear of it. Not printed.
 * The contact page's island slides it away while the form's card is on screen (islands/action-bar.ts).
 */
export function ActionBar() {
  const { site, path, url } = usePage();
  const { actionBar, visit } = useCopy();
  const { ACTION_BAR_LABEL, ACTION_BOOK, ACTION_BOOK_WHAT, ACTION_CALL, ACTION_DIRECTIONS } = actionBar;
  const { DIRECTIONS_WHERE } = visit;
  return (
    <nav aria-label={ACTION_BAR_LABEL} className={`${ACTION_BAR_CLASS} fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white shadow-[0_-2px_8px_rgb(15_23_42/0.08)] sm:hidden print:hidden`}>
      <ul className="grid grid-cols-3">
        <li>
          <Action href={site.telHref} icon="phone" className={PHONE_NOWRAP}>
            {ACTION_CALL}
            <span className="sr-only"> {site.phone}</span>
          </Action>
        </li>
        <li>
          <Action href={site.bookingUrl ?? url(contactFormTarget(path, site.config))} external={Boolean(site.bookingUrl)} icon="calendar" primary>
            {ACTION_BOOK}
            <span className="sr-only">{ACTION_BOOK_WHAT}</span>
          </Action>
        </li>
        <li>
          <Action href={site.directionsUrl} external icon="map-pin">
            {ACTION_DIRECTIONS}
            <span className="sr-only">{DIRECTIONS_WHERE}</span>
          </Action>
        </li>
      </ul>
    </nav>
  );
}

/** One action: its icon over its word, the bar's full height (56 px: more than the 44 px a thumb needs). */
function Action({ href, icon, external = false, primary = false, className = '', children }: { href: string; icon: IconName; external?: boolean; primary?: boolean; className?: string; children: ReactNode }) {
  const tone = primary
    ? 'bg-brand text-white hover:bg-brand-dark focus-visible:outline-white'
    : 'text-slate-900 hover:bg-slate-100 focus-visible:outline-brand';
  return (
    <a
      href={href}
      {...(external ? { rel: 'noopener' } : {})}
      className={`flex h-14 flex-col items-center justify-center gap-0.5 text-sm font-semibold focus-visible:-outline-offset-4 ${tone}${className ? ` ${className}` : ''}`}
    >
      <Icon name={icon} className={primary ? 'h-5 w-5' : 'h-5 w-5 text-brand'} />
      <span>{children}</span>
    </a>
  );
}
