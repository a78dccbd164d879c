import { useCallback, useEffect, useState } from 'react';
import { listTrash, restoreFromTrash, type TrashedCity } from '../cities-api.js';
import { formatDate } from '../format.js';
import { NoticeArea, useNotice } from '../notice.js';
import { Button } from '../ui.js';

/**
 * The trash under the cities (issue 39 item 1): each deleted city with when it was deleted, until
 * when it is kept, whether its website is still live, and Restore, which brings it back with its
 * saved versions. Shown only when something is in it; read again when `version` changes (a delete).
 */
export function Trash({ version, canEdit, onRestored }: { version: number; canEdit: boolean; onRestored: () => Promise<void> }) {
  const [cities, setCities] = useState<TrashedCity[] | undefined>(undefined);
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const { notice, show } = useNotice();
  const read = useCallback(async () => {
    try {
      setCities(await listTrash());
    } catch (err) {
      console.error(err);
    }
  }, []);
  useEffect(() => void read(), [read, version]);

  const restore = async (c: TrashedCity) => {
    setBusy(c.slug);
    const answer = await restoreFromTrash(c.slug);
    setBusy(undefined);
    if (!answer.ok) {
      show(`${c.city} was not brought back: ${answer.failure.error ?? answer.failure.message ?? answer.status}`, 'error');
      return;
    }
    await Promise.all([read(), onRestored()]);
    show(`${c.city} is back with its saved versions (version ${answer.version} is the latest).`, 'success');
  };

  if (!cities || (cities.length === 0 && notice.text === undefined)) return null;
  return (
    <section aria-labelledby="trash-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="trash-title" className="text-lg font-semibold text-slate-900">
        Trash
      </h2>
      <p className="mt-1 text-sm text-slate-600">Deleted cities, kept 30 days with their saved versions. Bring one back to edit and deploy it again.</p>
      <NoticeArea notice={notice} testId="trash-notice" />
      {cities.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">The trash is empty.</p>
      ) : (
        <ul aria-label="Deleted cities" className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
          {cities.map((c) => (
            <li key={c.slug} data-slug={c.slug} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0">
                <span className="font-semibold text-slate-900">
                  {c.city}, {c.state}
                </span>
                <span className="text-slate-700">
                  {' '}
                  · deleted <time dateTime={c.deletedAt}>{formatDate(c.deletedAt)}</time> · kept until <time dateTime={c.keptUntil}>{formatDate(c.keptUntil)}</time> · version {c.version}
                  {c.live ? ' · its website is still live' : ' · its website is offline'}
                </span>
              </span>
              {canEdit && (
                <Button variant="secondary" className="min-h-9 px-3" disabled={busy !== undefined} onClick={() => void restore(c)}>
                  {busy === c.slug ? 'Restoring...' : `Restore ${c.city}`}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
