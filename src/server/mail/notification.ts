import { LANGUAGE_INFO } from '../../config/languages.js';
import type { OutboxItem } from './outbox.js';

/**
 * The notification email. It says only that a message arrived, for which city (the operator
 * routes it to that city's team: docs/decisions/010-leads-by-city.md) and when, and links to the admin: the message text and the visitor's name, email, phone and chosen service
 * stay on the server (they may be health information, which email would carry
 * through servers the clinic does not control).
 */
export interface Notification {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** Stable per message, so a resend after a crash is recognisably the same email. */
  messageId: string;
}

export interface NotificationSettings {
  from: string;
  to: string;
  /** PUBLIC_URL of the server; the link is `${publicUrl}/admin#messages`. */
  publicUrl: string;
  /** The clinic's brand, for the subject line. */
  businessName: string;
}

/** Host part for Message-IDs: the sender's domain, else the server's. */
function idDomain(settings: NotificationSettings): string {
  const fromDomain = /@([^\s>]+)>?\s*$/.exec(settings.from)?.[1];
  return fromDomain ?? new URL(settings.publicUrl).hostname;
}

/**
 * The city as the email names it: the city filed under, else plain words that it is unknown. The
 * slug a form claimed for a city this server does not know is not repeated: anyone posting to the
 * contact API chooses it (the admin's inbox shows it beside the message).
 */
function cityInMail(item: Pick<OutboxItem, 'site' | 'city'>): string {
  return item.city || 'a city not known to the server';
}

/**
 * The email for one stored message: city, time and, for a message from a page in another language
 * than English, that language (issue 40: whoever calls back should speak it); never the message
 * or the visitor's details.
 */
export function buildNotification(item: OutboxItem, settings: NotificationSettings): Notification {
  const adminUrl = `${settings.publicUrl.replace(/\/+$/, '')}/admin#messages`;
  const city = cityInMail(item);
  const language = item.language && item.language !== 'en' ? LANGUAGE_INFO[item.language].english : undefined;
  return {
    from: settings.from,
    to: settings.to,
    subject: `New contact message for ${settings.businessName} in ${city}${language ? ` (written in ${language})` : ''}`,
    text: [
      'A new message arrived through the website contact form.',
      '',
      `City: ${city}`,
      ...(item.city && item.site ? [`Site: ${item.site}`] : []),
      `Received: ${item.receivedAt}`,
      ...(language ? [`Written in ${language}: sent from the site's ${language} pages.`] : []),
      '',
      `Read it in the admin: ${adminUrl}`,
      '',
      'For the patient’s privacy this email does not contain the message or their contact details.',
    ].join('\n'),
    messageId: `<contact-${item.messageId}@${idDomain(settings)}>`,
  };
}
