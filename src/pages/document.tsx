import type { ReactNode } from 'react';
import type { PageMeta } from './content/types.js';
import { usePage } from './context.js';
import { Footer } from './components/footer.js';
import { Header } from './components/header.js';
import { brandStyle } from './csp.js';
import { absoluteUrl } from './seo.js';

/** The whole HTML document of a page: head with search and share metadata, header, main, footer. */
export function Document({ meta, children, scripts = [], noindex = false }: { meta: PageMeta; children: ReactNode; scripts?: string[]; noindex?: boolean }) {
  const { site, path, url, assets } = usePage();
  const canonical = absoluteUrl(site, path);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* First in the head, so it governs every resource the page loads (csp.ts). */}
        <meta httpEquiv="Content-Security-Policy" content={site.csp} />
        <title>{meta.title}</title>
        <meta name="description" content={meta.description} />
        {noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={canonical} />}
        <meta name="theme-color" content={site.brandColor} />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={site.name} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={canonical} />
        <meta property="og:locale" content="en_US" />
        {site.config.logoUrl && <meta property="og:image" content={absoluteUrl(site, site.config.logoUrl)} />}
        <meta name="twitter:card" content="summary" />
        <meta name="twitter:title" content={meta.title} />
        <meta name="twitter:description" content={meta.description} />
        <link rel="icon" href={url('favicon.svg')} type="image/svg+xml" />
        <link rel="stylesheet" href={url(assets.css)} />
        {/* The brand colour is validated as #rrggbb, so it is safe inside this rule; the CSP allows it by hash. */}
        <style>{brandStyle(site.brandColor)}</style>
        {scripts.map((src) => (
          <script key={src} type="module" src={url(src)} />
        ))}
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: site.jsonLd }} />
      </head>
      <body className="flex min-h-screen flex-col">
        <Header />
        <main id="main" className="flex-1" tabIndex={-1}>
          {children}
        </main>
        <Footer />
      </body>
    </html>
  );
}
