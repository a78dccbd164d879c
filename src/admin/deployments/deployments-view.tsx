import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { BRAND_SITE_NAME } from '../../config/brand.js';
import { listDeployments, type LiveSite } from '../../contract/site.js';
import { readRoute } from '../api.js';
import { useAbilities } from '../auth/session-context.js';
import { listCities, type CityReleases, type CitySummary } from '../cities-api.js';
import { cityAndState } from '../format.js';
import { NoticeArea, useNotice } from '../notice.js';
import type { Go } from '../route.js';
import { Button } from '../ui.js';
import { BrandDeployment } from './brand-deployment.js';
import { RedeployHistory } from './redeploy-history.js';
import { SiteReleases } from './site-releases.js';

/** A live site as the view shows it: its city's releases, and the name the admin lists it by. */
interface Row {
  site: CityReleases;
  label: string;
}

/** Every live site with its city's name ("Tampa, FL", never the slug), pin, and releases. */
function rowsOf(live: LiveSite[], cities: CitySummary[]): Row[] {
  const stored = new Map(cities.map((c) => [c.slug, c]));
  return live
    // The brand site has a view of its own (brand-site-view.tsx): its releases are not a city's.
    .filter((d) => d.siteName !== BRAND_SITE_NAME)
    .map((d): Row => {
      const c = stored.get(d.siteName);
      const city = c?.city ?? d.city ?? d.siteName;
      return {
        site: { slug: d.siteName, city, url: d.url, live: d.release, contactEndpoint: d.contactEndpoint, releases: d.releases, pinned: c?.pinned ?? null },
        label: c ? cityAndState(c.city, c.state) : city,
      };
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * Deployments (`#deployments`, issue 23): every city's live site in one place, by city name, each
 * with its releases and the live one marked, Roll back and Roll forward, Pinned with Unpin, Visit
 * Site and Delete (the front desk reads it only). A city's editor lists its own site only. The
 * brand site, when live, is listed first with its releases (its actions are on its own view).
 * Each release says who deployed it and who made it live again, and when (issue 39 item 5).
 */
export function DeploymentsView({ go }: { go: Go }) {
  const { editCities } = useAbilities();
  const [rows, setRows] = useState<Row[] | undefined>(undefined);
  const [brand, setBrand] = useState<LiveSite | undefined>(undefined);
  const [offline, setOffline] = useState<CitySummary[]>([]);
  const [failed, setFailed] = useState(false);
  // Bumped at each reload: the history of Redeploy all reads itself again.
  const [loads, setLoads] = useState(0);
  const { notice, show } = useNotice();

  const reload = useCallback(async () => {
    try {
      const [live, cities] = await Promise.all([readRoute(listDeployments), listCities()]);
      setRows(rowsOf(live.deployments, cities));
      setBrand(live.deployments.find((d) => d.siteName === BRAND_SITE_NAME));
      const liveNames = new Set(live.deployments.map((d) => d.siteName));
      setOffline(cities.filter((c) => !liveNames.has(c.slug)));
      setFailed(false);
      setLoads((n) => n + 1);
    } catch (err) {
      console.error(err);
      setFailed(true);
    }
  }, []);
  useEffect(() => void reload(), [reload]);
  useLayoutEffect(() => {
    document.title = 'Deployments · Clinic Website Generator';
    document.getElementById('view-title')?.focus();
  }, []);

  return (
    <main className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:px-6">
      <section aria-labelledby="view-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="view-title" tabIndex={-1} className="text-xl font-bold text-slate-900">
          Deployments
        </h2>
        <p className="mt-1 text-sm text-slate-600">Every live site (the cities and the brand site) and its releases, with who deployed each and who made it live again; the live release is marked. A site rolled back to an older release is pinned to it.</p>
        <div className="mt-4">
          <Button variant="secondary" onClick={reload}>
            Refresh
          </Button>
        </div>
        <NoticeArea notice={notice} testId="deployments-notice" />
        {failed && (
          <p role="alert" className="mt-3 text-sm font-semibold text-red-800">
            The deployments could not be loaded. Refresh to try again.
          </p>
        )}
      </section>
      {rows && rows.length === 0 && !brand && <p className="text-slate-700">No live deployments yet.</p>}
      {rows && (rows.length > 0 || brand) && (
        <ul aria-label="Live sites" className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {brand && (
            <li key={brand.siteName} className="min-w-0 rounded-lg bg-white shadow-sm">
              <BrandDeployment site={brand} go={go} />
            </li>
          )}
          {rows.map((r) => (
            <li key={r.site.slug} className="min-w-0 rounded-lg bg-white shadow-sm">
              <SiteReleases site={r.site} label={r.label} canEdit={editCities} changed={reload} said={show} />
            </li>
          ))}
        </ul>
      )}
      {offline.length > 0 && (
        <section aria-labelledby="offline-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 id="offline-title" className="text-lg font-semibold text-slate-900">
            Saved, not deployed
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {offline.map((c) => (
              <li key={c.slug}>
                <a
                  href={`#city/${c.slug}`}
                  onClick={(e) => {
                    e.preventDefault();
                    go({ name: 'city', slug: c.slug });
                  }}
                  className="inline-flex min-h-11 items-center rounded-lg border border-slate-200 px-3 text-sm font-semibold text-brand underline"
                >
                  {cityAndState(c.city, c.state)}
                  {c.servedHere && <span className="ml-1 font-normal text-slate-600 no-underline">(live as this server’s own site)</span>}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <RedeployHistory version={loads} />
    </main>
  );
}
