import { useCallback, useEffect, useState } from 'react';
import * as M from '../../texts/admin.js';
import { apiRequest, getJson, HttpError, saveBlob } from '../api.js';
import { rollbackTo } from '../cities-api.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { formatDate } from '../format.js';
import { NoticeArea, useNotice } from '../notice.js';
import { Button, Card, linkButtonClass } from '../ui.js';
import { ReleaseList, type Release } from './release-list.js';

/** Spec section 3: a deployment record (siteName, lastModified), plus where it can be visited and its releases. */
interface Deployment {
  siteName: string;
  lastModified: string;
  url: string;
  /** Where the live site's contact form posts. */
  contactEndpoint?: string;
  releases?: Release[];
}

/**
 * Live Deployments: Refresh, Visit Site, Download, Delete (asked first, in a dialog), and each site's
 * releases with Rollback. Reloads when `version` changes (after a deploy) and after a delete or a
 * rollback. Load, delete and download errors are only logged (spec section 8); a rollback says
 * what it did. `onDeleted` tells the rest of the page, so no panel still calls a deleted site live.
 */
export function Deployments({ version, onDeleted }: { version: number; onDeleted?: (siteName: string) => void }) {
  const [items, setItems] = useState<Deployment[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [deleting, setDeleting] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const { notice, show } = useNotice();

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

  const remove = async () => {
    const siteName = deleting;
    if (!siteName) return;
    try {
      await apiRequest('DELETE', `/api/deployments/${encodeURIComponent(siteName)}`);
      onDeleted?.(siteName);
    } catch (err) {
      console.error(err);
    }
    await reload();
    setDeleting(undefined);
  };

  const rollback = async (siteName: string, r: Release) => {
    setBusy(true);
    try {
      await rollbackTo(siteName, r.id);
      show(M.releaseRestored(siteName, formatDate(r.createdAt)).title, 'success');
    } catch (err) {
      console.error(err);
      const reason = err instanceof HttpError ? (err.json?.error as string | undefined) ?? err.message : M.deployNetworkError.message;
      show(M.releaseRestoreFailed(siteName, reason).title, 'error');
    }
    await reload();
    setBusy(false);
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
    <Card id="deployments" title="Live Deployments" lead="Sites this server is serving now, with their releases.">
      <Button variant="secondary" onClick={reload}>
        Refresh
      </Button>
      <NoticeArea notice={notice} testId="deployments-notice" />
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
              <Button variant="danger" aria-label={`Delete ${d.siteName}`} onClick={() => setDeleting(d.siteName)}>
                Delete
              </Button>
            </div>
            {d.releases && d.releases.length > 0 && <ReleaseList siteName={d.siteName} releases={d.releases} busy={busy} onRollback={(r) => rollback(d.siteName, r)} />}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== undefined}
        title={M.deleteConfirm(deleting ?? '').title}
        confirmLabel={`Delete ${deleting ?? ''}`}
        onConfirm={remove}
        onClose={() => setDeleting(undefined)}
        returnTo={() => document.querySelector<HTMLElement>('#deployments button')}
      />
    </Card>
  );
}
