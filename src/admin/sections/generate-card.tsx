import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { doorwayCheck, type DoorwayLine } from '../cities-api.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import * as M from '../../texts/admin.js';
import { ErrorSummary } from '../error-summary.js';
import { NoticeArea } from '../notice.js';
import { builtFromText, type BuiltFrom, type SiteActions } from '../use-site-actions.js';
import { Button, Card } from '../ui.js';
import { fieldLabel } from '../field-labels.js';
import { DeployAsk, deployWhat, type DeployWhat } from './deploy-ask.js';

/** Generate Website: the generate button, the generated-site panel, Deploy and its result panel. */
export function GenerateCard({ actions: a }: { actions: SiteActions }) {
  // Re-drawn as the form changes: an edit makes a saved city's version no longer what Deploy would send.
  useWatch({ control: a.control });
  const target = a.savedTarget();
  const ready = target?.clean === true || a.generated !== null;
  const why = target?.clean
    ? M.deploysSavedVersion(target.version, target.city).title
    : a.generated
      ? undefined
      : target
        ? M.deployNeedsSave.title
        : M.deployNeedsSite.title;
  const pages = a.generated ? Object.keys(a.generated.files).filter((f) => f.endsWith('.html')).length : 0;
  const files = a.generated ? Object.keys(a.generated.files).length : 0;
  // The Deploy button, where the focus goes back after the doorway question (it was disabled while
  // the refused deploy ran, so the focus had left it when the question opened).
  const deployArea = useRef<HTMLDivElement>(null);
  const deployButton = () => deployArea.current?.querySelector('button');
  // Deploy asks first, saying what it sends where and what it replaces (deploy-ask.tsx); when it
  // cannot deploy yet, the click says why instead.
  const [asking, setAsking] = useState<DeployWhat | null>(null);
  const askDeploy = () => {
    const what = ready ? deployWhat(a) : null;
    if (what) setAsking(what);
    else void a.deploy();
  };
  return (
    <Card id="generate" title="Generate Website" lead="Build the site from the details above, then preview, download or deploy it.">
      <Button onClick={a.generate} disabled={a.generating} className="w-full sm:w-auto">
        {a.generating ? 'Generating...' : 'Generate Website'}
      </Button>
      <NoticeArea notice={a.notice} testId="generate-notice" />
      <ErrorSummary problems={a.problems} lead="The website could not be generated." testId="generate-problems" />
      {a.generated && (
        <div data-testid="generated-panel" className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
          <p className="font-semibold text-slate-900">
            Website for {a.generated.config.city} generated: {pages} pages, {files} files.
          </p>
          <p data-testid="generated-from" className="mt-1 text-sm text-slate-700">
            {a.generatedIsCurrent()
              ? `Built from ${lower(builtFromText(a.generated.source))}.`
              : `Built from ${lower(builtFromText(a.generated.source))}; the editor now shows ${lower(builtFromText(editorShows(target)))}: Preview, Download and Deploy build that first.`}
          </p>
          {a.generated.contactEndpoint && (
            <p data-testid="contact-endpoint" className="mt-1 text-sm text-slate-700">
              The contact form sends messages to <code className="break-all">{a.generated.contactEndpoint}</code>; this server must be reachable there
              wherever the site is hosted.
            </p>
          )}
          {a.generated.warnings.length > 0 && (
            <div data-testid="generate-warnings" role="alert" className="mt-2 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950">
              <p className="font-semibold">Before you download or deploy this site:</p>
              <ul className="mt-1 list-disc pl-5">
                {a.generated.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </div>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" onClick={a.preview}>
              Preview
            </Button>
            <Button variant="secondary" onClick={a.download}>
              Download Package
            </Button>
          </div>
        </div>
      )}
      <div ref={deployArea} className="mt-4 border-t border-slate-200 pt-4">
        {/* aria-disabled, not disabled: with no generated site the button stays focusable and its
            click says why (spec: 'Please generate a website first'). */}
        <Button
          onClick={askDeploy}
          disabled={a.deploying}
          aria-disabled={ready ? undefined : true}
          aria-describedby={why ? 'deploy-needs-site' : undefined}
          className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-60 sm:w-auto"
        >
          {a.deploying ? 'Deploying...' : 'Deploy Website'}
        </Button>
        {why && (
          <p id="deploy-needs-site" className="mt-2 text-sm text-slate-600">
            {why}
          </p>
        )}
        {target && <DoorwayStanding slug={target.slug} version={target.version} deploys={a.deploys} />}
        {/* Always in the page, so screen readers have the live region before a result arrives. */}
        <div role="status">{a.result && <DeployResultPanel result={a.result} />}</div>
      </div>
      <DeployAsk
        what={asking}
        onConfirm={() => {
          setAsking(null);
          void a.deploy();
        }}
        onClose={() => setAsking(null)}
        returnTo={deployButton}
      />
      <ConfirmDialog
        open={a.doorwayAsk !== null}
        title={a.doorwayAsk ? `Deploy ${a.doorwayAsk.doorway.city} anyway?` : ''}
        confirmLabel="Deploy anyway"
        busy={a.deploying}
        onConfirm={a.confirmDoorway}
        onClose={() => {
          a.cancelDoorway();
          deployButton()?.focus();
        }}
        returnTo={deployButton}
      >
        {a.doorwayAsk && <DoorwayWarning line={a.doorwayAsk.doorway} threshold={a.doorwayAsk.doorway.threshold} />}
      </ConfirmDialog>
    </Card>
  );
}

/** What the editor shows now, as the generated site's source is told. */
const editorShows = (target: ReturnType<SiteActions['savedTarget']>): BuiltFrom => (target ? { version: target.version, edited: !target.clean } : { edited: true });
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

const pct = (x: number) => `${Math.round(x * 100)}%`;
/** Words that follow a full stop start with a capital. */
const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The score in words: how much of the city's own text its closest sibling says. */
function scoreWords(line: DoorwayLine): string {
  if (line.verdict === 'alone') return 'the only saved city: nothing to compare it with';
  if (line.verdict === 'no-local-content') return `${line.localWords} words of its own${line.closest ? `; ${pct(line.score)} of them on ${line.closest.city}'s site` : ''}`;
  return line.closest ? `${pct(line.score)} of its own text is on ${line.closest.city}'s site, its closest sibling` : 'no other city says any of its own text';
}

const VERDICTS: Record<DoorwayLine['verdict'], string> = {
  distinct: 'Distinct',
  alone: 'Distinct',
  'too-alike': 'Too alike',
  'no-local-content': 'Too little local content',
};

/**
 * One piece of the check's advice as the form names it: `localContent.whyCity: missing; ...` (the
 * config's key, as `clinic-gen check` prints it) reads `Why this city: missing; ...`.
 */
export function adviceText(x: { field: string; message: string }): string {
  const prefix = `${x.field}: `;
  return x.message.startsWith(prefix) ? `${fieldLabel(x.field).label}: ${x.message.slice(prefix.length)}` : x.message;
}

/** Why the deploy asks: the score, the sibling and what to write (the check's advice). */
function DoorwayWarning({ line, threshold }: { line: DoorwayLine; threshold: number }) {
  return (
    <div data-testid="doorway-warning">
      <p>
        {line.verdict === 'too-alike' && line.closest
          ? `${line.city} scores ${pct(line.score)} against ${line.closest.city}: that share of what its pages say of their own is on ${line.closest.city}'s site too (more than ${pct(threshold)} fails).`
          : `${line.city} has ${line.localWords} words of its own that no other city's pages say: too few to be a page of its own.`}{' '}
        Search engines treat near-identical city pages as doorway pages.
      </p>
      {line.advice.length > 0 && (
        <ul className="mt-2 list-disc pl-5" aria-label="What to write">
          {line.advice.map((x) => (
            <li key={`${x.field}:${x.message}`}>{adviceText(x)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The open city's doorway check, beside its Deploy button: the verdict, the score and the closest sibling. */
function DoorwayStanding({ slug, version, deploys }: { slug: string; version: number; deploys: number }) {
  const [line, setLine] = useState<DoorwayLine | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    doorwayCheck()
      .then((r) => current && setLine(r.cities.find((c) => c.slug === slug) ?? null))
      .catch(() => current && setLine(null));
    return () => {
      current = false;
    };
  }, [slug, version, deploys]);
  if (!line) return null;
  const tone = line.pass ? 'border-slate-200 bg-slate-50 text-slate-800' : 'border-amber-400 bg-amber-50 text-amber-950';
  return (
    <p data-testid="doorway-standing" data-pass={String(line.pass)} className={`mt-3 rounded-lg border px-3 py-2 text-sm ${tone}`}>
      <span className="font-semibold">Doorway check: {VERDICTS[line.verdict]}.</span> {sentence(scoreWords(line))}
      {!line.pass && '. Deploy asks you to confirm.'}
    </p>
  );
}

/** The deploy's outcome in plain words: live at its address, or what went wrong. */
function DeployResultPanel({ result }: { result: NonNullable<SiteActions['result']> }) {
  const style = result.success ? 'border-green-300 bg-green-50 text-green-900' : 'border-red-300 bg-red-50 text-red-900';
  // The server's success message names the release id; the operator needs only where the site is.
  const headline = result.success ? M.deployLive(result.city).title : (result.message ?? M.deployFailed.title);
  return (
    <div data-testid="deploy-result" data-success={String(result.success)} className={`mt-4 rounded-lg border p-4 text-sm ${style}`}>
      <p className="font-semibold">{headline}</p>
      {!result.success && result.error && <p className="mt-1 break-words">{result.error}</p>}
      {result.success && result.deploymentUrl && (
        <p className="mt-2">
          Live at{' '}
          <a href={result.deploymentUrl} target="_blank" rel="noopener" className="font-semibold break-all underline">
            {result.deploymentUrl}
          </a>
        </p>
      )}
      {result.success && result.configVersion !== undefined && <p className="mt-1">Built from config version {result.configVersion}.</p>}
      {result.success && result.configVersion === undefined && result.builtFrom && <p className="mt-1">Built from {lower(builtFromText(result.builtFrom))}.</p>}
    </div>
  );
}
