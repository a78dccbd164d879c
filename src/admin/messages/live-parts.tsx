import { useCallback, useEffect, useRef, useState } from 'react';
import { useAccount } from '../auth/session-context.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { Button } from '../ui.js';
import { arrivedLine, sendPresence, useInboxLive } from './inbox-live.js';

/**
 * The inbox view's live parts (issue 37 items 4 and 5), kept out of inbox-view.tsx: the stream's
 * notices read the list again, new messages that arrive while one is open are counted for the
 * banner, the open message's presence is sent and heard, and opening another message (or closing
 * it) with work not sent asks first.
 */
export function useLiveInbox({ open, openSite, refresh }: { open: string | undefined; openSite: string; refresh: () => void }) {
  const [arrived, setArrived] = useState(0);
  const [viewers, setViewers] = useState<{ id: string; names: string[] }>({ id: '', names: [] });
  /** Changes someone else made to the open message: the detail reads it again. */
  const [outside, setOutside] = useState(0);
  const me = useAccount()?.id ?? '';
  const state = useRef({ open, refresh, me });
  state.current = { open, refresh, me };
  // Notices come in bursts (a form posted twice, a status and a note): one read for each burst.
  const soon = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refreshSoon = useCallback(() => {
    clearTimeout(soon.current);
    soon.current = setTimeout(() => state.current.refresh(), 200);
  }, []);
  useEffect(() => () => clearTimeout(soon.current), []);
  const { stream, mode } = useInboxLive({
    change: (e) => {
      if (e.kind === 'new' && state.current.open !== undefined) setArrived((n) => n + 1);
      if (e.id === state.current.open && e.by !== state.current.me && (e.kind === 'status' || e.kind === 'assign' || e.kind === 'note')) setOutside((n) => n + 1);
      refreshSoon();
    },
    resync: refreshSoon,
    presence: (e) => setViewers({ id: e.id, names: e.viewers.map((v) => v.name) }),
  });
  useEffect(() => {
    if (!stream) return;
    void sendPresence(stream, open ?? null, open ? openSite : '');
  }, [stream, open, openSite]);
  return { arrived, clearArrived: () => setArrived(0), viewers: open && viewers.id === open ? viewers.names : [], outside, mode };
}

/** "2 new messages: Show them", said politely; an empty live region until then. */
export function ArrivedBanner({ count, onShow }: { count: number; onShow: () => void }) {
  return (
    <div role="status" aria-live="polite" data-testid="inbox-arrived">
      {count > 0 && (
        <p className="mt-3 flex flex-wrap items-center gap-2 rounded-lg border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-950">
          <span className="font-semibold">{arrivedLine(count)}:</span>
          <Button variant="secondary" onClick={onShow}>
            Show them
          </Button>
        </p>
      )}
    </div>
  );
}

/**
 * Opening another message, or closing this one, while it holds work not sent (a status with its
 * reason, an assignee, a note being typed) asks first: Stay keeps the work, Leave discards it.
 */
export function useOpenGuard(setOpen: (id: string | undefined) => void, close: () => void) {
  const dirty = useRef(false);
  const [asking, setAsking] = useState<{ then: () => void } | undefined>(undefined);
  const guarded = (then: () => void) => (dirty.current ? setAsking({ then }) : then());
  const dialog = (
    <ConfirmDialog
      open={asking !== undefined}
      title="Leave this message without saving?"
      confirmLabel="Leave without saving"
      cancelLabel="Stay and keep editing"
      onConfirm={() => {
        const then = asking?.then;
        dirty.current = false;
        setAsking(undefined);
        then?.();
      }}
      onClose={() => setAsking(undefined)}
    >
      <p>The status, assignment or note not sent yet is lost. Stay to send it first.</p>
    </ConfirmDialog>
  );
  return {
    onDirty: (d: boolean) => void (dirty.current = d),
    openMessage: (id: string, current: string | undefined) => (id === current ? undefined : guarded(() => setOpen(id))),
    closeMessage: () => guarded(close),
    dialog,
  };
}
