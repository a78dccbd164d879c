import { useCallback, useEffect, useState } from 'react';
import { inboxCounts } from '../../contract/inbox-counts.js';
import type { ResponseOf } from '../../contract/route.js';
import { messageRefusals, messagesByCity, type CityCount, type RefusalRow } from '../../contract/messages.js';
import { callRoute, readRoute } from '../api.js';
import { useAbilities } from '../auth/session-context.js';
import { hashOf } from '../route.js';
import { Button, Card, linkButtonClass } from '../ui.js';
import { countedCity, countsQuery, inScope } from './message-scope.js';

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

type ByStatus = ResponseOf<typeof inboxCounts>['byStatus'];
/** The inbox's statuses, in its order, as its tabs name them. */
const STATUS_ROWS: { status: keyof ByStatus; label: string }[] = [
  { status: 'new', label: 'New' },
  { status: 'contacted', label: 'Contacted' },
  { status: 'booked', label: 'Booked' },
  { status: 'closed', label: 'Closed' },
];

/** How a message's city reads: the city, the slug of a site this server does not know, or plainly unknown. */
const cityName = (m: { site: string; city: string }) => m.city || (m.site ? `${m.site} (unknown city)` : 'Unknown city');
/** A slug in words when the city has no name yet: `wesley-chapel` -> `Wesley Chapel`. */
const slugWords = (slug: string) => slug.replace(/-/g, ' ').replace(/\b\p{L}/gu, (ch) => ch.toUpperCase());

/**
 * Messages on a city's page, as the signed-in role may see them (docs/decisions/017-staff-accounts.md,
 * issue 37 item 3): for the owner and the front desk, how many of the city's messages are new,
 * contacted, booked and closed, and a link to the inbox on that city, where a message is read
 * (each read audited); for an editor, the counts per city alone. No message is shown here.
 */
export function Messages({ site, name }: { site?: string; name?: string } = {}) {
  const can = useAbilities();
  return can.readMessages ? <MessageStatus scope={can.messageCities} canExport={can.exportMessages} city={site} cityLabel={name} /> : <MessageCounts />;
}

/** Settled values, each logged when it failed: one refused table (a 403) does not blank the others. */
function settled<T>(r: PromiseSettledResult<T>): T | undefined {
  if (r.status === 'fulfilled') return r.value;
  console.error(r.reason);
  return undefined;
}

/**
 * For the roles that read messages: the city's messages by status (GET /api/inbox/counts, counts
 * only), a link to the inbox filtered to the city, the per-city counts of the last 7 and 30 days
 * and, for the owner, the CSV export of the city. `scope`: the reader's cities, null for every
 * city; a city outside them is neither counted nor linked (the reader's own cities are).
 */
function MessageStatus({ scope, canExport, city, cityLabel }: { scope: string[] | null; canExport: boolean; city?: string; cityLabel?: string }) {
  const [byStatus, setByStatus] = useState<ByStatus | undefined>();
  const [cities, setCities] = useState<CityCount[]>([]);
  const [refusals, setRefusals] = useState<RefusalRow[]>([]);
  const [failed, setFailed] = useState(false);
  const scopeKey = scope === null ? null : scope.join(',');
  const site = countedCity(scope, city);

  const reload = useCallback(async () => {
    const inScopeNow = scopeKey === null ? null : scopeKey.split(',').filter(Boolean);
    const [counted, perCity, refused] = await Promise.allSettled([
      callRoute(inboxCounts, { query: countsQuery(site) }),
      readRoute(messagesByCity),
      readRoute(messageRefusals),
    ]);
    const s = settled(counted);
    setFailed(!s?.ok);
    if (s?.ok) setByStatus(s.byStatus);
    const c = settled(perCity);
    if (c) setCities(inScope(c.cities, inScopeNow));
    const r = settled(refused);
    if (r) setRefusals(r.refusals);
  }, [site, scopeKey]);
  useEffect(() => void reload(), [reload]);

  const shownName = site === undefined ? undefined : site === city && cityLabel ? cityLabel : cityName(cities.find((c) => c.site === site) ?? { site, city: slugWords(site) });
  const caption = shownName ? `${shownName}’s messages by status` : scope === null ? 'Messages by status, every city' : 'Messages by status, your cities';
  const csv = site === undefined ? '/api/messages.csv' : `/api/messages.csv?site=${encodeURIComponent(site)}`;
  return (
    <Card id="messages" title="Messages" lead="How many contact form messages are new, contacted, booked and closed. Messages are read in the inbox.">
      {city && site === undefined && <p className="mb-3 text-sm text-slate-600">This city is not one of yours: the counts are those of your cities.</p>}
      <table className="w-full max-w-sm text-left text-sm" data-testid="message-status-counts">
        <caption className="mb-2 text-left font-medium text-slate-800">{caption}</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">Status</th>
            <th scope="col" className="py-1 text-right font-medium">Messages</th>
          </tr>
        </thead>
        <tbody className="text-slate-900">
          {STATUS_ROWS.map(({ status, label }) => (
            <tr key={status} className="border-t border-slate-200">
              <th scope="row" className="py-1 pr-4 font-normal">{label}</th>
              <td className="py-1 text-right tabular-nums">{byStatus ? byStatus[status] : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {failed && <p className="mt-2 text-sm font-medium text-red-800">The counts could not be loaded. Refresh to try again.</p>}
      <div className="mt-4 flex flex-wrap items-end gap-2">
        {/* The inbox, on this city: a city's slug may go in the address, nothing a patient wrote. */}
        <a href={hashOf({ name: 'messages', site })} className={linkButtonClass}>
          {shownName ? `Open ${shownName}’s messages in the inbox` : 'Open the inbox'}
        </a>
        <Button variant="secondary" onClick={reload}>
          Refresh counts
        </Button>
        {canExport && (
          <a href={csv} className={linkButtonClass}>
            Export CSV
          </a>
        )}
      </div>
      {cities.length > 0 && (
        <div className="mt-6">
          <CityCounts cities={cities} />
        </div>
      )}
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
    const [counts, refused] = await Promise.allSettled([readRoute(messagesByCity), readRoute(messageRefusals)]);
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
