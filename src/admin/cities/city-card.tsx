import { exportUrl, type CitySummary } from '../cities-api.js';
import { cityAndState, formatDate, releaseTime } from '../format.js';
import { Button, linkButtonClass } from '../ui.js';

/** What the operator can do to one city from the list; a role that changes no city has no Duplicate or Delete. */
export interface CityActions {
  open: (c: CitySummary) => void;
  duplicate?: (c: CitySummary) => void;
  remove?: (c: CitySummary) => void;
  /** Ends a rollback's pin, so the next Redeploy all takes the city again. */
  unpin?: (c: CitySummary) => void;
}

/**
 * One city in the list: its name, whether its site is live and from which version, its last deploy,
 * the messages it brought in 30 days, and Open, Duplicate, Export YAML, Delete. Every action's name
 * carries the city (hidden from sight), so a screen reader's list of buttons says which one is which.
 */
export function CityCard({ city: c, actions }: { city: CitySummary; actions: CityActions }) {
  const behind = c.live && c.liveConfigVersion !== undefined && c.liveConfigVersion < c.version;
  // The served clinic is live as this server's own site, with or without a deployment (issue 23).
  const live = c.live || c.servedHere === true;
  return (
    <li data-city={c.slug} className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{cityAndState(c.city, c.state)}</h3>
        <span className="flex flex-wrap gap-1">
          {c.pinned && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">Pinned</span>}
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${live ? 'bg-green-100 text-green-900' : 'bg-slate-100 text-slate-800'}`}>{live ? 'Live' : 'Not deployed'}</span>
        </span>
      </div>
      {c.servedHere && <p className="text-sm text-slate-600">This server’s own site{c.live ? ', and deployed' : ''}</p>}
      <p className="text-sm text-slate-600">{c.businessName}</p>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
        <dt className="text-slate-600">Saved</dt>
        <dd className="text-slate-900">
          Version {c.version},{' '}
          <time dateTime={c.savedAt} className="whitespace-nowrap">
            {formatDate(c.savedAt)}
          </time>
        </dd>
        <dt className="text-slate-600">Last deploy</dt>
        <dd className="text-slate-900">
          {c.lastDeployAt ? (
            <time dateTime={c.lastDeployAt} className="whitespace-nowrap">
              {formatDate(c.lastDeployAt)}
            </time>
          ) : (
            'Never'
          )}
          {c.live && c.liveConfigVersion !== undefined && `, config version ${c.liveConfigVersion}`}
          {behind && <span className="block text-amber-900">Newer saved version not deployed yet</span>}
        </dd>
        {c.pinned && (
          <>
            <dt className="text-slate-600">Pinned to</dt>
            <dd className="text-amber-950">
              The release of{' '}
              <time dateTime={c.pinned.at} className="whitespace-nowrap">
                {formatDate(releaseTime(c.pinned.releaseId))}
              </time>
              {' '}(rolled back); Redeploy all skips it
            </dd>
          </>
        )}
        <dt className="text-slate-600">Messages, 30 days</dt>
        <dd className="text-slate-900 tabular-nums">{c.messages30d}</dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2 pt-1">
        <Button onClick={() => actions.open(c)}>
          Open<span className="sr-only"> {c.city}</span>
        </Button>
        {actions.duplicate && (
          <Button variant="secondary" onClick={() => actions.duplicate?.(c)}>
            Duplicate<span className="sr-only"> {c.city}</span>
          </Button>
        )}
        <a href={exportUrl(c.slug)} download={`${c.slug}.yaml`} className={linkButtonClass}>
          Export YAML<span className="sr-only"> of {c.city}</span>
        </a>
        {c.pinned && actions.unpin && (
          <Button variant="secondary" onClick={() => actions.unpin?.(c)}>
            Unpin<span className="sr-only"> {c.city}</span>
          </Button>
        )}
        {actions.remove && (
          <Button variant="danger" onClick={() => actions.remove?.(c)}>
            Delete<span className="sr-only"> {c.city}</span>
          </Button>
        )}
      </div>
    </li>
  );
}
