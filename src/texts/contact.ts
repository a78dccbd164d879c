import type { Message } from './message.js';

/*
 * The contact form's texts (spec sections 5 and 8), word for word: the island's notices, the
 * no-JavaScript page's notices, the server's contact replies and the shared schema's field errors.
 * One export an entry, as in Astro's errors-data.ts, so a bundle carries only the entries it reads.
 */

/** The message was stored: the island's notice, and the confirmation that takes the form's place. */
export const contactSent = { title: 'Message sent successfully!', message: 'We will contact you within 24 hours.' } satisfies Message;

/**
 * What follows a sent message, under the confirmation that takes the form's place (NOTES.md
 * decision 13). It promises nothing beyond the specification's reply within 24 hours: who reads the
 * message, and how the answer comes (the phone is optional in the form).
 */
export const contactSentNext = {
  title: 'A member of our team will read your message and reply by email, or by phone if you left a number.',
} satisfies Message;

/** The confirmation's button that brings back an empty form. */
export const contactSendAnother = { title: 'Send another message' } satisfies Message;

/** Any failure to send, whatever the status: the visitor keeps what they typed. */
export const contactFailed = { title: 'Error sending message', message: 'Please try again or call us directly.' } satisfies Message;

/** The no-JavaScript page when fields were rejected: each field says why. */
export const contactInvalid = {
  title: 'Error sending message',
  message: 'Please correct the fields marked below and send the form again.',
} satisfies Message;

/** The server could not store a valid message. */
export const contactNotSaved = {
  title: 'Error sending message',
  message: 'The message could not be saved. Please try again or call us directly.',
} satisfies Message;

export const firstNameRequired = { title: 'First name is required' } satisfies Message;
export const lastNameRequired = { title: 'Last name is required' } satisfies Message;
export const emailInvalid = { title: 'Invalid email address' } satisfies Message;
export const messageTooShort = { title: 'Message must be at least 10 characters' } satisfies Message;
export const phoneNotText = { title: 'Phone must be text' } satisfies Message;
export const serviceUnknown = { title: 'Please choose a service from the list' } satisfies Message;
/** The hidden `site` field is not a city slug (decision 010). */
export const siteInvalid = { title: 'The site field must be a city slug (a-z, 0-9, hyphens)' } satisfies Message;
/** The hidden `page` field is not a site-relative path. */
export const pagePathInvalid = { title: 'The page field must be a site-relative path of at most 200 characters' } satisfies Message;
/** A posted field the form does not have. */
export const fieldUnknown = { title: 'Unknown field' } satisfies Message;

/** A field's error when its value is longer than `max` characters ("First name", 100). */
export const fieldTooLong = (label: string, max: number): Message => ({ title: `${label} must be at most ${max} characters` });

// The contact API's refusals (src/server/leads/contact-routes.ts), shown as the form's `_form` error

export const contactBodyType = { title: 'Send the message as application/json or as a form post' } satisfies Message;
export const contactTooMany = { title: 'Too many messages in a short time. Please wait a minute or call us directly.' } satisfies Message;
/** The same, on the city's own page or in its form: with the number to call ("(813) 555-0142"). */
export const contactTooManyCall = (phone: string): Message => ({ title: `Too many messages in a short time. Please wait a minute, or call us at ${phone}.` });
export const contactTooLong = (size: string): Message => ({ title: `The message is too long (at most ${size})` });
/** A used Idempotency-Key sent again with another message (422): the second message would vanish silently otherwise. */
export const idempotencyKeyReused = {
  title: 'This Idempotency-Key was already used for a different message.',
  hint: 'Send a new key with each new message; reuse a key only to retry the same message.',
} satisfies Message;
/** The no-JavaScript error page's link from the notice at the top down to the form. */
export const goToForm = { title: 'Go to the form' } satisfies Message;
/** The no-JavaScript answer's link back to the form. */
export const backToContact = { title: 'Back to the contact page' } satisfies Message;
export const idempotencyKeyInvalid = { title: 'Idempotency-Key must be 8-128 letters, digits or _.:-' } satisfies Message;

// The form's own words (its labels, the empty choice, the button): on a Spanish page, Spanish (issue 40).

export const fieldFirstName = { title: 'First Name', message: 'First name' } satisfies Message;
export const fieldLastName = { title: 'Last Name', message: 'Last name' } satisfies Message;
export const fieldEmail = { title: 'Email' } satisfies Message;
export const fieldPhone = { title: 'Phone', message: 'Phone' } satisfies Message;
export const fieldService = { title: 'Service Interest' } satisfies Message;
export const fieldServiceNone = { title: 'Select a service' } satisfies Message;
export const fieldMessage = { title: 'Message', message: 'Message' } satisfies Message;
/** The honeypot's label, hidden from people and assistive technology. */
export const fieldHoneypot = { title: 'Leave this field empty' } satisfies Message;
/** The button, and its word while the message is on its way. */
export const contactSend = { title: 'Send Message', message: 'Sending...' } satisfies Message;
/** The toasts' region and its close button, for screen readers. */
export const contactToasts = { title: 'Notification', message: 'Notifications ({hotkey})', hint: 'Close' } satisfies Message;
