import type { Message } from './message.js';

/* Texts of the generated site's own pages (the contact form's are in contact.ts). */

/** The 404 page: the spec's heading and line; the hint leads to the links below them. */
export const notFound = {
  title: '404 Page Not Found',
  message: 'Did you forget to add the page to the router?',
  hint: 'The page you were looking for is not here. These links will take you back:',
} satisfies Message;
