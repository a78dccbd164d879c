import { inboxAddNote, inboxAssignee, inboxAssignees, inboxDelete, inboxList, inboxMessage, inboxStatus, retentionGet, retentionPut } from '../../contract/inbox.js';
import { inboxBulk } from '../../contract/inbox-bulk.js';
import type { RequestOf } from '../../contract/route.js';
import { inboxSearch } from '../../contract/inbox-search.js';
import { callRoute, type Answer } from '../api.js';
import { listQuery, PAGE_SIZE, searchBody, type CloseReason, type InboxFilters, type InboxPage, type Status } from './inbox-logic.js';

/**
 * The inbox's calls (src/server/leads/inbox-routes.ts). Each answers an Answer: a refusal (a 400
 * naming its field, a 403 for a city outside a front desk's) is a value the view shows where it
 * belongs, never an exception.
 */

/**
 * One page of the list; with `q`, a search (POST /api/inbox/search: what was searched stays out of
 * every address).
 */
export const listInbox = (f: InboxFilters, page: number, q?: string): Promise<Answer<InboxPage>> =>
  q === undefined ? callRoute(inboxList, { query: listQuery(f, page) }) : callRoute(inboxSearch, { body: searchBody(q, f, page, PAGE_SIZE) });

/** Assigns, or changes the status of, the selected messages in one request (POST /api/inbox/bulk). */
export const bulkChange = (body: RequestOf<typeof inboxBulk>) => callRoute(inboxBulk, { body });

export const listAssignees = () => callRoute(inboxAssignees);

/** Opens a message in full (the server records the read). */
export const openMessage = (id: string) => callRoute(inboxMessage, { params: { id } });

export const setStatus = (id: string, status: Status, closeReason?: CloseReason) =>
  callRoute(inboxStatus, { params: { id }, body: status === 'closed' ? { status, closeReason } : { status } });

export const setAssignee = (id: string, assigneeId: string | null) => callRoute(inboxAssignee, { params: { id }, body: { assigneeId } });

export const addNote = (id: string, text: string) => callRoute(inboxAddNote, { params: { id }, body: { text } });

/** The owner's: deletes a message and its notes for good. */
export const deleteMessage = (id: string) => callRoute(inboxDelete, { params: { id } });


export const getRetention = () => callRoute(retentionGet);
export const putRetention = (days: number | null) => callRoute(retentionPut, { body: { days } });
