import { factLabels } from '../../config/required-facts.js';
import * as M from '../../texts/admin.js';
import { exportUrl, type CitySummary } from '../cities-api.js';
import { formatDate, releaseTimeText } from '../format.js';
import { Icon, type IconName } from '../icons.js';
import { Tooltip } from '../tooltip.js';
import { Button } from '../ui.js';
import { changedSinceDeploy, isLive, stateCode } from './list-view.js';

/** The city's column stays in sight while a narrow screen scrolls the table sideways. */
const STICKY = 'sticky left-0 z-10 bg-white';

/** What the operator can do to one city from the list; a role that changes no city has no Duplicate or Delete. */
export interface CityActions {
  open: (c: CitySummary) => void;
  duplicate?: (c: CitySummary) => void;
  remove?: (c: CitySummary) => void;
  /** Ends a rollback's pin, so the next Redeploy all takes the city again. */
  unpin?: (c: CitySummary) => void;
}

const iconButton = 'inline-flex h-11 w-11 items-center justify-center rounded-lg';

/** An icon-only action: its name is in it (hidden from sight) and in its tooltip, the same words. */
function IconAction({ icon, name, danger, onClick, href, download }: { icon: IconName; name: string; danger?: boolean; onClick?: () => void; href?: string; download?: string }) {
  const look = `${iconButton} ${danger ? 'border border-red-300 text-red-700 hover:bg-red-50' : 'border border-slate-300 text-slate-700 hover:bg-slate-100'}`;
  return (
    <Tooltip text={name} mode="label">
      {(trigger) =>
        href ? (
          <a {...trigger} href={href} download={download} className={look}>
            <Icon name={icon} />
            <span className="sr-only">{name}</span>
          </a>
        ) : (
          <button {...trigger} type="button" onClick={onClick} className={look}>
            <Icon name={icon} />
            <span className="sr-only">{name}</span>
          </button>
        )
      }
    </Tooltip>
  );
}

/**
 * One city in the table of cities: its name (the row's header, the city alone), state, whether its site is live
 * (and a mark when the saved version is not the live one), its last deploy, the messages it brought
 * in 30 days, and Open, Duplicate, Export YAML, Unpin, Delete. Every action's name carries the city,
 * so a screen reader's list of controls says which one is which.
 */
export function CityRow({ city: c, actions }: { city: CitySummary; actions: CityActions }) {
  const live = isLive(c);
  const changed = changedSinceDeploy(c);
  return (
    <tr data-city={c.slug} data-changed={changed ? '' : undefined} className="border-t border-slate-200 align-top">
      <th scope="row" className={`px-3 py-3 text-left font-semibold text-slate-900 ${STICKY}`}>
        {c.city}
      </th>
      <td className="px-3 py-3 text-slate-900">{stateCode(c.state)}</td>
      <td className="px-3 py-3">
        <span className="flex flex-wrap gap-1">
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${live ? 'bg-green-100 text-green-900' : 'bg-slate-100 text-slate-800'}`}>{live ? 'Live' : 'Not deployed'}</span>
          {changed && (
            <span data-testid="changed-mark" className="rounded-full border border-amber-400 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-950">
              Changed since deploy
            </span>
          )}
          {c.pinned && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950">Pinned</span>}
          {c.missing?.length ? <span className="rounded-full border border-red-300 bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-900">Incomplete</span> : null}
        </span>
        {c.missing?.length ? <span className="mt-1 block text-xs text-red-900">{M.cityIncompleteNote(factLabels(c.missing)).title}</span> : null}
        {c.servedHere && <span className="mt-1 block text-xs text-slate-600">This server’s own site{c.live ? ', and deployed' : ''}</span>}
        <span className="mt-1 block text-xs text-slate-600">
          Saved: version {c.version}
          {c.live && (c.liveConfigVersion !== undefined ? `; live: version ${c.liveConfigVersion}` : '; live: deployed from the form')}
        </span>
        {c.pinned && (
          <span className="mt-1 block text-xs text-amber-950">
            Pinned to the release of{' '}
            <time dateTime={c.pinned.at} className="whitespace-nowrap">
              {formatDate(releaseTimeText(c.pinned.releaseId))}
            </time>{' '}
            (rolled back); Redeploy all skips it
          </span>
        )}
      </td>
      <td className="px-3 py-3 text-slate-900">
        {c.lastDeployAt ? (
          <time dateTime={c.lastDeployAt} className="whitespace-nowrap">
            {formatDate(c.lastDeployAt)}
          </time>
        ) : (
          'Never'
        )}
      </td>
      <td className="px-3 py-3 text-right tabular-nums text-slate-900">{c.messages30d}</td>
      <td className="px-3 py-2">
        <div className="flex items-center gap-1.5">
          <Button variant="secondary" className="px-3" onClick={() => actions.open(c)}>
            Open<span className="sr-only"> {c.city}</span>
          </Button>
          {actions.duplicate && <IconAction icon="duplicate" name={`Duplicate ${c.city}`} onClick={() => actions.duplicate?.(c)} />}
          <IconAction icon="download" name={`Export YAML of ${c.city}`} href={exportUrl(c.slug)} download={`${c.slug}.yaml`} />
          {c.pinned && actions.unpin && (
            <Button variant="secondary" className="px-3" onClick={() => actions.unpin?.(c)}>
              Unpin<span className="sr-only"> {c.city}</span>
            </Button>
          )}
          {actions.remove && <IconAction icon="delete" name={`Delete ${c.city}`} danger onClick={() => actions.remove?.(c)} />}
        </div>
      </td>
    </tr>
  );
}
