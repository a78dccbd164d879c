import * as z from 'zod';
import { apiRoute } from './route.js';

/**
 * The live inbox (issue 37 item 4; src/server/leads/inbox-events.ts): GET /api/inbox/events is a
 * stream of server-sent events telling an open inbox that something changed, so it reads the list
 * again (an audited list read, as ever). The stream carries no patient data at all: a message's
 * id, its city's slug, the kind of change and the account that made it, and for presence the
 * names of the staff viewing a message. A front desk hears only of its own cities. Each event's `data` is one of these shapes,
 * as JSON; the SSE event name is its `type`.
 */

/** What changed: a message arrived, its status, assignee or notes changed, or it was deleted. */
export const INBOX_CHANGE_KINDS = ['new', 'status', 'assign', 'note', 'delete'] as const;
export type InboxChangeKind = (typeof INBOX_CHANGE_KINDS)[number];

/** The stream is open: `stream` names it for presence (PUT /api/inbox/presence). */
export const helloEvent = z.object({ type: z.literal('hello'), stream: z.string().min(1).max(64) });

/** Something changed: read the list again. */
export const changeEvent = z.object({
  type: z.literal('change'),
  kind: z.enum(INBOX_CHANGE_KINDS),
  /** The message's id ('' when not known). */
  id: z.string().max(64),
  /** Its city's slug ('' = no known city). */
  site: z.string().max(64),
  /** The account that made the change ('' for a patient's message): a page tells others' changes from its own. */
  by: z.string().max(100),
});

/** Changes may have been missed (another server's feed reconnected): read everything again. */
export const resyncEvent = z.object({ type: z.literal('resync') });

/** Who else has message `id` open now (never the reader's own account). */
export const presenceEvent = z.object({
  type: z.literal('presence'),
  id: z.string().max(64),
  site: z.string().max(64),
  viewers: z.array(z.object({ name: z.string().max(200) })),
});

/** A heartbeat, so the page tells a stalled stream (a buffering proxy) from a quiet one. */
export const pingEvent = z.object({ type: z.literal('ping') });

export const inboxEvent = z.discriminatedUnion('type', [helloEvent, changeEvent, resyncEvent, presenceEvent, pingEvent]);
export type InboxEvent = z.infer<typeof inboxEvent>;
export type InboxChangeEvent = z.infer<typeof changeEvent>;
export type InboxPresenceEvent = z.infer<typeof presenceEvent>;
export const INBOX_EVENT_TYPES = ['hello', 'change', 'resync', 'presence', 'ping'] as const satisfies readonly InboxEvent['type'][];

/** How often the server sends a ping; the page treats twice as long without an event as a failed stream. */
export const INBOX_PING_MS = 15_000;

/** The stream's address (an EventSource, not callRoute: its answer is a stream). */
export const INBOX_EVENTS_PATH = '/api/inbox/events';

/**
 * PUT /api/inbox/presence: the stream `stream` (this page's) has message `id` of city `site` open,
 * or none (`id` null). Kept in the server's memory while the stream lasts.
 */
export const inboxPresence = apiRoute({
  method: 'PUT',
  path: '/api/inbox/presence',
  request: z.object({
    stream: z.string().min(1).max(64),
    id: z.string().min(1).max(64).nullable(),
    site: z.string().max(64),
  }),
  response: z.object({ success: z.literal(true) }),
});
