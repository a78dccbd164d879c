import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import * as M from '../texts/admin.js';
import { failureText, saveBlob } from './api.js';
import { BrandDeployAsk } from './brand-deploy-ask.js';
import { BrandMoveDialog, BrandReleaseList, type BrandRelease } from './brand-releases.js';
import { brandPagesLine, deployBrandSite, downloadBrandSite, getBrandSite, makeBrandReleaseLive, previewBrandSite, type BrandDoorway, type BrandPagesSummary, type BrandSiteState } from './brand-site-api.js';
import { ConfirmDialog } from './confirm-dialog.js';
import { formatDate } from './format.js';
import { NoticeArea, sentence, useNotice } from './notice.js';
import { hashOf, type Go } from './route.js';
import { Button, Card, linkButtonClass } from './ui.js';

/**
 * The brand site (issue 24): one site on the brand's domain with a page per listed city. Its
 * domain and listing are brand settings; here it is generated (a preview on the sites origin),
 * downloaded, deployed (asked first: what it sends and what it replaces, brand-deploy-ask.tsx; then
 * the doorway check over the listed cities asks, as a city's deploy does), its releases made live
 * (asked first, brand-releases.tsx; a rollback holds it: Redeploy all skips it), each saying who
 * deployed it and who made it live again, and it says when a saved city or the brand settings
 * changed since its live release.
 */
export function BrandSiteView({ go, canEdit }: { go: Go; canEdit: boolean }) {
  const [state, setState] = useState<BrandSiteState | 'failed' | undefined>(undefined);
  const [busy, setBusy] = useState<'preview' | 'download' | 'deploy' | 'release' | undefined>(undefined);
  const [doorway, setDoorway] = useState<{ doorway: BrandDoorway; error: string; brandPages?: BrandPagesSummary } | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | undefined>(undefined);
  // Deploy and making a release live ask first (issue 39 item 5).
  const [asking, setAsking] = useState(false);
  const [moving, setMoving] = useState<BrandRelease | undefined>(undefined);
  const { notice, show, clear } = useNotice();
  const deployButton = () => document.getElementById('brand-site-deploy');

  const load = useCallback(async () => {
    try {
      setState(await getBrandSite());
    } catch (err) {
      console.error(err);
      setState('failed');
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  useLayoutEffect(() => {
    document.getElementById('view-title')?.focus();
    document.title = 'Brand site · Clinic Website Generator';
  }, []);

  const preview = async () => {
    clear();
    setBusy('preview');
    // Opened now, while the click still counts as a user gesture, then pointed at the preview.
    const win = window.open('', '_blank');
    const answer = await previewBrandSite();
    setBusy(undefined);
    if (!answer.ok) {
      win?.close();
      show(`The brand site was not generated: ${failureText(answer.failure) || answer.status}`, 'error');
      return;
    }
    setPreviewUrl(answer.url);
    if (win) win.location.href = answer.url;
    show('The brand site is generated: its preview is open in a new tab.', 'success');
  };

  const download = async () => {
    clear();
    setBusy('download');
    try {
      saveBlob(await downloadBrandSite(), 'brand-website.zip');
    } catch (err) {
      console.error(err);
      show('The brand site could not be downloaded.', 'error');
    } finally {
      setBusy(undefined);
    }
  };

  const deploy = async (confirmDoorway = false) => {
    clear();
    setBusy('deploy');
    const answer = await deployBrandSite(confirmDoorway);
    setBusy(undefined);
    if (answer.ok) {
      setDoorway(null);
      show(`The brand site is live at ${answer.deploymentUrl}. ${brandPagesLine(answer.brandPages)}`.trim(), 'success');
    } else {
      const asked = answer.status === 409 && !confirmDoorway ? (answer.body?.doorway as BrandDoorway | undefined) : undefined;
      if (asked) {
        setDoorway({ doorway: asked, error: answer.failure.error ?? '', brandPages: answer.body?.brandPages as BrandPagesSummary | undefined });
        return;
      }
      setDoorway(null);
      show(`${answer.failure.message ?? 'Deployment failed'}: ${answer.failure.error ?? answer.status}`, 'error');
    }
    await load();
  };

  const makeLive = async (r: BrandRelease) => {
    // Nothing live: Make live puts the brand site online again, which is no roll back (its own words).
    const online = !(state && state !== 'failed' && state.live);
    setMoving(undefined);
    clear();
    setBusy('release');
    const answer = await makeBrandReleaseLive(r.id);
    setBusy(undefined);
    const when = formatDate(r.createdAt);
    if (answer.ok) show(sentence(online ? M.madeLive('The brand site', when, answer.pinned) : M.brandReleaseMadeLive(when, answer.pinned)), 'success');
    else show(M.brandReleaseMoveFailed(failureText(answer.failure) || String(answer.status)).title, 'error');
    await load();
  };

  // Brand settings are an editor's and an owner's: for the front desk, a name, not a link to a view it cannot open.
  const settingsLink = !canEdit ? (
    <span className="font-semibold">Brand settings</span>
  ) : (
    <a
      href={hashOf({ name: 'brand' })}
      onClick={(e) => {
        e.preventDefault();
        go({ name: 'brand' });
      }}
      className="font-semibold text-brand underline"
    >
      Brand settings
    </a>
  );

  const s = state && state !== 'failed' ? state : undefined;
  const liveRelease = s?.releases.find((r) => r.live);
  return (
    <main className="mx-auto grid max-w-3xl grid-cols-1 gap-6 px-4 py-6 sm:px-6">
      <div>
        <h2 id="view-title" tabIndex={-1} className="text-xl font-bold text-slate-900">
          Brand site
        </h2>
        <p className="mt-1 text-sm text-slate-600">One site on the brand’s domain with a page for every listed location, built from the brand settings and the saved cities.</p>
      </div>
      {state === undefined && <p role="status">Loading the brand site...</p>}
      {state === 'failed' && (
        <p role="alert" className="font-semibold text-red-800">
          The brand site could not be read. Reload the page to try again.
        </p>
      )}
      {s?.noDomain && (
        <p data-testid="brand-site-none" className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950">
          There is no brand site yet: give it a domain in {settingsLink} (Brand site domain).
        </p>
      )}
      {s && !s.noDomain && (
        <Card id="brand-site" title="The brand site" lead="Generate opens a preview; Deploy makes it live at its domain.">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold text-slate-700">Domain</dt>
            <dd data-testid="brand-site-domain">{s.domainName ?? 'none'}</dd>
            <dt className="font-semibold text-slate-700">Listed locations</dt>
            <dd data-testid="brand-site-count">
              {s.locations.length} ({s.locations.map((l) => l.city).join(', ') || 'none'}); chosen in {settingsLink}
            </dd>
            <dt className="font-semibold text-slate-700">Live</dt>
            <dd>
              {liveRelease ? (
                <>
                  release of <time dateTime={liveRelease.createdAt}>{formatDate(liveRelease.createdAt)}</time>
                  {s.pinned && ' (rolled back: Redeploy all skips it until it is deployed again)'}
                </>
              ) : (
                'not deployed yet'
              )}
            </dd>
          </dl>
          {s.changed && (
            <p data-testid="brand-site-changed" className="mt-3 rounded-lg border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950">
              <span className="font-semibold">Changed since deploy:</span> {s.changes.join('; ')}. Deploy again to show it on the brand site.
            </p>
          )}
          {s.errors.length > 0 && (
            <div role="group" aria-label="Why the brand site cannot be built" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              <p className="font-semibold">The brand site cannot be built until these are fixed in {settingsLink} or the cities:</p>
              <ul className="mt-1 list-disc pl-5">
                {s.errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </div>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            {canEdit && (
              <>
                <Button onClick={preview} disabled={busy !== undefined || !s.ready}>
                  {busy === 'preview' ? 'Generating...' : 'Generate'}
                </Button>
                <Button variant="secondary" onClick={download} disabled={busy !== undefined || !s.ready}>
                  {busy === 'download' ? 'Downloading...' : 'Download'}
                </Button>
                <Button id="brand-site-deploy" variant="secondary" onClick={() => setAsking(true)} disabled={busy !== undefined || !s.ready}>
                  {busy === 'deploy' ? 'Deploying...' : 'Deploy brand site'}
                </Button>
              </>
            )}
            {s.url && s.live && (
              <a href={s.url} target="_blank" rel="noopener" className={linkButtonClass}>
                Visit Site<span className="sr-only">: the brand site</span>
              </a>
            )}
            {previewUrl && (
              <a href={previewUrl} target="_blank" rel="noopener" className={linkButtonClass}>
                Open the preview
              </a>
            )}
          </div>
          <NoticeArea notice={notice} testId="brand-site-notice" />
          {s.releases.length > 0 && (
            <>
              <h3 className="mt-4 font-semibold text-slate-900">Releases</h3>
              <BrandReleaseList releases={s.releases} busy={busy !== undefined} canEdit={canEdit} onMove={setMoving} />
            </>
          )}
        </Card>
      )}
      <BrandDeployAsk
        open={asking}
        onConfirm={() => {
          setAsking(false);
          void deploy();
        }}
        onClose={() => setAsking(false)}
        returnTo={deployButton}
      />
      {canEdit && <BrandMoveDialog release={moving} liveId={s?.live ?? undefined} newestId={s?.releases[0]?.id} onConfirm={(r) => void makeLive(r)} onClose={() => setMoving(undefined)} />}
      <ConfirmDialog
        open={doorway !== null}
        title="Deploy the brand site anyway?"
        confirmLabel="Deploy anyway"
        busy={busy === 'deploy'}
        onConfirm={() => void deploy(true)}
        onClose={() => {
          setDoorway(null);
          deployButton()?.focus();
        }}
        returnTo={deployButton}
      >
        {doorway && (
          <div data-testid="doorway-warning">
            <p>{doorway.error}</p>
            <ul className="mt-2 list-disc pl-5" aria-label="Cities the doorway check fails">
              {doorway.doorway.failing.map((c) => (
                <li key={c.slug}>
                  {c.verdict === 'too-alike' && c.closest
                    ? `${c.city}: ${Math.round(c.score * 100)}% of what its pages say of their own is on ${c.closest.city}'s site too`
                    : `${c.city}: ${c.localWords} words of its own (at least ${doorway.doorway.minLocalWords} are needed)`}
                </li>
              ))}
            </ul>
            <p className="mt-2">Search engines treat near-identical city pages as doorway pages.</p>
            {brandPagesLine(doorway.brandPages) && <p className="mt-2">{brandPagesLine(doorway.brandPages)}</p>}
          </div>
        )}
      </ConfirmDialog>
    </main>
  );
}
