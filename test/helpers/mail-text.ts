import type { Received } from './smtp.js';

/**
 * What a person reads of a mail the test SMTP server received (test/helpers/smtp.ts): the Subject
 * unfolded and its encoded-words decoded, the text with its transfer encoding undone, and the
 * links in it. For tests of mails with one text part, as the clinic server sends them.
 */

/** The Subject header, unfolded, its MIME encoded-words (RFC 2047, B or Q) decoded. */
export function subjectOf(raw: string): string {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const value = /^Subject: (.*)$/m.exec(head)?.[1] ?? '';
  return value
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    )
    .trim();
}

/** The body as text: quoted-printable or base64 decoded, else as sent. */
export function textOf(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const encoding = /^Content-Transfer-Encoding:\s*([\w-]+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
  }
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8').replace(/\r\n/g, '\n');
  return body.replace(/\r\n/g, '\n');
}

/** Every http(s) link in a mail's text. */
export function linksIn(mail: Received): string[] {
  return textOf(mail.raw).match(/https?:\/\/\S+/g) ?? [];
}

/** Waits for a condition (polling, at most `timeoutMs`): a mail to arrive, a count to reach a figure. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
