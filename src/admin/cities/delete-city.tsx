import { useState } from 'react';
import * as M from '../../texts/admin.js';
import { deleteCity, type CitySummary } from '../cities-api.js';
import { ConfirmDialog } from '../confirm-dialog.js';

/**
 * The question before a city is deleted: which city, that its site goes offline now, and whether
 * its saved versions go too (kept unless the box is ticked). `done` runs after the delete, before
 * the dialog closes, so the list is already without the city when focus returns to it.
 */
export function DeleteCityDialog({
  city,
  onClose,
  done,
  returnTo,
}: {
  city: CitySummary | undefined;
  onClose: () => void;
  done: (city: CitySummary, offline: boolean) => Promise<void>;
  returnTo: () => HTMLElement | null;
}) {
  const [history, setHistory] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const text = M.cityDeleteConfirm(city?.city ?? '');

  const close = () => {
    setHistory(false);
    setError(undefined);
    onClose();
  };

  const confirm = async () => {
    if (!city || busy) return;
    setBusy(true);
    setError(undefined);
    const answer = await deleteCity(city.slug, history);
    setBusy(false);
    if (!answer.ok) {
      setError(M.cityDeleteFailed(city.city, answer.failure.message ?? answer.failure.error ?? String(answer.status)).title);
      return;
    }
    await done(city, answer.offline);
    close();
  };

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
      <label className="mt-4 flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-slate-800">
        <input type="checkbox" checked={history} onChange={(e) => setHistory(e.currentTarget.checked)} className="h-5 w-5 accent-red-700" />
        Also delete its saved versions
      </label>
    </ConfirmDialog>
  );
}
