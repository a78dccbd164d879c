/** Patients' contact messages: what other features and the composition use of them. */
export type { AddResult, MessageFilter, MessagePage, MessageStore, NewMessage, SiteCount, StoredMessage } from './store.js';
export { contactEndpointFor } from './contact-endpoint.js';
export type { FormPageRenderer, FormPostResult } from './reply.js';
export type { RefusalCount, RefusalReason, RefusalStore } from './refusals.js';
