import { BRAND_SITE_NAME } from '../../config/brand.js';
import * as M from '../../texts/admin.js';
import type { CitySummary, RedeployRun } from '../cities-api.js';
import { formatDate, releaseTimeText } from '../format.js';
import { sentence } from '../notice.js';
import { Button } from '../ui.js';

const STATES: Record<RedeployRun['items'][number]['state'], string> = {
  pending: 'Waiting',
  deploying: 'Deploying...',
  ok: 'Live',
  failed: 'Failed',
};

/**
 * A redeploy-all run: a progress bar, one line a city (waiting, deploying, live with its new release,
 * or failed with why) and, at the end, the summary. The counts sit in a polite live region, so a
 * screen reader hears the progress without the list being read again at every poll.
 */
export function RedeployProgress({ run: asRun, cities, onDismiss }: { run: RedeployRun; cities?: CitySummary[]; onDismiss: () => void }) {
  // A city deleted since is forgotten (issue 23): the panel never lists a deleted city as live. The
  // brand site is redeployed with the cities (issue 24).
  const known = cities && new Set([...cities.map((c) => c.slug), BRAND_SITE_NAME]);
  const items = known ? asRun.items.filter((i) => known.has(i.slug)) : asRun.items;
  const skipped = (asRun.skipped ?? []).filter((s) => !known || known.has(s.slug));
  const count = (state: RedeployRun['items'][number]['state']) => items.filter((i) => i.state === state).length;
  const run = { ...asRun, items, summary: { ok: count('ok'), failed: count('failed'), pending: count('pending') + count('deploying') } };
  const total = run.items.length;
  const done = run.summary.ok + run.summary.failed;
  const status =
    run.state === 'running'
      ? `Redeploying all live cities: ${done} of ${total} done.`
      : run.state === 'interrupted'
        ? sentence(M.redeployInterrupted)
        : `${M.redeployFinished(run.summary.ok, run.summary.failed).title}${skipped.length ? `, ${skipped.length} skipped` : ''}`;
  return (
    <section aria-labelledby="redeploy-title" data-testid="redeploy" data-run={run.id} data-state={run.state} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="redeploy-title" className="text-lg font-semibold text-slate-900">
          Redeploy all
        </h2>
        {run.state !== 'running' && (
          <Button variant="ghost" onClick={onDismiss}>
            Hide
          </Button>
        )}
      </div>
      <p role="status" className={`mt-2 text-sm font-semibold ${run.state === 'done' && run.summary.failed === 0 ? 'text-green-800' : run.state === 'running' ? 'text-slate-800' : 'text-red-800'}`}>
        {status}
      </p>
      <progress max={Math.max(total, 1)} value={done} aria-label="Cities redeployed" className="mt-2 h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand" />
      <ol aria-label="Cities in this redeploy" className="mt-3 divide-y divide-slate-100 text-sm">
        {run.items.map((item) => (
          <li key={item.slug} data-city={item.slug} data-state={item.state} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
            <span className="font-semibold text-slate-900">{item.city}</span>
            <span className={item.state === 'failed' ? 'text-red-800' : item.state === 'ok' ? 'text-green-800' : 'text-slate-700'}>
              {STATES[item.state]}
              {item.state === 'ok' && item.configVersion !== undefined && `, config version ${item.configVersion}`}
              {item.state === 'failed' && item.error && `: ${item.error}`}
            </span>
            {item.releaseId && <span className="w-full text-xs break-all text-slate-600">Release <code data-release>{item.releaseId}</code></span>}
          </li>
        ))}
      </ol>
      {skipped.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold text-slate-900">Skipped</h3>
          <ul aria-label="Cities skipped" className="mt-1 list-disc pl-5 text-sm text-amber-950">
            {skipped.map((s) => (
              <li key={s.slug} data-city={s.slug}>
                {(s.reason === 'unchanged' ? M.redeploySkippedUnchanged : M.redeploySkippedPinned)(s.city, formatDate(releaseTimeText(s.releaseId))).title}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
