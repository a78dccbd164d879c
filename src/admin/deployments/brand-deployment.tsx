import type { LiveSite } from '../../contract/site.js';
import { BrandReleaseList } from '../brand-releases.js';
import { formatDate } from '../format.js';
import { hashOf, type Go } from '../route.js';

/**
 * The brand site on Deployments (issue 39 item 5): where it is live, since when, and its releases
 * with who deployed each and who made it live again, and when. Deploying it and making a release
 * live are done on its own view (brand-site-view.tsx), which asks first; this links there.
 */
export function BrandDeployment({ site, go }: { site: LiveSite; go: Go }) {
  const newest = site.releases[0];
  const live = site.releases.find((r) => r.live);
  return (
    <div data-site={site.siteName} className="rounded-lg border border-slate-200 p-3">
      <h3 className="font-semibold text-slate-900">Brand site</h3>
      {site.domainName && <p className="text-sm break-all text-slate-600">https://{site.domainName}/</p>}
      {newest && (
        <p className="text-sm text-slate-600">
          Last deployed{' '}
          <time dateTime={newest.createdAt} className="whitespace-nowrap">
            {formatDate(newest.createdAt)}
          </time>
          {live && live !== newest && (
            <>
              ; live: the release of{' '}
              <time dateTime={live.createdAt} className="whitespace-nowrap">
                {formatDate(live.createdAt)}
              </time>{' '}
              (rolled back: Redeploy all skips it until it is deployed again)
            </>
          )}
        </p>
      )}
      <a
        href={hashOf({ name: 'brand-site' })}
        onClick={(e) => {
          e.preventDefault();
          go({ name: 'brand-site' });
        }}
        className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-brand underline"
      >
        Open the brand site’s view<span className="sr-only"> to deploy it or make a release live</span>
      </a>
      <BrandReleaseList releases={site.releases} canEdit={false} />
    </div>
  );
}
