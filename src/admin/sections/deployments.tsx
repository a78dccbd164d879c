import { useCallback, useEffect, useState } from 'react';
import { cityReleases, type CityReleases } from '../cities-api.js';
import { SiteReleases } from '../deployments/site-releases.js';
import { NoticeArea, useNotice } from '../notice.js';
import { Button, Card } from '../ui.js';

/**
 * Live Deployments, in a city's editor: this city's site and its releases only (issue 23: from
 * Tampa's page, Orlando's site is neither listed nor reachable; the Deployments view lists every
 * city's). `slug` is the saved city's, or the site this editor deployed from an unsaved form; none
 * yet, nothing to list. Reloads when `version` changes (after a deploy). Load errors are only
 * logged (spec section 8); a rollback, an unpin and a delete say what they did.
 */
export function Deployments({ slug, version, onDeleted }: { slug?: string; version: number; onDeleted?: (siteName: string) => void }) {
  const [site, setSite] = useState<CityReleases | undefined>(undefined);
  const [loaded, setLoaded] = useState(false);
  const { notice, show } = useNotice();

  const reload = useCallback(async () => {
    if (!slug) {
      setSite(undefined);
      setLoaded(true);
      return;
    }
    try {
      setSite(await cityReleases(slug));
    } catch (err) {
      // 404: neither saved nor deployed yet.
      console.error(err);
      setSite(undefined);
    } finally {
      setLoaded(true);
    }
  }, [slug]);
  useEffect(() => void reload(), [reload, version]);

  const live = site && site.releases.length > 0 ? site : undefined;
  return (
    <Card id="deployments" title="Live Deployments" lead={live ? `The site of ${live.city} and its releases.` : 'This city’s live site and its releases.'}>
      <Button variant="secondary" onClick={reload}>
        Refresh
      </Button>
      <NoticeArea notice={notice} testId="deployments-notice" />
      {loaded && !live && <p className="mt-3 text-sm text-slate-600">No live deployments yet.</p>}
      {live && (
        <div className="mt-3">
          <SiteReleases site={live} label={live.city} canEdit changed={reload} said={show} onDeleted={onDeleted} />
        </div>
      )}
    </Card>
  );
}
