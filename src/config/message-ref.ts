/**
 * A message's short reference (issue 37 item 8): eight characters the front desk can read out, type
 * or find again, and what the audit trail shows of a message. It is the start of the message's
 * random id (a UUID, never derived from what the patient wrote), in capitals, so it is no patient
 * data. Kept here, below both the server and the admin bundle, so the inbox and the audit trail
 * show the same reference.
 */
export function messageRef(id: string): string {
  return id.replace(/[^0-9a-z]/gi, '').slice(0, 8).toUpperCase();
}
