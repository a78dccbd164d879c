import { useCallback, useEffect, useState } from 'react';
import type { StoredMessage } from '../../config/contact.js';
import { getJson } from '../api.js';
import { formatDate } from '../format.js';
import { Button, Card, inputClass, linkButtonClass } from '../ui.js';

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
 * Messages: the stored contact messages, newest first, each with its city; a count per city for
 * the last 7 and 30 days; a filter by city; and a CSV export (of the city shown). Messages are kept
 * so the operator can read them here, and no notification carries their body off the server (it
 * may hold health information).
 */
export function Messages() {
  const [messages, setMessages] = useState<Message[]>([]);
  const [total, setTotal] = useState(0);
  const [cities, setCities] = useState<CityCount[]>([]);
  const [refusals, setRefusals] = useState<RefusalRow[]>([]);
  /** The city slug shown, or undefined for every city. */
  const [site, setSite] = useState<string | undefined>(undefined);
  const [loaded, setLoaded] = useState(false);

  const reload = useCallback(async () => {
    try {
      const filter = site === undefined ? '' : `&site=${encodeURIComponent(site)}`;
      const [list, counts, refused] = await Promise.all([
        getJson<{ messages: Message[]; total: number }>(`/api/messages?page=1&pageSize=50${filter}`),
        getJson<{ cities: CityCount[] }>('/api/messages/by-city'),
        getJson<{ refusals: RefusalRow[] }>('/api/messages/refusals'),
      ]);
      setMessages(list.messages);
      setTotal(list.total);
      setCities(counts.cities);
      setRefusals(refused.refusals);
    } catch (err) {
      console.error(err);
    } finally {
      setLoaded(true);
    }
  }, [site]);
  useEffect(() => void reload(), [reload]);

  const csv = site === undefined ? '/api/messages.csv' : `/api/messages.csv?site=${encodeURIComponent(site)}`;
  return (
    <Card id="messages" title="Messages" lead="Contact form messages from every city site, newest first.">
      {cities.length > 0 && <CityCounts cities={cities} />}
      <div className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="messages-city" className="mb-1 block text-sm font-medium text-slate-800">
            Filter by city
          </label>
          <select id="messages-city" className={inputClass} value={site ?? '*'} onChange={(e) => setSite(e.target.value === '*' ? undefined : e.target.value)}>
            <option value="*">All cities</option>
            {cities.map((c) => (
              <option key={c.site} value={c.site}>
                {cityName(c)}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" onClick={reload}>
          Refresh messages
        </Button>
        <a href={csv} className={linkButtonClass}>
          Export CSV
        </a>
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
            <p className="mt-2 text-sm whitespace-pre-wrap text-slate-800">{m.message}</p>
          </li>
        ))}
      </ol>
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
