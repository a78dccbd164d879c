import { PageLinks } from '../../pages/not-found/not-found-page.js';
import { notFound } from '../../texts/site.js';
import { useBrandPage } from './context.js';
import { BrandDocument } from './document.js';
import { SERVICES_ID } from './home.js';
import { HOME_NAME, LOCATIONS_PATH, statePath } from './model.js';
import { statesOf } from './states.js';

/**
 * The brand domain's not-found page, served at any depth (its links start at the root): the city
 * pages' heading and line (NOTES.md decision 15), then the way back: home, what the clinics treat,
 * the directory and each state with locations. The brand has no phone or contact page of its own:
 * its locations, each with both, stand in for them.
 */
export function BrandNotFoundPage() {
  const { model, url } = useBrandPage();
  const { title, message, hint } = notFound;
  const pages = [
    { path: '/', label: HOME_NAME },
    ...(model.services.length > 0 ? [{ path: `/#${SERVICES_ID}`, label: 'Treatments' }] : []),
    { path: LOCATIONS_PATH, label: 'All locations' },
    ...statesOf(model.locations).map((s) => ({ path: statePath(s.code), label: `${s.name} locations` })),
  ];
  return (
    <BrandDocument meta={{ title: `404 ${title} | ${model.name}`, description: `The page you asked for is not on the ${model.name} website.` }} notFound>
      <section className="mx-auto max-w-2xl px-4 pt-32 pb-24 text-center sm:px-6">
        <h1 className="text-4xl font-bold text-slate-900">{title}</h1>
        <p className="mt-4 text-lg text-slate-700">{message}</p>
        <p className="mt-2 text-slate-600">{hint}</p>
        <PageLinks pages={pages} url={url} />
      </section>
    </BrandDocument>
  );
}
