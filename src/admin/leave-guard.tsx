import { createContext, useContext, useEffect, useRef } from 'react';
import * as M from '../texts/admin.js';
import { ConfirmDialog } from './confirm-dialog.js';

/**
 * Unsaved edits are never lost without a word (issue 23). The open editor registers a guard: the
 * name of its city while it holds edits that are not saved, else undefined. Every in-app
 * navigation (route.ts: `go`, the browser's Back and Forward) asks the guard first and, when it
 * names a city, asks the operator in the page's own dialog; closing or reloading the tab is left
 * to the browser's own question, asked through `beforeunload` while (and only while) there are
 * unsaved edits.
 */
export type LeaveGuard = () => string | undefined;

const GuardContext = createContext<(guard: LeaveGuard | undefined) => void>(() => undefined);

export const LeaveGuardProvider = GuardContext.Provider;

/** Registers the editor's guard, and `beforeunload` while `dirty`. */
export function useLeaveGuard(dirty: boolean, city: string): void {
  const register = useContext(GuardContext);
  const state = useRef({ dirty, city });
  state.current = { dirty, city };

  useEffect(() => {
    register(() => (state.current.dirty ? state.current.city : undefined));
    return () => register(undefined);
  }, [register]);

  useEffect(() => {
    if (!dirty) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Chromium before 119 and Safari ask only when returnValue is set.
      e.returnValue = '';
    };
    addEventListener('beforeunload', ask);
    return () => removeEventListener('beforeunload', ask);
  }, [dirty]);
}

/**
 * The question before an editor with unsaved edits is left: Leave without saving, or Stay. Each
 * question is a dialog of its own (keyed by its id): a Back pressed just after Stay asks again,
 * and the first dialog's late close event answers only the first question.
 */
export function LeaveDialog({ leaving, onLeave, onStay }: { leaving: { city: string; id: number } | undefined; onLeave: () => void; onStay: (id: number) => void }) {
  const text = M.leaveUnsaved(leaving?.city ?? '');
  // The last question's id, kept once it is answered, so its dialog closes (and gives the focus back) itself.
  const last = useRef(0);
  if (leaving) last.current = leaving.id;
  const id = last.current;
  return (
    <ConfirmDialog key={id} open={leaving !== undefined} title={text.title} confirmLabel="Leave without saving" cancelLabel="Stay and keep editing" onConfirm={onLeave} onClose={() => onStay(id)}>
      <p>{text.message}</p>
    </ConfirmDialog>
  );
}
