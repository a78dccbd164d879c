import { useEffect, useState } from 'react';
import * as M from '../../texts/admin.js';
import { redeployRuns, type RedeployRun } from '../cities-api.js';
import { runLines, toneClass } from '../cities/redeploy-lines.js';
import { startedText } from '../cities/redeploy-progress.js';

/**
 * The last Redeploy all runs (issue 39 item 5), newest first: who started each and when, and each
 * site's line with its outcome, as its result said it. A run's result belongs to the person who
 * started it on the Cities view; here it is kept for everyone, for good.
 */
export function RedeployHistory({ version }: { version: number }) {
  const [runs, setRuns] = useState<RedeployRun[] | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    redeployRuns().then(
      (r) => live && (setRuns(r), setFailed(false)),
      (err: unknown) => {
        console.error(err);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [version]);

  return (
    <section aria-labelledby="redeploy-history-title" data-testid="redeploy-history" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="redeploy-history-title" className="text-lg font-semibold text-slate-900">
        Redeploy all: history
      </h2>
      {failed && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          The history of Redeploy all could not be loaded. Refresh to try again.
        </p>
      )}
      {runs && runs.length === 0 && <p className="mt-2 text-sm text-slate-700">{M.redeployHistoryEmpty.title}.</p>}
      {runs && runs.length > 0 && (
        <ol aria-label="Redeploy all runs, newest first" className="mt-2 divide-y divide-slate-100">
          {runs.map((run) => (
            <li key={run.id} data-run={run.id} data-state={run.state} className="py-3">
              <details>
                <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-slate-900">
                  {startedText(run)}: {run.state === 'running' ? 'running' : run.state === 'interrupted' ? 'interrupted' : M.redeployFinished(run.summary.ok, run.summary.failed).title}
                  {run.skipped.length ? `, ${run.skipped.length} skipped` : ''}
                </summary>
                <ol aria-label="What happened to each site" className="mt-1 pl-4 text-sm">
                  {runLines(run).map((l) => (
                    <li key={l.slug} data-site={l.slug} className="py-0.5">
                      <span className="font-semibold text-slate-900">{l.city}</span>: <span className={toneClass(l)}>{l.text}</span>
                    </li>
                  ))}
                </ol>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
