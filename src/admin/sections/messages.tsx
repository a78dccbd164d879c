import { useCallback, useEffect, useState } from 'react';
import type { StoredMessage } from '../../config/contact.js';
import { getJson } from '../api.js';
import { useAbilities } from '../auth/session-context.js';
import { formatDate } from '../format.js';
import { hashOf } from '../route.js';
import { Button, Card, inputClass, linkButtonClass } from '../ui.js';
import { inScope, mergeNewest, messageUrls } from './message-scope.js';

/** A stored contact message as GET /api/messages returns it. */
type Message = StoredMessage;

/** GET /api/messages/by-city: one row a site. */
interface CityCount {
  site: string;
  city: string;
  last7Days: number;
  last30Days: number;
  total: number;
}

/** GET /api/messages/refusals: refused posts of the last 7 days, one row a reason and origin. */
interface RefusalRow {
  reason: string;
  origin: string;
  count: number;
}

/** What each refusal reason means to the operator. */
const REASONS: Record<string, string> = {
  validation: 'a field was missing or wrong',
  honeypot: 'a bot filled the hidden field',
  rate_limit: 'too many messages from one address',
  failed_limit: 'too many failed attempts from one address',
  size: 'larger than the limit',
  malformed: 'not a form or JSON, or unreadable',
  conflict: 'an Idempotency-Key reused for another message',
};

/** How a message's city reads: the city, the slug of a site this server does not know, or plainly unknown. */
const cityName = (m: { site: string; city: string }) => m.city || (m.site ? `${m.site} (unknown city)` : 'Unknown city');

/**
 * Messages, as the signed-in role may see them (docs/decisions/017-staff-accounts.md): the messages
 * themselves for the owner and the front desk (only its cities' when it has some), the counts
 * alone for an editor, who never receives a message. On a city's page (`site`), that city's
 * messages are shown first: another city's, or all, only when chosen in the filter.
 */
export function Messages({ site, name }: { site?: string; name?: string } = {}) {
  const can = useAbilities();
  return can.readMessages ? <MessageList scope={can.messageCities} canExport={can.exportMessages} city={site} cityLabel={name} /> : <MessageCounts />;
}

/** Settled values, each logged when it failed: one refused table (a 403) does not blank the others. */
function settled<T>(r: PromiseSettledResult<T>): T | undefined {
  if (r.status === 'fulfilled') return r.value;
  console.error(r.reason);
  return undefined;
}

/**
 * The stored contact messages, newest first, each with its city; a count per city for the last 7
 * and 30 days; a filter by city; and, for the owner, a CSV export (of the city shown). Messages
 * are kept so the staff can read them here, and no notification carries their body off the server
 * (it may hold health information). `scope`: the cities asked for, null for every city.
 */
function MessageList({ scope, canExport, city, cityLabel }: { scope: string[] | null; canExport: boolean; city?: string; cityLabel?: string }) {
  const [messages, setMessages] = useState<Message[]>([]);
  const [total, setTotal] = useState(0);
  const [cities, setCities] = useState<CityCount[]>([]);
  const [refusals, setRefusals] = useState<RefusalRow[]>([]);
  /** The city slug shown, or undefined for every city in scope: the page's city first, when the role works it. */
  const [site, setSite] = useState<string | undefined>(scope?.length === 1 ? scope[0] : city && (scope === null || scope.includes(city)) ? city : undefined);
  const [loaded, setLoaded] = useState(false);
  const scopeKey = scope === null ? null : scope.join(',');

  const reload = useCallback(async () => {
    const inScopeNow = scopeKey === null ? null : scopeKey.split(',').filter(Boolean);
    const urls = messageUrls(inScopeNow, site);
    const [pages, counts, refused] = await Promise.allSettled([
      Promise.all(urls.map((u) => getJson<{ messages: Message[]; total: number }>(u))),
      getJson<{ cities: CityCount[] }>('/api/messages/by-city'),
      getJson<{ refusals: RefusalRow[] }>('/api/messages/refusals'),
    ]);
    const list = settled(pages);
    if (list) {
      const merged = mergeNewest(list.length ? list : [{ messages: [], total: 0 }]);
      setMessages(merged.messages);
      setTotal(merged.total);
    }
    const c = settled(counts);
    if (c) setCities(inScope(c.cities, inScopeNow));
    const r = settled(refused);
    if (r) setRefusals(r.refusals);
    setLoaded(true);
  }, [site, scopeKey]);
  useEffect(() => void reload(), [reload]);

  const listed = scope === null ? cities.map((c) => ({ site: c.site, label: cityName(c) })) : scope.map((slug) => ({ site: slug, label: cityName(cities.find((c) => c.site === slug) ?? { site: slug, city: '' }) }));
  // The page's city is a choice even before its first message.
  const choices = site && !listed.some((c) => c.site === site) ? [...listed, { site, label: site === city && cityLabel ? cityLabel : cityName({ site, city: '' }) }] : listed;
  const csv = site === undefined ? '/api/messages.csv' : `/api/messages.csv?site=${encodeURIComponent(site)}`;
  return (
    <Card id="messages" title="Messages" lead={scope === null ? 'Contact form messages from every city site, newest first.' : 'Contact form messages from the sites of your cities, newest first.'}>
      {cities.length > 0 && <CityCounts cities={cities} />}
      <div className="mt-4 flex flex-wrap items-end gap-2">
        {(scope === null || choices.length > 1) && (
          <div>
            <label htmlFor="messages-city" className="mb-1 block text-sm font-medium text-slate-800">
              Filter by city
            </label>
            <select id="messages-city" className={inputClass} value={site ?? '*'} onChange={(e) => setSite(e.target.value === '*' ? undefined : e.target.value)}>
              <option value="*">{scope === null ? 'All cities' : 'All your cities'}</option>
              {choices.map((c) => (
                <option key={c.site} value={c.site}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <Button variant="secondary" onClick={reload}>
          Refresh messages
        </Button>
        {/* The inbox, on the city chosen here: a city's slug may go in the address, nothing a patient wrote. */}
        <a href={hashOf({ name: 'messages', site: site || undefined })} className={linkButtonClass}>
          Open in Messages
        </a>
        {canExport && (
          <a href={csv} className={linkButtonClass}>
            Export CSV
          </a>
        )}
      </div>
      {loaded && (
        <p className="mt-3 text-sm text-slate-600">
          {total === 0 ? 'No messages yet.' : `${total} ${total === 1 ? 'message' : 'messages'}${total > messages.length ? `, the newest ${messages.length} shown` : ''}.`}
        </p>
      )}
      <ol aria-label="Messages" className="mt-3 space-y-3">
        {messages.map((m) => (
          <li key={m.id} className="rounded-lg border border-slate-200 p-3">
            <p className="font-semibold text-slate-900">
              {m.firstName} {m.lastName}
              <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">{cityName(m)}</span>
              {m.service && <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand">{m.service}</span>}
            </p>
            <p className="text-sm break-all text-slate-600">
              <a href={`mailto:${m.email}`} className="text-brand underline">
                {m.email}
              </a>
              {m.phone && ` · ${m.phone}`} · <time dateTime={m.receivedAt} className="whitespace-nowrap">
                {formatDate(m.receivedAt)}
              </time>
            </p>
            <p className="text-xs break-all text-slate-600">
              From {m.origin}
              {m.page && `, page ${m.page}`}
            </p>
            {!m.registered && (
              <p className="mt-1 text-xs font-medium text-amber-900">
                Sent from an address not registered for {m.city || 'this city'}
                {m.referer && ` (${m.referer})`}: filed by the city its form names.
              </p>
            )}
            {m.unreadable ? (
              <p className="mt-2 text-sm font-medium text-red-800">This message cannot be opened on this server: {m.unreadable}.</p>
            ) : (
              <p className="mt-2 text-sm whitespace-pre-wrap text-slate-800">{m.message}</p>
            )}
          </li>
        ))}
      </ol>
      <Refusals rows={refusals} />
    </Card>
  );
}

/**
 * Messages for a role that never reads one (the editor): how many each city site brought in, and
 * the posts refused in the last 7 days. GET /api/messages and the CSV are not even asked for.
 */
function MessageCounts() {
  const [cities, setCities] = useState<CityCount[]>([]);
  const [refusals, setRefusals] = useState<RefusalRow[]>([]);
  const [loaded, setLoaded] = useState(false);

  const reload = useCallback(async () => {
    const [counts, refused] = await Promise.allSettled([getJson<{ cities: CityCount[] }>('/api/messages/by-city'), getJson<{ refusals: RefusalRow[] }>('/api/messages/refusals')]);
    const c = settled(counts);
    if (c) setCities(c.cities);
    const r = settled(refused);
    if (r) setRefusals(r.refusals);
    setLoaded(true);
  }, []);
  useEffect(() => void reload(), [reload]);

  return (
    <Card id="messages" title="Messages" lead="How many contact form messages each city site brought in. Reading the messages is for the owner and the front desk.">
      {cities.length > 0 && <CityCounts cities={cities} />}
      {loaded && cities.length === 0 && <p className="text-sm text-slate-600">No messages yet.</p>}
      <Button variant="secondary" className="mt-4" onClick={reload}>
        Refresh counts
      </Button>
      <Refusals rows={refusals} />
    </Card>
  );
}

/**
 * Posts that were not stored, in the last 7 days, by reason and origin: a site whose every post
 * fails (a misconfigured host, a broken form) shows here on its first day.
 */
function Refusals({ rows }: { rows: RefusalRow[] }) {
  return (
    <div className="mt-6 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-medium text-slate-800">Refused messages, last 7 days</caption>
        {rows.length === 0 ? (
          <tbody>
            <tr>
              <td className="py-1 text-slate-600">None.</td>
            </tr>
          </tbody>
        ) : (
          <>
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-4 font-medium">Why</th>
                <th scope="col" className="py-1 pr-4 font-medium">From</th>
                <th scope="col" className="py-1 text-right font-medium">Refused</th>
              </tr>
            </thead>
            <tbody className="text-slate-900">
              {rows.map((r) => (
                <tr key={`${r.reason} ${r.origin}`} className="border-t border-slate-200">
                  <th scope="row" className="py-1 pr-4 font-normal">{REASONS[r.reason] ?? r.reason}</th>
                  <td className="py-1 pr-4 break-all">{r.origin}</td>
                  <td className="py-1 text-right tabular-nums">{r.count}</td>
                </tr>
              ))}
            </tbody>
          </>
        )}
      </table>
    </div>
  );
}

/** Which city sites bring patients: messages per city in the last 7 and 30 days and in all. */
function CityCounts({ cities }: { cities: CityCount[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left font-medium text-slate-800">Messages per city</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">City</th>
            <th scope="col" className="py-1 pr-4 text-right font-medium">Last 7 days</th>
            <th scope="col" className="py-1 pr-4 text-right font-medium">Last 30 days</th>
            <th scope="col" className="py-1 text-right font-medium">All</th>
          </tr>
        </thead>
        <tbody className="text-slate-900">
          {cities.map((c) => (
            <tr key={c.site} className="border-t border-slate-200">
              <th scope="row" className="py-1 pr-4 font-normal">{cityName(c)}</th>
              <td className="py-1 pr-4 text-right tabular-nums">{c.last7Days}</td>
              <td className="py-1 pr-4 text-right tabular-nums">{c.last30Days}</td>
              <td className="py-1 text-right tabular-nums">{c.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
