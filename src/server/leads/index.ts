/** Patients' contact messages: what other features and the composition use of them. */
export type { MessageStore } from './store.js';
export type { InboxStore } from './inbox.js';
export { contactEndpointFor } from './contact-endpoint.js';
export type { FormPageRenderer } from './reply.js';
export type { RefusalStore } from './refusals.js';
export { csvCell } from './csv.js';
export { createSealer, type MessageSealer } from './sealing.js';
export { withSealWorker, type BatchSealer } from './seal-worker.js';
