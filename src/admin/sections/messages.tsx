import { useCallback, useEffect, useState } from 'react';
import { getJson } from '../api.js';
import { Button, Card, linkButtonClass } from '../ui.js';

/** A stored contact message as GET /api/messages returns it. */
interface Message {
  id: string;
  receivedAt: string;
  site: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  service: string;
  message: string;
}

/**
 * Messages: the stored contact messages, newest first, and a CSV export. Messages are kept so the
 * operator can read them here, and no notification carries their body off the server (it may hold
 * health information).
 */
export function Messages() {
  const [messages, setMessages] = useState<Message[]>([]);
  const [total, setTotal] = useState(0);
  const [loaded, setLoaded] = useState(false);

  const reload = useCallback(async () => {
    try {
      const data = await getJson<{ messages: Message[]; total: number }>('/api/messages?page=1&pageSize=50');
      setMessages(data.messages);
      setTotal(data.total);
    } catch (err) {
      console.error(err);
    } finally {
      setLoaded(true);
    }
  }, []);
  useEffect(() => void reload(), [reload]);

  return (
    <Card id="messages" title="Messages" lead="Contact form messages from every site, newest first.">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={reload}>
          Refresh messages
        </Button>
        <a href="/api/messages.csv" className={linkButtonClass}>
          Export CSV
        </a>
      </div>
      {loaded && <p className="mt-3 text-sm text-slate-600">{total === 0 ? 'No messages yet.' : `${total} ${total === 1 ? 'message' : 'messages'}${total > messages.length ? `, the newest ${messages.length} shown` : ''}.`}</p>}
      <ol aria-label="Messages" className="mt-3 space-y-3">
        {messages.map((m) => (
          <li key={m.id} className="rounded-lg border border-slate-200 p-3">
            <p className="font-semibold text-slate-900">
              {m.firstName} {m.lastName}
              {m.service && <span className="ml-2 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand">{m.service}</span>}
            </p>
            <p className="text-sm break-all text-slate-600">
              <a href={`mailto:${m.email}`} className="text-brand underline">
                {m.email}
              </a>
              {m.phone && ` · ${m.phone}`} · <time dateTime={m.receivedAt}>{new Date(m.receivedAt).toLocaleString()}</time>
            </p>
            <p className="text-xs break-all text-slate-600">From {m.site}</p>
            <p className="mt-2 text-sm whitespace-pre-wrap text-slate-800">{m.message}</p>
          </li>
        ))}
      </ol>
    </Card>
  );
}
