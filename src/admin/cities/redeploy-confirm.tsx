import * as M from '../../texts/admin.js';
import type { CitySummary } from '../cities-api.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { cityAndState, formatDate, releaseTimeText } from '../format.js';

/**
 * What Redeploy all would do, asked before it runs (issue 23): each live city with the saved
 * version it would go to (and the one live now), and each pinned city it would skip, with why.
 * Worked out from the list as just reloaded; the server decides the same way when the run starts
 * (cities/redeploy-runner.ts).
 */
export function RedeployConfirm({ plan, onConfirm, onClose }: { plan: CitySummary[] | undefined; onConfirm: () => void; onClose: () => void }) {
  const live = (plan ?? []).filter((c) => c.live);
  const going = live.filter((c) => !c.pinned);
  const skipped = live.filter((c) => c.pinned);
  const text = M.redeployConfirm(going.length);
  return (
    <ConfirmDialog
      open={plan !== undefined}
      title={text.title}
      confirmLabel={going.length === 0 ? 'Redeploy all' : `Redeploy ${going.length} ${going.length === 1 ? 'city' : 'cities'}`}
      busy={going.length === 0}
      onConfirm={onConfirm}
      onClose={onClose}
      returnTo={() => document.getElementById('view-title')}
    >
      <p>{text.message}</p>
      {going.length > 0 && (
        <ul aria-label="Cities to redeploy" className="mt-2 max-h-48 list-disc overflow-auto pl-5">
          {going.map((c) => (
            <li key={c.slug} data-city={c.slug}>
              {cityAndState(c.city, c.state)}: saved version {c.version}
              {c.liveConfigVersion === undefined ? '' : c.liveConfigVersion === c.version ? ' (live now, rebuilt)' : ` (live now: version ${c.liveConfigVersion})`}
            </li>
          ))}
        </ul>
      )}
      {skipped.length > 0 && (
        <>
          <p className="mt-3 font-semibold text-slate-900">Skipped</p>
          <ul aria-label="Cities skipped" className="mt-1 list-disc pl-5">
            {skipped.map((c) => (
              <li key={c.slug} data-city={c.slug}>
                {M.redeploySkippedPinned(cityAndState(c.city, c.state), formatDate(releaseTimeText(c.pinned!.releaseId))).title}
              </li>
            ))}
          </ul>
        </>
      )}
    </ConfirmDialog>
  );
}
