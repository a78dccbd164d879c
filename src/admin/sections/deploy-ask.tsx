import { useEffect, useState } from 'react';
import { citySlug } from '../../config/slug.js';
import { cityReleases, type CityReleases } from '../cities-api.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { formatDate, releaseTimeText } from '../format.js';
import { builtFromText, type SiteActions } from '../use-site-actions.js';

/** What a deploy from the editor would send: a saved version, or the site generated from the form. */
export type DeployWhat = { saved: { slug: string; city: string; version: number } } | { generated: { city: string; from: string } };

/** The site's releases as they stand when the question opens; `none` for a city never deployed or saved. */
type Standing = CityReleases | 'none' | undefined;

/**
 * Deploy asks first (issue 39 item 5, "say it before doing it"): which city, which version (or the
 * unsaved edits it was generated from), where, and what it replaces: the live release and its
 * version, or that the site is not live yet; a city rolled back is told the rollback ends. The
 * releases are read when the question opens, so it says what is live now, not when the page loaded.
 */
export function DeployAsk({ what, onConfirm, onClose, returnTo }: { what: DeployWhat | null; onConfirm: () => void; onClose: () => void; returnTo: () => HTMLElement | null | undefined }) {
  const [standing, setStanding] = useState<Standing>(undefined);
  const slug = what ? ('saved' in what ? what.saved.slug : citySlug(what.generated.city)) : undefined;
  useEffect(() => {
    setStanding(undefined);
    if (!slug) return;
    let live = true;
    cityReleases(slug).then(
      (r) => live && setStanding(r),
      // A city never saved nor deployed has no releases to read (404): nothing to replace.
      () => live && setStanding('none'),
    );
    return () => void (live = false);
  }, [slug, what]);
  const city = what ? ('saved' in what ? what.saved.city : what.generated.city) : '';
  const current = standing && standing !== 'none' ? standing.releases.find((r) => r.id === standing.live) : undefined;
  return (
    <ConfirmDialog
      open={what !== null}
      title={what ? `Deploy ${city}?` : ''}
      confirmLabel={`Deploy ${city}`}
      busy={standing === undefined}
      onConfirm={onConfirm}
      onClose={onClose}
      returnTo={returnTo}
    >
      {what && (
        <div data-testid="deploy-ask">
          <p>
            {'saved' in what ? `Deploys saved version ${what.saved.version} of ${city}` : `Deploys the site generated from ${lowerFirst(what.generated.from)} for ${city}`}
            {standing && standing !== 'none' ? ` to ${standing.url}.` : '.'}
          </p>
          <p className="mt-2">
            {standing === undefined
              ? 'Reading what is live now...'
              : current
                ? `It replaces the live release of ${formatDate(releaseTimeText(current.id))}${current.configVersion !== undefined ? ` (version ${current.configVersion})` : ''}.`
                : `${city} has no live site: this makes it live.`}
          </p>
          {standing && standing !== 'none' && standing.pinned && <p className="mt-2 font-semibold">{city} was rolled back: this deploy ends that, and Redeploy all includes it again.</p>}
        </div>
      )}
    </ConfirmDialog>
  );
}

/** What Deploy would send now, for the question; null when it cannot deploy yet (it then says why itself). */
export function deployWhat(a: SiteActions): DeployWhat | null {
  const target = a.savedTarget();
  if (target?.clean) return { saved: { slug: target.slug, city: target.city, version: target.version } };
  if (!a.generated) return null;
  return { generated: { city: a.generated.config.city, from: builtFromText(target ? { version: target.version, edited: !target.clean } : { edited: true }) } };
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
