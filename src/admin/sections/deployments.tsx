import { useCallback, useEffect, useState } from 'react';
import { deleteConfirm, rollbackConfirm } from '../../messages/admin.js';
import { apiRequest, getJson, saveBlob } from '../api.js';
import { formatDate } from '../format.js';
import { Button, Card, linkButtonClass } from '../ui.js';

/** Spec section 3: a deployment record (siteName, lastModified), plus where it can be visited. */
interface Deployment {
  siteName: string;
  lastModified: string;
  url: string;
  /** Where the live site's contact form posts. */
  contactEndpoint?: string;
}

/**
 * Live Deployments: Refresh, Visit Site, Download, Roll back (to the previous release), Delete. Reloads when `version` changes (after
 * a deploy) and after a delete. Load, delete and download errors are only logged (spec section 8).
 * `onDeleted` tells the rest of the page, so no panel still calls a deleted site live.
 */
export function Deployments({ version, onDeleted }: { version: number; onDeleted?: (siteName: string) => void }) {
  const [items, setItems] = useState<Deployment[]>([]);
  const [loaded, setLoaded] = useState(false);

  const reload = useCallback(async () => {
    try {
      const data = await getJson<{ deployments: Deployment[] }>('/api/deployments');
      setItems(data.deployments);
    } catch (err) {
      console.error(err);
    } finally {
      setLoaded(true);
    }
  }, []);
  useEffect(() => void reload(), [reload, version]);

  const remove = async (siteName: string) => {
    // Deleting takes a live site off the web: ask first.
    if (!window.confirm(deleteConfirm(siteName).title)) return;
    try {
      await apiRequest('DELETE', `/api/deployments/${encodeURIComponent(siteName)}`);
      onDeleted?.(siteName);
    } catch (err) {
      console.error(err);
    }
    await reload();
  };

  const rollback = async (siteName: string) => {
    if (!window.confirm(rollbackConfirm(siteName).title)) return;
    try {
      await apiRequest('POST', `/api/deployments/${encodeURIComponent(siteName)}/rollback`);
    } catch (err) {
      console.error(err);
    }
    await reload();
  };

  const download = async (siteName: string) => {
    try {
      const res = await apiRequest('GET', `/api/deployments/${encodeURIComponent(siteName)}/package`);
      saveBlob(await res.blob(), `${siteName}-replit-deployment.zip`);
    } catch (err) {
      console.error(err);
    }
  };

  return (
    <Card id="deployments" title="Live Deployments" lead="Sites this server is serving now.">
      <Button variant="secondary" onClick={reload}>
        Refresh
      </Button>
      {loaded && items.length === 0 && <p className="mt-3 text-sm text-slate-600">No live deployments yet.</p>}
      <ul aria-label="Live deployments" className="mt-3 space-y-3">
        {items.map((d) => (
          <li key={d.siteName} data-site={d.siteName} className="rounded-lg border border-slate-200 p-3">
            <p className="font-semibold text-slate-900">{d.siteName}</p>
            <p className="text-sm text-slate-600">
              Last deployed <time dateTime={d.lastModified} className="whitespace-nowrap">
                {formatDate(d.lastModified)}
              </time>
            </p>
            {d.contactEndpoint && (
              <p className="text-sm break-all text-slate-600">
                Contact form posts to <code>{d.contactEndpoint}</code>
              </p>
            )}
            <div className="mt-2 flex flex-wrap gap-2">
              <a href={d.url} target="_blank" rel="noopener" className={linkButtonClass}>
                Visit Site<span className="sr-only">: {d.siteName}</span>
              </a>
              <Button variant="ghost" onClick={() => download(d.siteName)}>
                Download<span className="sr-only"> {d.siteName}</span>
              </Button>
              <Button variant="ghost" aria-label={`Roll back ${d.siteName}`} onClick={() => rollback(d.siteName)}>
                Roll back
              </Button>
              <Button variant="danger" aria-label={`Delete ${d.siteName}`} onClick={() => remove(d.siteName)}>
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </Card>
  );
}
