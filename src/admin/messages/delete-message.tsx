import { useState } from 'react';
import { failureText } from '../api.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { Button } from '../ui.js';
import { deleteMessage } from './inbox-api.js';
import type { MessageDetail } from './inbox-logic.js';

/** The owner's: a patient asks to be forgotten. Asked first, in a dialog that says it cannot be undone. */
export function DeleteMessage({ m, onDeleted }: { m: MessageDetail; onDeleted: () => void }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const confirm = async () => {
    setBusy(true);
    const a = await deleteMessage(m.id);
    setBusy(false);
    if (!a.ok) return setError(failureText(a.failure) || 'The message was not deleted.');
    setAsking(false);
    onDeleted();
  };
  const who = `${m.firstName} ${m.lastName}`.trim() || 'this patient';
  return (
    <div className="mt-5 border-t border-slate-200 pt-4">
      <Button variant="danger" onClick={() => (setError(undefined), setAsking(true))}>
        Delete message
      </Button>
      <ConfirmDialog open={asking} title="Delete this message?" confirmLabel="Delete message" busy={busy} error={error} onConfirm={() => void confirm()} onClose={() => setAsking(false)} returnTo={() => document.getElementById('inbox-list-title')}>
        <p>
          The message from {who} and all its notes are deleted for good. This cannot be undone. The deletion is recorded in the audit trail, without the message.
        </p>
      </ConfirmDialog>
    </div>
  );
}
