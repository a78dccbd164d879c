import { useState } from 'react';
import * as M from '../../texts/admin.js';
import { deleteCity, type CitySummary } from '../cities-api.js';
import { ConfirmDialog } from '../confirm-dialog.js';

/**
 * The question before a city is deleted (issue 39 item 1): which city, that it goes to the trash
 * for 30 days with its versions, and two choices the editor makes on purpose, both unticked: take
 * its live website offline now (otherwise it stays live), or delete it for good now (not kept in
 * the trash; its website goes offline with it). `done` runs after the delete, before the dialog
 * closes, so the list is already without the city when focus returns to it.
 */
export function DeleteCityDialog({
  city,
  onClose,
  done,
  returnTo,
}: {
  city: CitySummary | undefined;
  onClose: () => void;
  done: (city: CitySummary, offline: boolean, trash: boolean) => Promise<void>;
  returnTo: () => HTMLElement | null;
}) {
  const [forget, setForget] = useState(false);
  const [offline, setOffline] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const text = M.cityDeleteConfirm(city?.city ?? '');

  const close = () => {
    setForget(false);
    setOffline(false);
    setError(undefined);
    onClose();
  };

  const confirm = async () => {
    if (!city || busy) return;
    setBusy(true);
    setError(undefined);
    const answer = await deleteCity(city.slug, { forget, offline });
    setBusy(false);
    if (!answer.ok) {
      setError(M.cityDeleteFailed(city.city, answer.failure.message ?? answer.failure.error ?? String(answer.status)).title);
      return;
    }
    await done(city, answer.offline, !forget);
    close();
  };

  const box = 'mt-3 flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-slate-800';
  return (
    <ConfirmDialog
      open={city !== undefined}
      title={text.title}
      confirmLabel={busy ? 'Deleting...' : `Delete ${city?.city ?? ''}`}
      busy={busy}
      error={error}
      onConfirm={confirm}
      onClose={close}
      returnTo={returnTo}
    >
      <p>{text.message}</p>
      {city?.live && <p className="mt-2">Its website is live now, and stays live unless you tick the box below.</p>}
      {city?.live && (
        <label className={box}>
          <input type="checkbox" checked={offline || forget} disabled={forget} onChange={(e) => setOffline(e.currentTarget.checked)} className="h-5 w-5 accent-red-700" />
          Also take its website offline now
        </label>
      )}
      <label className={box}>
        <input type="checkbox" checked={forget} onChange={(e) => setForget(e.currentTarget.checked)} className="h-5 w-5 accent-red-700" />
        Delete it for good now, with its saved versions (not kept in the trash{city?.live ? '; its website goes offline too' : ''})
      </label>
    </ConfirmDialog>
  );
}
