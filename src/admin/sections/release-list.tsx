import * as M from '../../texts/admin.js';
import type { Release } from '../cities-api.js';
import { formatDate } from '../format.js';
import { Button } from '../ui.js';

export type { Release } from '../cities-api.js';

/**
 * What the control that makes a release live says (issue 23): "Roll back" to an older release than
 * the live one, "Roll forward" to a newer one (a rollback keeps the newer releases), "Make live"
 * when none is live. Release ids sort in deploy order (releases/store.ts).
 */
export function moveLabel(release: Pick<Release, 'id'>, liveId: string | undefined): string {
  if (!liveId) return 'Make live';
  return release.id < liveId ? 'Roll back' : 'Roll forward';
}

/**
 * A site's releases with their date and the config version each was built from; the live one is
 * marked, every other has Roll back or Roll forward (for a role that changes sites). The list
 * scrolls after a few entries and can then be scrolled from the keyboard. `city` is the city's
 * name, as the operator knows it.
 */
/** Who deployed a release and who made it live again, when (issue 39 item 5); nothing for a release from before it was recorded. */
export function ReleaseWho({ release: r }: { release: Pick<Release, 'deployedBy' | 'rolledBack'> }) {
  return (
    <>
      {r.deployedBy && <span data-deployed-by className="block text-xs text-slate-600">{M.deployedBy(r.deployedBy).title}</span>}
      {r.rolledBack?.map((b) => (
        <span key={b.at} data-rolled-back className="block text-xs text-slate-600">
          {M.rolledBackBy(b.by, formatDate(b.at)).title}
        </span>
      ))}
    </>
  );
}

export function ReleaseList({ city, releases, busy, canEdit = true, onMakeLive }: { city: string; releases: Release[]; busy: boolean; canEdit?: boolean; onMakeLive: (r: Release) => void }) {
  const liveId = releases.find((r) => r.live)?.id;
  return (
    <ol aria-label={`Releases of ${city}`} tabIndex={releases.length > 4 ? 0 : undefined} className="mt-2 max-h-48 divide-y divide-slate-100 overflow-auto rounded-lg border border-slate-200 text-sm">
      {releases.map((r) => {
        const when = formatDate(r.createdAt);
        const version = r.configVersion === undefined ? 'not from a saved version' : `config version ${r.configVersion}`;
        return (
          <li key={r.id} data-release={r.id} data-live={String(r.live)} className="flex flex-wrap items-center justify-between gap-2 px-3 py-1.5">
            <span className="min-w-0">
              <time dateTime={r.createdAt} className="whitespace-nowrap text-slate-900">
                {when}
              </time>
              <span className="text-slate-600"> · {version}</span>
              <ReleaseWho release={r} />
            </span>
            {r.live ? (
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">Live</span>
            ) : (
              canEdit && (
                <Button variant="ghost" className="min-h-9 px-2 text-brand" disabled={busy} onClick={() => onMakeLive(r)}>
                  {moveLabel(r, liveId)}
                  <span className="sr-only">
                    {' '}
                    {city} to {when}, {version}
                  </span>
                </Button>
              )
            )}
          </li>
        );
      })}
    </ol>
  );
}
