import { notFound } from '../../messages/site.js';
import { usePage } from '../context.js';
import { Document } from '../document.js';

/** The catch-all page for unknown routes, written as 404.html (spec section 2). */
export function NotFoundPage() {
  const { site, url } = usePage();
  const { title, message, hint } = notFound;
  return (
    <Document meta={{ title: `${title} | ${site.name}`, description: `The page you asked for is not on the ${site.name} website.` }} noindex>
      <section className="mx-auto max-w-2xl px-4 pt-32 pb-24 text-center sm:px-6">
        <h1 className="text-4xl font-bold text-slate-900">{title}</h1>
        <p className="mt-4 text-lg text-slate-700">{message}</p>
        <p className="mt-2 text-slate-600">{hint}</p>
        <p className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <a href={url('/')} className="inline-flex min-h-12 items-center justify-center rounded-lg bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark">
            Go to the home page
          </a>
          <a href={url('/contact/')} className="inline-flex min-h-12 items-center justify-center rounded-lg border-2 border-brand px-6 py-3 font-semibold text-brand hover:bg-brand-soft">
            Contact us
          </a>
        </p>
      </section>
    </Document>
  );
}
