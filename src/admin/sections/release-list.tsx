import { formatDate } from '../format.js';
import { Button } from '../ui.js';

/** One release of a live site (GET /api/deployments, newest first). */
export interface Release {
  id: string;
  createdAt: string;
  live: boolean;
  /** The saved version of the city it was built from; absent for a site deployed from the form. */
  configVersion?: number;
}

/**
 * A site's releases with their date and the config version each was built from; every release
 * that is not live has a Rollback button (which also rolls forward again: nothing is deleted). The
 * list scrolls after a few entries and can then be scrolled from the keyboard.
 */
export function ReleaseList({ siteName, releases, busy, onRollback }: { siteName: string; releases: Release[]; busy: boolean; onRollback: (r: Release) => void }) {
  return (
    <ol aria-label={`Releases of ${siteName}`} tabIndex={releases.length > 4 ? 0 : undefined} className="mt-2 max-h-48 divide-y divide-slate-100 overflow-auto rounded-lg border border-slate-200 text-sm">
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
            </span>
            {r.live ? (
              <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">Live</span>
            ) : (
              <Button variant="ghost" className="min-h-9 px-2 text-brand" disabled={busy} onClick={() => onRollback(r)}>
                Rollback<span className="sr-only"> {siteName} to {when}, {version}</span>
              </Button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
