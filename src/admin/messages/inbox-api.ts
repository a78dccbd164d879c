import { inboxBulk } from '../../contract/inbox-bulk.js';
import type { RequestOf } from '../../contract/route.js';
import { inboxSearch } from '../../contract/inbox-search.js';
import { call, callRoute, type Answer } from '../api.js';
import { inboxUrl, PAGE_SIZE, searchBody, type Assignee, type CloseReason, type InboxFilters, type InboxPage, type MessageDetail, type Note, type Status } from './inbox-logic.js';

/**
 * The inbox's calls (src/server/leads/inbox-routes.ts). Each answers an Answer: a refusal (a 400
 * naming its field, a 403 for a city outside a front desk's) is a value the view shows where it
 * belongs, never an exception.
 */

const messagePath = (id: string) => `/api/inbox/${encodeURIComponent(id)}`;

/**
 * One page of the list; with `q`, a search (POST /api/inbox/search, its shapes in
 * src/contract/inbox-search.ts: what was searched stays out of every address).
 */
export const listInbox = (f: InboxFilters, page: number, q?: string): Promise<Answer<InboxPage>> =>
  q === undefined ? call<InboxPage>('GET', inboxUrl(f, page)) : callRoute(inboxSearch, { body: searchBody(q, f, page, PAGE_SIZE) });

/** Assigns, or changes the status of, the selected messages in one request (POST /api/inbox/bulk). */
export const bulkChange = (body: RequestOf<typeof inboxBulk>) => callRoute(inboxBulk, { body });

export const listAssignees = () => call<{ assignees: Assignee[] }>('GET', '/api/inbox/assignees');

/** Opens a message in full (the server records the read). */
export const openMessage = (id: string) => call<{ message: MessageDetail }>('GET', messagePath(id));

export const setStatus = (id: string, status: Status, closeReason?: CloseReason) =>
  call<{ message: MessageDetail }>('PUT', `${messagePath(id)}/status`, status === 'closed' ? { status, closeReason } : { status });

export const setAssignee = (id: string, assigneeId: string | null) => call<{ message: MessageDetail }>('PUT', `${messagePath(id)}/assignee`, { assigneeId });

export const addNote = (id: string, text: string) => call<{ note: Note }>('POST', `${messagePath(id)}/notes`, { text });

/** The owner's: deletes a message and its notes for good. */
export const deleteMessage = (id: string) => call<{ deleted: { id: string; site: string; receivedAt: string } }>('DELETE', messagePath(id));

export interface Retention {
  days: number | null;
  minDays: number;
  maxDays: number;
}

export const getRetention = () => call<Retention>('GET', '/api/settings/retention');
export const putRetention = (days: number | null) => call<{ days: number | null }>('PUT', '/api/settings/retention', { days });
