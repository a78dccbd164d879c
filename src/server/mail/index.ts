/** Mail notifications of new messages: the outbox the stores fill and the worker empties. */
export type { OutboxStore } from './outbox.js';
