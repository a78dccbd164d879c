import { useCallback, useState } from 'react';
import type { Message } from '../texts/message.js';

/**
 * The admin's in-page notices: the alert texts of spec section 8, word for word, shown where the
 * operator acted instead of in a blocking `alert()`. Both live regions are always in the page, so
 * screen readers have registered them before a text arrives: successes in a polite status, failures
 * in an assertive alert.
 */
export interface NoticeState {
  /** Counts every notice shown, so a test (or a person) can tell a new notice from an old one. */
  seq: number;
  text?: string;
  tone?: 'success' | 'error';
}

/** A notice slot: `show` a text, `clear` it when it no longer holds. */
export function useNotice() {
  const [notice, setNotice] = useState<NoticeState>({ seq: 0 });
  const show = useCallback((text: string, tone: 'success' | 'error') => setNotice((n) => ({ seq: n.seq + 1, text, tone })), []);
  const clear = useCallback(() => setNotice((n) => ({ seq: n.seq })), []);
  return { notice, show, clear };
}

const TONES = {
  success: 'border-green-300 bg-green-50 text-green-900',
  error: 'border-red-300 bg-red-50 text-red-900',
};

/** The two live regions of a notice slot; the box is drawn only while there is a text. */
export function NoticeArea({ notice, testId }: { notice: NoticeState; testId: string }) {
  const box = (tone: 'success' | 'error') =>
    notice.text && notice.tone === tone ? <p className={`mt-3 rounded-lg border px-3 py-2 text-sm font-semibold ${TONES[tone]}`}>{notice.text}</p> : null;
  return (
    <div data-testid={testId} data-notice-seq={notice.seq}>
      <div role="status">{box('success')}</div>
      <div role="alert">{box('error')}</div>
    </div>
  );
}

/** A catalogue entry as one notice text: its title, then its message and hint as sentences when it has them. */
export function sentence(m: Message): string {
  const parts = [m.title, m.message, m.hint].filter((p): p is string => Boolean(p));
  return parts.length === 1 ? m.title : parts.map((p) => (/[.!?]$/.test(p) ? p : `${p}.`)).join(' ');
}
