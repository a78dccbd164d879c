import { randomUUID } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { INBOX_PING_MS, inboxPresence, type InboxChangeKind, type InboxEvent } from '../../contract/inbox-events.js';
import { answerOf } from '../../contract/route.js';
import * as M from '../../texts/server.js';
import { apiError } from '../http/api-error.js';
import type { Actor, AppEnv } from '../http/app-env.js';
import { parseBody } from '../http/validate.js';

/**
 * The live inbox (issue 37 item 4; docs/decisions/018-inbox.md): an open inbox holds one stream of
 * server-sent events (GET /api/inbox/events, shapes in src/contract/inbox-events.ts) telling it
 * that a message arrived or changed, and reads the list again itself (an audited list read). A
 * notice is a message id, a city slug and the kind of change: never anything a patient wrote. A
 * stream hears only of the cities its reader's scope covers (inbox-routes.ts's scopeOf), resolved
 * when it opens; a stream ends after `maxStreamMs`, and the browser's reconnect passes the guard
 * again, so a session signed out or narrowed keeps a stream no longer than that.
 *
 * Presence (who else has a message open) is kept in this server's memory, per stream: with several
 * servers, people see the presence of those whose streams reached the same server.
 */

/** What changed, as every server tells the others. */
export interface InboxNotice {
  kind: InboxChangeKind;
  id: string;
  site: string;
  /** The account that made it ('' for a patient's message). */
  by: string;
}

/**
 * How notices travel between the servers of a group (PostgreSQL: pg/notify.ts's change feed). A
 * relay hands back this server's own notices too; `publish` tags them so they are heard once.
 */
export interface InboxRelay {
  publish(notice: InboxNotice & { from: string }): Promise<void>;
  /** Each notice another server (or this one) sent, and `resync` after the feed reconnected. */
  subscribe(listener: (event: (InboxNotice & { from: string }) | { kind: 'resync' }) => void): () => void;
}

export interface InboxEventsOptions {
  /** Other servers' notices (PostgreSQL); without it, this server's alone (SQLite: one server). */
  relay?: InboxRelay;
  /** The name shown to others for presence: the account's name, or its email. */
  nameOf: (actor: Actor) => Promise<string>;
  pingMs?: number;
  /** A stream ends after this long; the browser reconnects through the guard (default 2 minutes). */
  maxStreamMs?: number;
  /** Open streams on this server, in all and per account (more answer 429: the page polls instead). */
  maxStreams?: number;
  maxPerAccount?: number;
  /** Told of a relay that failed to send (never with content: there is none). */
  onRelayError?: (err: unknown) => void;
}

interface Stream {
  id: string;
  accountId: string;
  name: string;
  /** The cities it hears of; null: every city. */
  scope: string[] | null;
  viewing?: { id: string; site: string };
  send(event: InboxEvent): void;
  end(): void;
}

export interface InboxEvents {
  /** Tells every stream in scope (and, through the relay, the other servers) of a change. */
  publish(notice: InboxNotice): void;
  /** GET /api/inbox/events and PUT /api/inbox/presence; `scopeOf` is the inbox's. */
  routes(scopeOf: (actor: Actor) => Promise<string[] | null>): Hono<AppEnv>;
  /** Middleware over the inbox's routes: a change that succeeded is published. */
  changes(): MiddlewareHandler<AppEnv>;
  /** Streams open now. */
  open(): number;
  /** Ends every stream (shutdown) and refuses new ones. */
  close(): void;
}

const inScope = (scope: string[] | null, site: string) => scope === null || scope.includes(site);

/** Which change an inbox route makes: by method and path. */
function kindOf(method: string, path: string): { kind: InboxChangeKind; id: string } | undefined {
  const m = /^\/api\/inbox\/([^/]+)(?:\/(status|assignee|notes))?$/.exec(path);
  if (!m || m[1] === 'search' || m[1] === 'events' || m[1] === 'presence' || m[1] === 'assignees') return undefined;
  const id = decodeURIComponent(m[1]!);
  if (method === 'PUT' && m[2] === 'status') return { kind: 'status', id };
  if (method === 'PUT' && m[2] === 'assignee') return { kind: 'assign', id };
  if (method === 'POST' && m[2] === 'notes') return { kind: 'note', id };
  if (method === 'DELETE' && m[2] === undefined) return { kind: 'delete', id };
  return undefined;
}

export function createInboxEvents(o: InboxEventsOptions): InboxEvents {
  const streams = new Map<string, Stream>();
  const from = randomUUID();
  const pingMs = o.pingMs ?? INBOX_PING_MS;
  const maxStreamMs = o.maxStreamMs ?? 120_000;
  const maxStreams = o.maxStreams ?? 200;
  const maxPerAccount = o.maxPerAccount ?? 8;
  let closed = false;

  const deliver = (n: InboxNotice) => {
    for (const s of streams.values()) if (inScope(s.scope, n.site)) s.send({ type: 'change', kind: n.kind, id: n.id.slice(0, 64), site: n.site.slice(0, 64), by: n.by.slice(0, 100) });
  };
  o.relay?.subscribe((e) => {
    if (e.kind === 'resync') {
      for (const s of streams.values()) s.send({ type: 'resync' });
      return;
    }
    if (e.from !== from) deliver(e);
  });

  /** Tells each stream viewing message `id` of `site` who else views it (its own account left out). */
  const presence = (id: string, site: string) => {
    const viewers = [...streams.values()].filter((s) => s.viewing?.id === id && s.viewing.site === site);
    for (const s of viewers) {
      const names = [...new Map(viewers.filter((v) => v.accountId !== s.accountId).map((v) => [v.accountId, v.name])).values()].sort();
      s.send({ type: 'presence', id, site, viewers: names.map((name) => ({ name })) });
    }
  };
  const view = (s: Stream, next: { id: string; site: string } | undefined) => {
    const before = s.viewing;
    s.viewing = next;
    if (before && (before.id !== next?.id || before.site !== next?.site)) presence(before.id, before.site);
    if (next) presence(next.id, next.site);
  };

  const publish = (n: InboxNotice) => {
    deliver(n);
    void o.relay?.publish({ ...n, from }).catch((err: unknown) => o.onRelayError?.(err));
  };

  return {
    publish,
    open: () => streams.size,
    close() {
      closed = true;
      for (const s of [...streams.values()]) s.end();
    },
    changes: () => async (c, next) => {
      await next();
      if (c.res.status >= 300) return;
      const change = kindOf(c.req.method, c.get('path') ?? new URL(c.req.url).pathname);
      const site = c.get('auditCity');
      if (change && site !== undefined) publish({ ...change, site, by: c.get('actor')?.accountId ?? '' });
    },
    routes(scopeOf) {
      const app = new Hono<AppEnv>();
      app.get('/api/inbox/events', async (c) => {
        const actor = c.get('actor') as Actor;
        if (closed) return apiError(c, 503, { error: M.serverBusy });
        const mine = [...streams.values()].filter((s) => s.accountId === actor.accountId).length;
        if (streams.size >= maxStreams || mine >= maxPerAccount) return apiError(c, 429, { error: M.serverBusy }, { 'Retry-After': '30' });
        const scope = await scopeOf(actor);
        const name = await o.nameOf(actor);
        // Proxies (nginx) must pass each event on as it is written.
        c.header('X-Accel-Buffering', 'no');
        return streamSSE(c, async (sse: SSEStreamingApi) => {
          const id = randomUUID();
          let resolveDone!: () => void;
          const done = new Promise<void>((r) => (resolveDone = r));
          let ended = false;
          const end = () => {
            if (ended) return;
            ended = true;
            clearInterval(ping);
            clearTimeout(limit);
            const s = streams.get(id);
            streams.delete(id);
            if (s?.viewing) presence(s.viewing.id, s.viewing.site);
            resolveDone();
          };
          // Writes are queued in order; a write to a stream gone ends it.
          let queue = Promise.resolve();
          const send = (event: InboxEvent) => {
            if (ended) return;
            queue = queue.then(() => sse.writeSSE({ event: event.type, data: JSON.stringify(event) })).catch(end);
          };
          const stream: Stream = { id, accountId: actor.accountId, name, scope, send, end };
          streams.set(id, stream);
          sse.onAbort(end);
          const ping = setInterval(() => send({ type: 'ping' }), pingMs);
          const limit = setTimeout(end, maxStreamMs);
          ping.unref();
          limit.unref();
          // The browser reconnects after `retry` ms once a stream ends.
          await sse.writeSSE({ event: 'hello', data: JSON.stringify({ type: 'hello', stream: id } satisfies InboxEvent), retry: 1_000 }).catch(end);
          await done;
          await queue;
        });
      });

      app.put(inboxPresence.path, async (c: Context<AppEnv>) => {
        const b = await parseBody(c, inboxPresence.request, 4 * 1024);
        if (!b.ok) return b.response;
        const actor = c.get('actor') as Actor;
        const s = streams.get(b.value.stream);
        // Another person's stream, or one of another server or already ended: nothing to show.
        if (!s || s.accountId !== actor.accountId) return c.json(answerOf(inboxPresence, { success: true }));
        if (b.value.id !== null && !inScope(s.scope, b.value.site)) return apiError(c, 403, { error: M.cityForbidden });
        view(s, b.value.id === null ? undefined : { id: b.value.id, site: b.value.site });
        return c.json(answerOf(inboxPresence, { success: true }));
      });
      return app;
    },
  };
}
