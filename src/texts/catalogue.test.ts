import { describe, expect, it } from 'vitest';
import { AUDIENCES, MESSAGES, type Message } from './catalogue.js';

describe('the messages catalogue', () => {
  it('names each entry once across all audiences, so MESSAGES loses none to a spread', () => {
    const names = Object.values(AUDIENCES).flatMap((a) => Object.keys(a));
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(Object.keys(MESSAGES).sort()).toEqual([...names].sort());
  });

  it('gives every entry a non-empty title, and a non-empty message and hint when set', () => {
    for (const [name, entry] of Object.entries(MESSAGES) as [string, Message | ((...a: string[]) => Message)][]) {
      const e = typeof entry === 'function' ? entry('x', 'y') : entry;
      expect(e.title.trim(), name).not.toBe('');
      for (const k of ['message', 'hint'] as const) if (k in e) expect(e[k]?.trim(), `${name}.${k}`).not.toBe('');
    }
  });

  it('keeps the texts of spec section 8 word for word', () => {
    expect(MESSAGES.contactSent).toEqual({ title: 'Message sent successfully!', message: 'We will contact you within 24 hours.' });
    expect(MESSAGES.contactFailed).toEqual({ title: 'Error sending message', message: 'Please try again or call us directly.' });
    expect(MESSAGES.logoUploadRejected('The logo is larger than 5MB').title).toBe('Failed to upload logo: The logo is larger than 5MB');
    expect(MESSAGES.generateFirst.title).toBe('Please generate a website first');
    expect(MESSAGES.deployNetworkError).toEqual({ title: 'Deployment failed', message: 'Network error' });
  });
});
