import { factLabels } from '../../config/required-facts.js';
import * as M from '../../texts/admin.js';
import type { RedeployPlanView, RedeployRun } from '../cities-api.js';
import { formatDate, releaseTimeText } from '../format.js';

/**
 * One line a site, as both the Redeploy all dialog and its result say it (issue 39 item 5), so the
 * result can be read against the dialog line for line: the sites to rebuild in the order the run
 * works them (the brand site last), then those it skips, each with why.
 */
export interface SiteLine {
  slug: string;
  city: string;
  /** What will happen, or what happened. */
  text: string;
  tone?: 'ok' | 'failed' | 'skipped' | 'pending';
}

const when = (releaseId: string) => formatDate(releaseTimeText(releaseId));

const skippedText = (s: RedeployPlanView['skipped'][number]) =>
  (s.reason === 'unchanged'
    ? M.redeployPlanUnchanged(when(s.releaseId))
    : s.reason === 'incomplete'
      ? M.redeployPlanIncomplete(factLabels(s.missing ?? []), when(s.releaseId))
      : M.redeployPlanPinned(when(s.releaseId))
  ).title;

/** What the plan will do to each site. */
export function planLines(plan: RedeployPlanView): SiteLine[] {
  return [
    ...plan.items.map((i) => ({
      slug: i.slug,
      city: i.city,
      text:
        i.configVersion === undefined
          ? M.redeployPlanBrand(i.liveReleaseId ? when(i.liveReleaseId) : '?').title
          : M.redeployPlanRebuild(String(i.configVersion), i.liveVersion === undefined ? undefined : String(i.liveVersion)).title,
    })),
    ...plan.skipped.map((s) => ({ slug: s.slug, city: s.city, text: skippedText(s), tone: 'skipped' as const })),
  ];
}

const STATES = { pending: 'waiting', deploying: 'deploying...' } as const;

/** What a run did (or is doing) to each site. */
export function runLines(run: Pick<RedeployRun, 'items' | 'skipped'>): SiteLine[] {
  return [
    ...run.items.map((i) => ({
      slug: i.slug,
      city: i.city,
      text:
        i.state === 'ok'
          ? M.redeployOutcomeLive(i.configVersion === undefined ? undefined : String(i.configVersion)).title
          : i.state === 'failed'
            ? M.redeployOutcomeFailed(i.error ?? 'unknown error').title
            : STATES[i.state],
      tone: i.state === 'ok' ? ('ok' as const) : i.state === 'failed' ? ('failed' as const) : ('pending' as const),
    })),
    ...run.skipped.map((s) => ({ slug: s.slug, city: s.city, text: skippedText(s), tone: 'skipped' as const })),
  ];
}

const TONE: Record<NonNullable<SiteLine['tone']>, string> = { ok: 'text-green-800', failed: 'text-red-800', skipped: 'text-amber-950', pending: 'text-slate-700' };
export const toneClass = (l: SiteLine) => TONE[l.tone ?? 'pending'];
