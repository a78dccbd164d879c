import { BRAND_SITE_NAME } from '../../config/brand.js';
import * as M from '../../texts/admin.js';
import type { CitySummary, RedeployRun } from '../cities-api.js';
import { formatDate } from '../format.js';
import { sentence } from '../notice.js';
import { Button } from '../ui.js';
import { runLines, toneClass } from './redeploy-lines.js';

/** Who started a run and when, or that it was not recorded (never a guessed name). */
export const startedText = (run: Pick<RedeployRun, 'startedAt' | 'startedBy'>) =>
  run.startedBy ? M.redeployStartedBy(run.startedBy.label, formatDate(run.startedAt)).title : M.redeployStartedByUnknown(formatDate(run.startedAt)).title;

/**
 * A redeploy-all run: who started it, a progress bar, and one line a site in the order the dialog
 * listed them (issue 39 item 5): each rebuilt site with its outcome (waiting, deploying, live from
 * which saved version, or failed with why), then each skipped one with why. The counts sit in a
 * polite live region, so a screen reader hears the progress without the list being read again at
 * every poll.
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
      ? `Redeploying: ${done} of ${total} done.`
      : run.state === 'interrupted'
        ? sentence(M.redeployInterrupted)
        : `${M.redeployFinished(run.summary.ok, run.summary.failed).title}${skipped.length ? `, ${skipped.length} skipped` : ''}`;
  const lines = runLines({ items, skipped });
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
      <p data-testid="redeploy-started-by" className="mt-1 text-sm text-slate-700">
        {startedText(run)}
      </p>
      <p role="status" className={`mt-2 text-sm font-semibold ${run.state === 'done' && run.summary.failed === 0 ? 'text-green-800' : run.state === 'running' ? 'text-slate-800' : 'text-red-800'}`}>
        {status}
      </p>
      <progress max={Math.max(total, 1)} value={done} aria-label="Sites redeployed" className="mt-2 h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand" />
      <ol aria-label="What happened to each site" data-testid="redeploy-result" className="mt-3 divide-y divide-slate-100 text-sm">
        {lines.map((l) => {
          const item = items.find((i) => i.slug === l.slug);
          return (
            <li key={l.slug} data-site={l.slug} data-city={l.slug} data-state={item?.state ?? 'skipped'} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
              <span className="font-semibold text-slate-900">{l.city}</span>
              <span data-what className={toneClass(l)}>
                {l.text}
              </span>
              {item?.releaseId && (
                <span className="w-full text-xs break-all text-slate-600">
                  Release <code data-release>{item.releaseId}</code>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
