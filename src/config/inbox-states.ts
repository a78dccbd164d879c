/**
 * Where a patient's message is in the clinic's work (issue 22, docs/decisions/018-inbox.md): the
 * words the server stores and the admin shows, kept here, below both, so that the server
 * (src/server/leads/inbox.ts) and the browser bundle (src/admin/messages/) read one list.
 */
export const STATUSES = ['new', 'contacted', 'booked', 'closed'] as const;
export type Status = (typeof STATUSES)[number];

/** Why a message was closed; required with `closed`, absent otherwise. */
export const CLOSE_REASONS = ['not_candidate', 'no_answer', 'chose_elsewhere', 'duplicate'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];
