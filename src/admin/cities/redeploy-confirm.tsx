import * as M from '../../texts/admin.js';
import type { RedeployPlanView } from '../cities-api.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { sentence } from '../notice.js';
import { planLines } from './redeploy-lines.js';

/**
 * What Redeploy all will do, asked before it runs (issue 39 item 5): the plan the server worked
 * out (cities/redeploy-plan.ts), every live city and the brand site with what will happen to it:
 * rebuilt from which saved version, or skipped and why. Confirming sends this plan back; when the
 * server's plan has changed since, nothing starts and the dialog shows the new one (`changed`).
 */
export function RedeployConfirm({
  plan,
  changed,
  error,
  onConfirm,
  onClose,
}: {
  plan: RedeployPlanView | undefined;
  changed?: boolean;
  error?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const lines = plan ? planLines(plan) : [];
  const rebuild = plan?.items.length ?? 0;
  const text = M.redeployPlanAsk(rebuild, plan?.skipped.length ?? 0);
  return (
    <ConfirmDialog
      open={plan !== undefined}
      title={text.title}
      confirmLabel={rebuild === 0 ? 'Redeploy all' : `Redeploy ${rebuild} ${rebuild === 1 ? 'site' : 'sites'}`}
      busy={rebuild === 0}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
      returnTo={() => document.getElementById('view-title')}
    >
      {changed && (
        <p role="alert" data-testid="plan-changed" className="mb-2 font-semibold text-amber-950">
          {sentence(M.redeployPlanChangedNotice)}
        </p>
      )}
      <p>{lines.length === 0 ? M.redeployConfirm(0).message : text.message}</p>
      {lines.length > 0 && (
        <ol aria-label="What will happen to each site" data-testid="redeploy-plan" className="mt-2 max-h-64 list-decimal overflow-auto pl-6">
          {lines.map((l) => (
            <li key={l.slug} data-site={l.slug} className="py-0.5">
              <span className="font-semibold text-slate-900">{l.city}</span>: <span data-what>{l.text}</span>
            </li>
          ))}
        </ol>
      )}
    </ConfirmDialog>
  );
}
