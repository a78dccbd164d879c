import { CityList } from './cities/city-list.js';
import { CityEditor } from './city-editor.js';
import type { AdminForm } from './form.js';
import { useView } from './route.js';

/**
 * The operator's page: the list of cities first; New city, Open and Duplicate lead to one city's
 * editor, which holds the spec's sections (section 2, /admin). `initial` is the form of a new city
 * (the served clinic's details, spec section 3: "initially filled with sample values").
 */
export function AdminApp({ initial }: { initial: AdminForm }) {
  const { view, session, go } = useView();
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-4 sm:px-6">
          <span aria-hidden="true" className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand text-lg font-bold text-white">
            +
          </span>
          <div>
            <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">Clinic Website Generator</h1>
            <p className="text-sm text-slate-600">Keep every city’s clinic details; create, preview and deploy their websites.</p>
          </div>
        </div>
      </header>
      {view.name === 'list' ? (
        <CityList key={session} go={go} focus={session > 0} />
      ) : (
        <CityEditor key={session} source={view.name === 'city' ? { slug: view.slug } : { base: view.base, from: view.from }} initial={initial} go={go} />
      )}
    </>
  );
}
