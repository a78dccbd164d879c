import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { duplicateConfig } from '../../config/duplicate.js';
import * as M from '../../texts/admin.js';
import { useAbilities } from '../auth/session-context.js';
import { failureText } from '../api.js';
import { getCity, listCities, unpinCity, type CitySummary } from '../cities-api.js';
import { NoticeArea, sentence, useNotice } from '../notice.js';
import type { Go } from '../route.js';
import { Button } from '../ui.js';
import { CityCard } from './city-card.js';
import { DeleteCityDialog } from './delete-city.js';
import { ImportButton, ImportResults, useImport } from './import-yaml.js';
import { RedeployConfirm } from './redeploy-confirm.js';
import { RedeployProgress } from './redeploy-progress.js';
import { useRedeploy } from './use-redeploy.js';

/**
 * The admin's first view: every saved city (name, state, live or not, last deploy, messages in 30
 * days) with New city, Import YAML and Redeploy all, and per city Open, Duplicate, Export YAML and
 * Delete; a role that changes no city (the front desk) has Open and Export YAML only. `focus`
 * moves the focus to its heading when the operator came back from a city.
 */
export function CityList({ go, focus }: { go: Go; focus: boolean }) {
  const { editCities } = useAbilities();
  const [cities, setCities] = useState<CitySummary[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [deleting, setDeleting] = useState<CitySummary | undefined>(undefined);
  const { notice, show } = useNotice();

  const reload = useCallback(async (): Promise<CitySummary[] | undefined> => {
    try {
      const list = await listCities();
      setCities(list);
      setFailed(false);
      return list;
    } catch (err) {
      console.error(err);
      setFailed(true);
      return undefined;
    }
  }, []);
  // Redeploy all is asked first, with what it would do to each city as the list stands now.
  const [plan, setPlan] = useState<CitySummary[] | undefined>(undefined);
  const askRedeploy = async () => setPlan(await reload());
  const unpin = async (c: CitySummary) => {
    const answer = await unpinCity(c.slug);
    if (answer.ok) show(M.cityUnpinned(c.city).title, 'success');
    else show(M.unpinFailed(c.city, failureText(answer.failure) || String(answer.status)).title, 'error');
    await reload();
  };
  const redeploy = useRedeploy(reload, editCities);
  const imp = useImport(reload);

  useEffect(() => void reload(), [reload]);
  useLayoutEffect(() => {
    document.title = 'Clinic Website Generator';
    if (focus) document.getElementById('view-title')?.focus();
  }, [focus]);

  const duplicate = async (c: CitySummary) => {
    try {
      const { config } = await getCity(c.slug);
      go({ name: 'new', base: duplicateConfig(config), from: c.city });
    } catch (err) {
      console.error(err);
      show(sentence(M.cityLoadFailed), 'error');
    }
  };

  const deleted = async (c: CitySummary, offline: boolean) => {
    await reload();
    show(M.cityDeleted(c.city, offline).title, 'success');
  };

  return (
    <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:px-6">
      <section aria-labelledby="view-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="view-title" tabIndex={-1} className="text-xl font-bold text-slate-900">
          Cities
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {editCities
            ? 'Every city’s clinic details, kept with their history. Open one to edit, preview and deploy its website.'
            : 'Every city’s clinic details. Open one to see its details and its messages.'}
        </p>
        {editCities && (
          <div className="mt-4 flex flex-wrap items-start gap-2">
            <Button onClick={() => go({ name: 'new' })}>New city</Button>
            <ImportButton imp={imp} />
            <Button variant="secondary" onClick={askRedeploy} disabled={redeploy.running}>
              {redeploy.running ? 'Redeploying...' : 'Redeploy all'}
            </Button>
          </div>
        )}
        {redeploy.error && (
          <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
            {redeploy.error}
          </p>
        )}
        <ImportResults imp={imp} />
        <NoticeArea notice={notice} testId="list-notice" />
      </section>
      {redeploy.run && (
        <RedeployProgress
          run={redeploy.run}
          cities={cities}
          onDismiss={() => {
            redeploy.dismiss();
            document.getElementById('view-title')?.focus();
          }}
        />
      )}
      {failed && (
        <p role="alert" className="font-semibold text-red-800">
          {sentence(M.cityLoadFailed)}
        </p>
      )}
      {cities && cities.length === 0 && <p className="text-slate-700">{editCities ? 'No cities yet. Add one with New city or Import YAML.' : 'No cities yet.'}</p>}
      {cities && cities.length > 0 && (
        <ul aria-label="Cities" className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
          {cities.map((c) => (
            <CityCard
              key={c.slug}
              city={c}
              actions={editCities ? { open: (x) => go({ name: 'city', slug: x.slug }), duplicate, remove: setDeleting, unpin } : { open: (x) => go({ name: 'city', slug: x.slug }) }}
            />
          ))}
        </ul>
      )}
      {editCities && (
        <RedeployConfirm
          plan={plan}
          onConfirm={() => {
            setPlan(undefined);
            void redeploy.start();
          }}
          onClose={() => setPlan(undefined)}
        />
      )}
      {editCities && <DeleteCityDialog city={deleting} onClose={() => setDeleting(undefined)} done={deleted} returnTo={() => document.getElementById('view-title')} />}
    </main>
  );
}
