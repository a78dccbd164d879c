import type { Site } from '../page-model.js';
import { pageCrumbName } from '../placement.js';
import { siteRoutes } from '../routes.js';
import { useCopy } from './lang.js';
import type { Lang } from '../../config/languages.js';

/** One step of a visible trail: its name and the link this page uses for it. */
export interface CrumbLink {
  name: string;
  href: string;
}

/**
 * The classes of `<main>` on a page with breadcrumbs. Every page's first section is padded to clear
 * the fixed header (at least 5rem); the trail sits just under the header, in the top of that space,
 * so pulling main up by the header's height keeps the page where it was without a trail.
 */
export const MAIN_WITH_CRUMBS = 'flex-1 -mt-16';

/**
 * The visible breadcrumb trail (WAI-ARIA APG breadcrumb pattern): a labelled nav, an ordered list,
 * the current page last with aria-current. Separators are drawn by the list, hidden from screen
 * readers, which announce the list and its count. Each link is 24 px tall, a thumb's target (WCAG
 * 2.2 SC 2.5.8), in a trail no taller than before.
 */
export function Breadcrumbs({
  items,
  headerRow = false,
  lang,
}: {
  items: CrumbLink[];
  /** The header has a second row (a location's name on a brand site, header.tsx): the trail sits under it. */
  headerRow?: boolean;
  /** Absent: the page's language (English outside a city page: a brand page gives its own). */
  lang?: Lang;
}) {
  const { ui } = useCopy(lang);
  return (
    <div className={`relative z-10 ${headerRow ? 'pt-26' : 'pt-16'}`}>
      <nav aria-label={ui.BREADCRUMB} className="border-b border-slate-200 bg-white">
        <ol className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-1 text-sm sm:px-6">
          {items.map((c, i) => {
            const current = i === items.length - 1;
            return (
              <li key={i} className="flex items-center gap-x-2">
                {i > 0 && (
                  <span aria-hidden="true" className="text-slate-600">
                    /
                  </span>
                )}
                <a
                  href={c.href}
                  aria-current={current ? 'page' : undefined}
                  className={`py-0.5 ${current ? 'font-semibold text-slate-900' : 'text-slate-700 underline underline-offset-2 hover:text-brand'}`}
                >
                  {c.name}
                </a>
              </li>
            );
          })}
        </ol>
      </nav>
    </div>
  );
}

/**
 * The trail of a page of a placed site: the brand's steps above the location, the location's home
 * (its city), then the page. Links come relative, from the placement (page-model.ts), like the
 * site's own links; none for a stand-alone site.
 */
export function siteCrumbs(site: Site, path: string, url: (target: string) => string): CrumbLink[] | undefined {
  const placement = site.placement;
  if (!placement) return undefined;
  const items: CrumbLink[] = placement.trail.map((c) => ({ name: c.name, href: url(`/${c.href}`) }));
  items.push({ name: placement.home, href: url('/') });
  const route = siteRoutes(site.config, site.lang).find((r) => r.path === path);
  const name = route && pageCrumbName(route);
  if (path !== '/' && name) items.push({ name, href: url(path) });
  return items;
}
