import { useEffect, useRef, useState } from 'react';
import { INBOX_EVENT_TYPES, INBOX_EVENTS_PATH, INBOX_PING_MS, inboxEvent, inboxPresence, type InboxChangeEvent, type InboxPresenceEvent } from '../../contract/inbox-events.js';
import { callRoute } from '../api.js';

/**
 * The live inbox's page side (issue 37 item 4): one EventSource on GET /api/inbox/events, whose
 * notices (a message id, a city, what changed: never a patient's data) make the view read its list
 * again. When the stream fails (refused, cut, or silent past two pings: a proxy buffering it),
 * the page polls instead: it reads the list every `pollMs` and tries the stream again every
 * RETRY_MS. A new stream after a gap reads the list once too: notices may have been missed.
 */

export type LiveMode = 'connecting' | 'live' | 'polling';

/** How often the stream is tried again while polling. */
const RETRY_MS = 30_000;
/** Silence longer than this (two pings and some) means a stalled stream. */
const STALL_MS = 2 * INBOX_PING_MS + 5_000;

export interface LiveHandlers {
  /** A message changed or arrived. */
  change(e: InboxChangeEvent): void;
  /** Read everything again: notices may have been missed (a reconnect, a poll). */
  resync(): void;
  /** Who else has a message open. */
  presence(e: InboxPresenceEvent): void;
}

export function useInboxLive(handlers: LiveHandlers, pollMs = 4_000): { stream: string | undefined; mode: LiveMode } {
  const h = useRef(handlers);
  h.current = handlers;
  const [stream, setStream] = useState<string | undefined>(undefined);
  const [mode, setMode] = useState<LiveMode>('connecting');

  useEffect(() => {
    let source: EventSource | undefined;
    let lastHeard = Date.now();
    let everOpen = false;
    let poll: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const fail = () => {
      source?.close();
      source = undefined;
      setStream(undefined);
      setMode('polling');
      poll ??= setInterval(() => h.current.resync(), pollMs);
      clearTimeout(retry);
      retry = setTimeout(open, RETRY_MS);
    };
    const heard = (type: string, data: string) => {
      lastHeard = Date.now();
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        return;
      }
      const e = inboxEvent.safeParse(parsed);
      if (!e.success || e.data.type !== type) return;
      const ev = e.data;
      if (ev.type === 'hello') {
        clearInterval(poll);
        poll = undefined;
        setStream(ev.stream);
        setMode('live');
        // A stream after another (the server ends each after a while) or after polling: catch up.
        if (everOpen) h.current.resync();
        everOpen = true;
      } else if (ev.type === 'change') h.current.change(ev);
      else if (ev.type === 'resync') h.current.resync();
      else if (ev.type === 'presence') h.current.presence(ev);
    };
    function open() {
      if (stopped) return;
      source?.close();
      lastHeard = Date.now();
      const s = new EventSource(INBOX_EVENTS_PATH, { withCredentials: true });
      source = s;
      for (const type of INBOX_EVENT_TYPES) s.addEventListener(type, (m) => source === s && heard(type, (m as MessageEvent<string>).data));
      s.onerror = () => {
        if (source !== s) return;
        // CONNECTING: the browser tries again by itself (the server ended the stream); CLOSED: refused.
        if (s.readyState === EventSource.CLOSED) fail();
        else setStream(undefined);
      };
    }
    const watchdog = setInterval(() => {
      if (source && Date.now() - lastHeard > STALL_MS) fail();
    }, 5_000);
    open();
    return () => {
      stopped = true;
      source?.close();
      clearInterval(watchdog);
      clearInterval(poll);
      clearTimeout(retry);
    };
  }, [pollMs]);

  return { stream, mode };
}

/** Tells the server which message this page's stream has open (null: none), for others' presence lines. */
export const sendPresence = (stream: string, id: string | null, site: string) => callRoute(inboxPresence, { body: { stream, id, site } });

/** "Tom Desk is viewing this message", "Tom Desk and Ann Lee are viewing this message", or nothing. */
export function presenceLine(names: readonly string[]): string {
  if (names.length === 0) return '';
  const who = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `${who} ${names.length === 1 ? 'is' : 'are'} viewing this message`;
}

/** The banner's words for new messages that arrived while one was open. */
export function arrivedLine(n: number): string {
  return `${n} new ${n === 1 ? 'message' : 'messages'}`;
}
