import type { OutboxItem } from '../store/types.js';

/**
 * The notification email. It says only that a message arrived, from which site and when, and
 * links to the admin: the message text and the visitor's name, email, phone and chosen service
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

export function buildNotification(item: OutboxItem, settings: NotificationSettings): Notification {
  const adminUrl = `${settings.publicUrl.replace(/\/+$/, '')}/admin#messages`;
  return {
    from: settings.from,
    to: settings.to,
    subject: `New contact message for ${settings.businessName}`,
    text: [
      'A new message arrived through the website contact form.',
      '',
      `Site: ${item.site}`,
      `Received: ${item.receivedAt}`,
      '',
      `Read it in the admin: ${adminUrl}`,
      '',
      'For the patient’s privacy this email does not contain the message or their contact details.',
    ].join('\n'),
    messageId: `<contact-${item.messageId}@${idDomain(settings)}>`,
  };
}
