import { useEffect, useState } from 'react';
import * as M from '../texts/admin.js';
import { getBrandSite, type BrandSiteState } from './brand-site-api.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { formatDate } from './format.js';

/**
 * The brand site's Deploy asks first (issue 39 item 5, "say it before doing it"), as a city's does
 * (sections/deploy-ask.tsx): what it sends (the brand settings as saved and the listed locations
 * as saved now, each with its version: what the brand deploy builds, brand-site/service.ts), where,
 * and what it replaces (the live release, when and by whom, or that nothing is live yet); a brand
 * site a rollback holds is told the rollback ends. The brand site is read again when the question
 * opens, so it says what would be sent and what is live now, not when the page loaded.
 */
export function BrandDeployAsk({ open, onConfirm, onClose, returnTo }: { open: boolean; onConfirm: () => void; onClose: () => void; returnTo: () => HTMLElement | null | undefined }) {
  const [now, setNow] = useState<BrandSiteState | 'failed' | undefined>(undefined);
  useEffect(() => {
    setNow(undefined);
    if (!open) return;
    let current = true;
    getBrandSite().then(
      (s) => current && setNow(s),
      (err: unknown) => {
        console.error(err);
        if (current) setNow('failed');
      },
    );
    return () => void (current = false);
  }, [open]);
  const s = now && now !== 'failed' ? now : undefined;
  const live = s?.releases.find((r) => r.live);
  const url = s?.domainName ? `https://${s.domainName}/` : '';
  return (
    <ConfirmDialog open={open} title={M.brandDeployAsk.title} confirmLabel="Deploy the brand site" busy={!s || !s.ready} onConfirm={onConfirm} onClose={onClose} returnTo={returnTo}>
      <div data-testid="brand-deploy-ask">
        {now === undefined && <p>{M.brandDeployReading.title}</p>}
        {now === 'failed' && <p className="font-semibold text-red-800">The brand site could not be read: close this and try again.</p>}
        {s && (
          <>
            <p data-testid="brand-deploy-sends">{M.brandDeploySends(url, String(s.locations.length), s.locations.map((l) => `${l.city} (version ${l.version})`).join(', ')).title}</p>
            <p data-testid="brand-deploy-replaces" className="mt-2">
              {live ? M.brandDeployReplaces(formatDate(live.createdAt), live.deployedBy).title : M.brandDeployFirst.title}
            </p>
            {s.pinned && <p className="mt-2 font-semibold">{M.brandDeployEndsRollback.title}</p>}
            {!s.ready && <p className="mt-2 font-semibold text-red-800">{s.errors.join('; ')}</p>}
          </>
        )}
      </div>
    </ConfirmDialog>
  );
}
