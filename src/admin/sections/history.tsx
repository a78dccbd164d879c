import { useEffect, useId, useRef, useState } from 'react';
import { cityHistory, cityVersion, compareVersions, getCity, restoreVersion, type FieldChangeView, type HistoryLine } from '../cities-api.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { fieldLabel } from '../field-labels.js';
import { formatDate } from '../format.js';
import { NoticeArea, useNotice } from '../notice.js';
import type { ClinicConfigInput } from '../../config/schema.js';
import { Button, Card } from '../ui.js';

/** A value in a line of the history: long texts cut, an empty one said. */
const shortValue = (v: string) => (v === '' ? '(empty)' : v.length > 60 ? `${v.slice(0, 57)}...` : v);
/** "Phone: (813) 555-0100 -> (813) 555-0199", the field named by its label on the form. */
export const changeText = (c: FieldChangeView) => `${fieldLabel(c.path).label}: ${shortValue(c.before)} -> ${shortValue(c.after)}`;
/** The lines a version shows at most; the rest are counted ("and 4 more"), and Compare shows them all. */
const SHOWN = 3;

/**
 * A saved city's history (issue 39 item 1): each version with when, who and what changed in
 * words; any two compared side by side; Restore makes an earlier version the newest (nothing is
 * rewritten), after a confirmation that says what changes and that unsaved edits go.
 */
export function History({
  slug,
  city,
  version,
  dirty,
  onRestored,
  onOpenedAsEdits,
}: {
  slug: string;
  city: string;
  /** The saved version the editor stands on: the list is read again when it changes. */
  version: number;
  dirty: () => boolean;
  onRestored: (next: { version: number; savedAt: string; config: ClinicConfigInput }) => void;
  /** A version that cannot be saved again as it was: its fields into the form, unsaved, the missing ones marked. */
  onOpenedAsEdits: (config: ClinicConfigInput, errors: Record<string, string>) => void;
}) {
  const [lines, setLines] = useState<HistoryLine[] | 'failed' | undefined>(undefined);
  const [asked, setAsked] = useState<HistoryLine | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [compared, setCompared] = useState<{ from: number; to: number; changes: FieldChangeView[] } | null>(null);
  const [pair, setPair] = useState<{ from?: number; to?: number }>({});
  const { notice, show } = useNotice();
  const list = useRef<HTMLOListElement>(null);
  const ids = useId();

  useEffect(() => {
    let live = true;
    cityHistory(slug).then(
      (v) => live && setLines(v),
      (err: unknown) => {
        console.error(err);
        if (live) setLines('failed');
      },
    );
    return () => void (live = false);
  }, [slug, version]);

  const compare = async (from: number, to: number) => {
    try {
      const r = await compareVersions(slug, from, to);
      setCompared({ from: r.from, to: r.to, changes: r.changes });
    } catch (err) {
      console.error(err);
      show(`Versions ${from} and ${to} could not be compared. Try again.`, 'error');
    }
  };

  const restore = async (line: HistoryLine) => {
    setBusy(true);
    setError(undefined);
    const answer = await restoreVersion(slug, line.version, version);
    // Saved before a fact was required (decision 14): nothing restored; the version opens as
    // unsaved edits that name what it lacks, for the editor to fill in and save.
    if (!answer.ok && answer.status === 400 && Object.keys(answer.failure.errors).length > 0) return openAsEdits(line, answer.failure.errors);
    if (!answer.ok) {
      setBusy(false);
      setError(
        answer.status === 409
          ? `${city} was saved again since this page opened it: open the city again, then restore.`
          : answer.status === 0
            ? 'The server could not be reached. Nothing was restored.'
            : `Version ${line.version} was not restored: ${answer.failure.error ?? answer.failure.message ?? answer.status}.`,
      );
      return;
    }
    // Restored: the form moves onto the new version, read back as the server keeps it.
    let latest: Awaited<ReturnType<typeof getCity>>;
    try {
      latest = await getCity(slug);
    } catch (err) {
      console.error(err);
      setBusy(false);
      setAsked(null);
      show(`Version ${line.version} was restored as version ${answer.version}, but it could not be read back: open the city again.`, 'error');
      return;
    }
    setBusy(false);
    setAsked(null);
    onRestored({ version: latest.version, savedAt: latest.savedAt, config: latest.config });
    show(answer.changed ? `Version ${line.version} restored as version ${answer.version}, the newest.` : `Version ${answer.version} already says what version ${line.version} says: nothing to restore.`, 'success');
  };

  const openAsEdits = async (line: HistoryLine, errors: Record<string, string>) => {
    let written: ClinicConfigInput;
    try {
      written = (await cityVersion(slug, line.version)).written;
    } catch (err) {
      console.error(err);
      setBusy(false);
      setError(`Version ${line.version} lacks fields required now, and it could not be read to open it. Try again.`);
      return;
    }
    setBusy(false);
    setAsked(null);
    onOpenedAsEdits(written, errors);
    const labels = [...new Set(Object.keys(errors).map((k) => fieldLabel(k).label))];
    const named = labels.length === 1 ? labels[0]! : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)!}`;
    show(`Version ${line.version} was saved before ${named} ${labels.length === 1 ? 'was' : 'were'} required, so it was not restored: its fields are in the form as unsaved edits. Fill in ${named}, then save.`, 'error');
  };

  if (lines === undefined)
    return (
      <Card id="history" title="History">
        <p role="status" className="text-sm text-slate-700">
          Loading the saved versions...
        </p>
      </Card>
    );
  if (lines === 'failed')
    return (
      <Card id="history" title="History">
        <p role="alert" className="text-sm font-semibold text-red-800">
          The saved versions could not be loaded. Reload the page to try again.
        </p>
      </Card>
    );
  const latest = lines[0]?.version;
  const from = pair.from ?? lines[1]?.version ?? latest;
  const to = pair.to ?? latest;
  return (
    <Card id="history" title="History" lead="Every saved version of this city: when, who and what changed. Compare two, or restore an earlier one as the newest version.">
      <NoticeArea notice={notice} testId="history-notice" />
      <ol ref={list} aria-label={`Saved versions of ${city}`} tabIndex={lines.length > 4 ? 0 : undefined} className="mt-3 max-h-96 divide-y divide-slate-100 overflow-auto rounded-lg border border-slate-200 text-sm">
        {lines.map((l) => (
          <li key={l.version} data-version={l.version} className="px-3 py-2">
            <p className="text-slate-900">
              <span className="font-semibold">Version {l.version}</span>
              {l.version === latest && <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">Current</span>}
            </p>
            <p className="text-slate-700">
              <time dateTime={l.savedAt}>{formatDate(l.savedAt)}</time> · {l.savedBy ? `by ${l.savedBy}` : 'who saved it was not recorded'}
              {l.restoredFrom !== undefined && ` · restored version ${l.restoredFrom}`}
            </p>
            <ul className="mt-1 list-disc pl-5 text-slate-700">
              {l.changes.length === 0 && <li>{l.version === lines.at(-1)?.version ? 'First saved version.' : 'No field changed.'}</li>}
              {l.changes.slice(0, SHOWN).map((c) => (
                <li key={c.path} className="break-words">
                  {changeText(c)}
                </li>
              ))}
              {l.changes.length > SHOWN && <li>and {l.changes.length - SHOWN} more (Compare shows them all)</li>}
            </ul>
            {l.version !== latest && (
              <Button variant="secondary" className="mt-2 min-h-9 px-3" disabled={busy} onClick={() => (setError(undefined), setAsked(l))}>
                Restore version {l.version}
              </Button>
            )}
          </li>
        ))}
      </ol>
      {lines.length > 1 && (
        <form
          className="mt-4 flex flex-wrap items-end gap-2"
          aria-label="Compare two versions"
          onSubmit={(e) => {
            e.preventDefault();
            if (from !== undefined && to !== undefined) void compare(from, to);
          }}
        >
          <VersionSelect id={`${ids}-from`} label="Compare version" value={from} lines={lines} onChange={(v) => setPair((p) => ({ ...p, from: v }))} />
          <VersionSelect id={`${ids}-to`} label="with version" value={to} lines={lines} onChange={(v) => setPair((p) => ({ ...p, to: v }))} />
          <Button type="submit" variant="secondary" className="min-h-11">
            Compare
          </Button>
        </form>
      )}
      {compared && <Comparison {...compared} />}
      <ConfirmDialog
        open={asked !== null}
        title={asked ? `Restore version ${asked.version} of ${city}?` : ''}
        confirmLabel={asked ? `Restore version ${asked.version}` : 'Restore'}
        busy={busy}
        error={error}
        onConfirm={() => asked && void restore(asked)}
        onClose={() => setAsked(null)}
        returnTo={() => list.current}
      >
        {asked && (
          <>
            <p>
              Its fields become version {(latest ?? 0) + 1}, the newest; versions 1 to {latest} stay as they are. The live site changes only when you deploy.
            </p>
            {dirty() && <p className="mt-2 font-semibold">The changes in the form that are not saved are discarded.</p>}
          </>
        )}
      </ConfirmDialog>
    </Card>
  );
}

function VersionSelect({ id, label, value, lines, onChange }: { id: string; label: string; value: number | undefined; lines: HistoryLine[]; onChange: (v: number) => void }) {
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(Number(e.target.value))} className="mt-1 min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-sm text-slate-900">
        {lines.map((l) => (
          <option key={l.version} value={l.version}>
            Version {l.version}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Two versions side by side: each field that differs, its label, then each version's value in full. */
function Comparison({ from, to, changes }: { from: number; to: number; changes: FieldChangeView[] }) {
  return (
    <div className="mt-4 overflow-x-auto" role="region" aria-label={`Version ${from} and version ${to} compared`} tabIndex={0}>
      {changes.length === 0 ? (
        <p className="text-sm text-slate-700">Versions {from} and {to} say the same in every field.</p>
      ) : (
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">
            Fields that differ between version {from} and version {to}
          </caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-800">
              <th scope="col" className="py-1 pr-3">
                Field
              </th>
              <th scope="col" className="py-1 pr-3">
                Version {from}
              </th>
              <th scope="col" className="py-1">
                Version {to}
              </th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.path} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-1 pr-3 font-medium text-slate-900">
                  {fieldLabel(c.path).label}
                </th>
                <td className="py-1 pr-3 break-words whitespace-pre-wrap text-slate-700">{c.before || '(empty)'}</td>
                <td className="py-1 break-words whitespace-pre-wrap text-slate-900">{c.after || '(empty)'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
