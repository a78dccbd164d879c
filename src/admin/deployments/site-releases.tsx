import { useState } from 'react';
import * as M from '../../texts/admin.js';
import { deploymentPackage } from '../../contract/site.js';
import { failureText, fetchRoute, saveBlob, throwIfNotOk } from '../api.js';
import { makeLive, takeOffline, unpinCity, type CityReleases, type Release } from '../cities-api.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { formatDate } from '../format.js';
import { sentence } from '../notice.js';
import { moveLabel, ReleaseList } from '../sections/release-list.js';
import { Button, linkButtonClass } from '../ui.js';

/**
 * One city's live site: its name, since when it is live, whether a rollback pinned it (with Unpin),
 * Visit Site, Download, Delete (asked first), and its releases with Roll back and Roll forward.
 * Every change goes through the city's own routes (cities/release-routes.ts), so nothing here can
 * touch another city's site. `changed` reloads the caller's list; `said` shows the answer.
 */
export function SiteReleases({
  site,
  label,
  canEdit,
  changed,
  said,
  onDeleted,
  heading: Heading = 'h3',
}: {
  site: CityReleases;
  /** The city as the page names it ("Tampa, FL"); its name alone in the controls' names. */
  label: string;
  canEdit: boolean;
  changed: () => Promise<void>;
  said: (text: string, kind: 'success' | 'error') => void;
  onDeleted?: (siteName: string) => void;
  heading?: 'h3' | 'h2';
}) {
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  // The release a Roll back or Roll forward would make live, asked first (issue 39 item 5).
  const [moving, setMoving] = useState<Release | undefined>(undefined);
  const live = site.releases.find((r) => r.live);
  const pinnedTo = site.pinned ? site.releases.find((r) => r.id === site.pinned!.releaseId) : undefined;
  const city = site.city;

  const move = async (r: Release) => {
    setMoving(undefined);
    setBusy(true);
    // Nothing live: Make live puts the site online again, which is no roll back (its own words).
    const online = !live;
    const answer = await makeLive(site.slug, r.id);
    if (answer.ok) said(sentence((online ? M.madeLive : M.releaseMadeLive)(city, formatDate(r.createdAt), answer.pinned)), 'success');
    else said(M.releaseMakeLiveFailed(city, failureText(answer.failure) || String(answer.status)).title, 'error');
    await changed();
    setBusy(false);
  };

  const unpin = async () => {
    setBusy(true);
    const answer = await unpinCity(site.slug);
    if (answer.ok) said(M.cityUnpinned(city).title, 'success');
    else said(M.unpinFailed(city, failureText(answer.failure) || String(answer.status)).title, 'error');
    await changed();
    setBusy(false);
  };

  const remove = async () => {
    if (!live) return;
    setBusy(true);
    setError(undefined);
    const answer = await takeOffline(site.slug, live.id);
    setBusy(false);
    if (!answer.ok) {
      setError(M.takeOfflineFailed(city, failureText(answer.failure) || String(answer.status)).title);
      return;
    }
    onDeleted?.(site.slug);
    await changed();
    setAsking(false);
  };

  const download = async () => {
    try {
      const res = await throwIfNotOk(await fetchRoute(deploymentPackage, { params: { siteName: site.slug } }));
      saveBlob(await res.blob(), `${site.slug}-replit-deployment.zip`);
    } catch (err) {
      console.error(err); // spec section 8: package errors are only logged
    }
  };

  return (
    <div data-site={site.slug} className="rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading className="font-semibold text-slate-900">{label}</Heading>
        {site.pinned && (
          <span data-testid="pinned" className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">
            Pinned
          </span>
        )}
      </div>
      {live && (
        <p className="text-sm text-slate-600">
          Last deployed{' '}
          <time dateTime={site.releases[0]!.createdAt} className="whitespace-nowrap">
            {formatDate(site.releases[0]!.createdAt)}
          </time>
          {live !== site.releases[0] && (
            <>
              ; live: the release of{' '}
              <time dateTime={live.createdAt} className="whitespace-nowrap">
                {formatDate(live.createdAt)}
              </time>
            </>
          )}
        </p>
      )}
      {site.pinned && (
        <p className="mt-1 text-sm text-amber-950">
          Rolled back: pinned to the release of {pinnedTo ? formatDate(pinnedTo.createdAt) : site.pinned.releaseId}. Redeploy all skips {city} until it is unpinned or deployed again.
          {canEdit && (
            <Button variant="ghost" className="ml-1 min-h-9 px-2 text-amber-950 underline" disabled={busy} onClick={unpin}>
              Unpin<span className="sr-only"> {city}</span>
            </Button>
          )}
        </p>
      )}
      {site.contactEndpoint && (
        <p className="text-sm break-all text-slate-600">
          Contact form posts to <code>{site.contactEndpoint}</code>
        </p>
      )}
      {live && (
        <div className="mt-2 flex flex-wrap gap-2">
          <a href={site.url} target="_blank" rel="noopener" className={linkButtonClass}>
            Visit Site<span className="sr-only">: {city}</span>
          </a>
          {canEdit && (
            <>
              <Button variant="ghost" onClick={download}>
                Download<span className="sr-only"> {city}</span>
              </Button>
              <Button variant="danger" aria-label={`Delete the live site of ${city}`} onClick={() => setAsking(true)}>
                Delete
              </Button>
            </>
          )}
        </div>
      )}
      {site.releases.length > 0 && <ReleaseList city={city} releases={site.releases} busy={busy} canEdit={canEdit} onMakeLive={setMoving} />}
      {canEdit && <MoveDialog city={city} release={moving} liveId={live?.id} newestId={site.releases[0]?.id} onConfirm={move} onClose={() => setMoving(undefined)} />}
      {canEdit && (
        <ConfirmDialog
          open={asking}
          title={M.takeOfflineConfirm(city).title}
          confirmLabel={busy ? 'Deleting...' : 'Delete the live site'}
          busy={busy}
          error={error}
          onConfirm={remove}
          onClose={() => {
            setAsking(false);
            setError(undefined);
          }}
          returnTo={() => document.getElementById('view-title')}
        >
          <p>{M.takeOfflineConfirm(city).message}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/**
 * Roll back (or forward), asked first with exactly what will happen: which release of which date
 * and saved version goes live, and whether Redeploy all will then skip the city (any release but
 * the newest pins it: cities/release-routes.ts). With nothing live, Make live asks in its own
 * words: it puts the site online, it rolls nothing back. Confirming makes that release live, nothing else.
 */
function MoveDialog({ city, release, liveId, newestId, onConfirm, onClose }: { city: string; release: Release | undefined; liveId?: string; newestId?: string; onConfirm: (r: Release) => void; onClose: () => void }) {
  const label = release ? moveLabel(release, liveId) : 'Roll back';
  const ask = release && (label === 'Make live' ? M.makeLiveAsk : label === 'Roll forward' ? M.rollForwardAsk : M.rollbackAsk)(city, formatDate(release.createdAt), release.configVersion === undefined ? undefined : String(release.configVersion), release.id !== newestId);
  return (
    <ConfirmDialog open={release !== undefined} title={ask?.title ?? ''} confirmLabel={label === 'Make live' ? `Make ${city} live` : `${label} ${city}`} onConfirm={() => release && onConfirm(release)} onClose={onClose}>
      <p data-testid="move-ask">{ask?.message}</p>
    </ConfirmDialog>
  );
}
