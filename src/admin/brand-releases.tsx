import * as M from '../texts/admin.js';
import type { BrandSiteState } from './brand-site-api.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { formatDate } from './format.js';
import { moveLabel, ReleaseWho } from './sections/release-list.js';
import { Button } from './ui.js';

export type BrandRelease = BrandSiteState['releases'][number];

/**
 * The brand site's releases, newest first (issue 39 item 5): each with its date, who deployed it
 * and each time someone made it live again; the live one marked, every other with Roll back, Roll
 * forward or Make live (when nothing is live) for a role that changes sites. Shown on the Brand
 * site view and, without the controls, on Deployments.
 */
export function BrandReleaseList({ releases, busy = false, canEdit, onMove }: { releases: BrandRelease[]; busy?: boolean; canEdit: boolean; onMove?: (r: BrandRelease) => void }) {
  const liveId = releases.find((r) => r.live)?.id;
  return (
    <ol aria-label="Releases of the brand site" tabIndex={releases.length > 4 ? 0 : undefined} className="mt-2 max-h-60 divide-y divide-slate-100 overflow-auto rounded-lg border border-slate-200 text-sm">
      {releases.map((r) => {
        const when = formatDate(r.createdAt);
        return (
          <li key={r.id} data-release={r.id} data-live={String(r.live)} className="flex flex-wrap items-center justify-between gap-2 px-3 py-1.5">
            <span className="min-w-0">
              <time dateTime={r.createdAt} className="whitespace-nowrap text-slate-900">
                {when}
              </time>
              <ReleaseWho release={r} />
            </span>
            {r.live ? (
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">Live</span>
            ) : (
              canEdit &&
              onMove && (
                <Button variant="ghost" className="min-h-9 px-2 text-brand" disabled={busy} onClick={() => onMove(r)}>
                  {moveLabel(r, liveId)}
                  <span className="sr-only"> the brand site to {when}</span>
                </Button>
              )
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** What making `release` live is, and its question: a roll back, a roll forward, or (nothing live) Make live, in its own words. */
export function brandMoveAsk(release: BrandRelease, liveId: string | undefined, newestId: string | undefined) {
  const label = moveLabel(release, liveId);
  const ask = label === 'Make live' ? M.makeLiveAsk : label === 'Roll forward' ? M.rollForwardAsk : M.rollbackAsk;
  const confirm = label === 'Make live' ? 'Make the brand site live' : `${label} the brand site`;
  return { label, confirm, ...ask('the brand site', formatDate(release.createdAt), undefined, release.id !== newestId) };
}

/**
 * Roll back, Roll forward or Make live, asked first with exactly what will happen: which release
 * of which date goes live, and whether Redeploy all will then skip the brand site (any release but
 * the newest pins it). Confirming makes that release live, nothing else.
 */
export function BrandMoveDialog({ release, liveId, newestId, onConfirm, onClose }: { release: BrandRelease | undefined; liveId?: string; newestId?: string; onConfirm: (r: BrandRelease) => void; onClose: () => void }) {
  const ask = release && brandMoveAsk(release, liveId, newestId);
  return (
    <ConfirmDialog open={release !== undefined} title={ask?.title ?? ''} confirmLabel={ask?.confirm ?? ''} onConfirm={() => release && onConfirm(release)} onClose={onClose}>
      <p data-testid="brand-move-ask">{ask?.message}</p>
    </ConfirmDialog>
  );
}
