import type { Message } from './message.js';

/* Texts of the generated site's own pages (the contact form's are in contact.ts). */

/**
 * The 404 page (NOTES.md decision 15: the spec's line under the heading is a developer's
 * placeholder and is never shown): what happened, why it may have, and the way back below.
 */
export const notFound = {
  title: 'Page Not Found',
  message: 'The page you were looking for is not here. The link may be old, or the address may be mistyped.',
  hint: 'Try one of these pages instead:',
} satisfies Message;
