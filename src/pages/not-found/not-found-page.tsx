import type { Lang } from '../../config/languages.js';
import { SITE_TEXTS } from '../../texts/by-lang.js';
import { Icon } from '../components/icons.js';
import { CallButton } from '../components/ui.js';
import { pagePath, servicePath, siteServiceLabel, useCopy } from '../components/lang.js';
import { usePage } from '../context.js';
import { Document } from '../document.js';

/**
 * The catch-all page for unknown routes, written as 404.html (spec section 2, NOTES.md decision
 * 15): "Page Not Found" and why it may be so, then a way back to every page of the site (home, the
 * services, about, contact) and the clinic's phone, so a mistyped or outdated link still leads a
 * patient somewhere useful. The tab keeps the spec's title, "404 Page Not Found".
 */
export function NotFoundPage() {
  const { site, url } = usePage();
  const { ui } = useCopy();
  const { title, message, hint } = SITE_TEXTS[site.lang].site.notFound;
  const pages = [
    { path: pagePath(site, 'home', '/'), label: ui.HOME },
    ...site.services.map((s) => ({ path: servicePath(site, s), label: siteServiceLabel(site, s) })),
    { path: pagePath(site, 'about', '/about/'), label: ui.ABOUT },
    { path: pagePath(site, 'contact', '/contact/'), label: ui.CONTACT },
  ];
  return (
    <Document meta={{ title: `404 ${title} | ${site.name}`, description: ui.notFoundDescription(site.name) }} notFound>
      <section className="mx-auto max-w-2xl px-4 pt-32 pb-24 text-center sm:px-6">
        <h1 className="text-4xl font-bold text-slate-900">{title}</h1>
        <p className="mt-4 text-lg text-slate-700">{message}</p>
        <p className="mt-2 text-slate-600">{hint}</p>
        <PageLinks pages={pages} url={url} />
        <p className="mt-8">
          <CallButton className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg bg-brand px-6 py-3 font-semibold whitespace-nowrap text-white hover:bg-brand-dark" />
        </p>
      </section>
    </Document>
  );
}

/** The not-found page's way back: a grid of the site's pages (the city sites' and the brand site's, src/brand-site/pages/not-found.tsx). */
export function PageLinks({ pages, url, lang }: { pages: readonly { path: string; label: string }[]; url: (target: string) => string; /** Absent: the page's language (English outside a city page: the brand site). */ lang?: Lang }) {
  const { ui } = useCopy(lang);
  return (
    <nav aria-label={ui.PAGES_OF_SITE} className="mt-8">
      <ul className="grid gap-3 text-left sm:grid-cols-2">
        {pages.map((p, i) => (
          // An odd count would leave a hole in the last row: the first page takes the first row whole instead.
          <li key={p.path} className={i === 0 && pages.length % 2 === 1 ? 'sm:col-span-2' : undefined}>
            <a
              href={url(p.path)}
              className="flex min-h-12 items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 font-semibold text-slate-900 shadow-sm hover:border-brand hover:text-brand"
            >
              {p.label}
              <Icon name="arrow-right" className="h-5 w-5 flex-none text-brand" />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
