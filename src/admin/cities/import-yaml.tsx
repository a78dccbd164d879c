import { useRef, useState } from 'react';
import * as M from '../../texts/admin.js';
import { importFiles, planImport, type Imported, type ImportFailure, type ImportPlanLine } from '../cities-api.js';
import { sentence } from '../notice.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { changeText } from '../sections/history.js';

/** The server's limits (docs/decisions/012-stored-cities.md): larger files are refused here, before sending them. */
const MAX_FILE_BYTES = 256 * 1024;
const MAX_FILES = 50;

export interface ImportOutcome {
  imported: Imported[];
  failed: ImportFailure[];
  /** Why the whole request failed (network, a refusal without a per-file list). */
  error?: string;
}

/** Files read in the browser to send: those over a limit are refused here, by name. */
export async function readChosen(chosen: File[]): Promise<{ files: { name: string; text: string }[]; failed: ImportFailure[] }> {
  const failed: ImportFailure[] = [];
  const files: { name: string; text: string }[] = [];
  for (const [i, file] of chosen.entries()) {
    if (i >= MAX_FILES) failed.push({ file: file.name, errors: [`${file.name}: more than ${MAX_FILES} files chosen; import it in another batch`] });
    else if (file.size > MAX_FILE_BYTES) failed.push({ file: file.name, errors: [M.importTooLargeToSend(file.name, '256 KB').title] });
    else files.push({ name: file.name, text: await file.text() });
  }
  return { files, failed };
}

/** Posts the files the editor confirmed, each against the version it was shown replacing (null: new). */
export async function importConfirmed(files: { name: string; text: string }[], expect: Record<string, number | null>, failed: ImportFailure[] = []): Promise<ImportOutcome> {
  if (files.length === 0) return { imported: [], failed };
  const answer = await importFiles(files, expect);
  if (answer.ok) return { imported: answer.imported, failed };
  const body = answer.body ?? {};
  const serverFailed = Array.isArray(body.failed) ? (body.failed as ImportFailure[]) : [];
  const imported = Array.isArray(body.imported) ? (body.imported as Imported[]) : [];
  const error = serverFailed.length ? undefined : (answer.failure.message ?? answer.failure.error);
  return { imported, failed: [...failed, ...serverFailed], error };
}

/** What the editor is asked before an import saves anything: each file's plan, and which cities are ticked. */
export interface ImportAsk {
  files: { name: string; text: string }[];
  lines: ImportPlanLine[];
  /** Refused before sending (too large, too many). */
  failed: ImportFailure[];
  /** File names ticked to import (new cities and replacements; all at first). */
  ticked: Set<string>;
}

/**
 * Import YAML (issue 39 item 2): the chosen files are read on the server first, nothing saved,
 * and the editor is shown each file's city, whether it is new or replaces a saved city (with the
 * fields that would change), and ticks which to import; Cancel saves nothing. A file with errors
 * saves nothing and its errors are listed by file, line and field. The button and the results sit
 * in different places of the list view, so the state lives in this hook.
 */
export function useImport(onImported: () => void) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | undefined>(undefined);
  const [ask, setAsk] = useState<ImportAsk | undefined>(undefined);

  const chosen = async () => {
    const picked = [...(input.current?.files ?? [])];
    if (picked.length === 0 || busy) return;
    setBusy(true);
    setOutcome(undefined);
    try {
      const { files, failed } = await readChosen(picked);
      if (files.length === 0) return setOutcome({ imported: [], failed });
      const plan = await planImport(files);
      if (!plan.ok) return setOutcome({ imported: [], failed, error: plan.status === 0 ? M.importPlanUnreachable.title : (plan.failure.message ?? plan.failure.error) });
      const savable = plan.files.filter((l) => l.state === 'new' || l.state === 'replaces');
      setAsk({ files, lines: plan.files, failed, ticked: new Set(savable.map((l) => l.file)) });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const tick = (file: string, on: boolean) =>
    setAsk((a) => {
      if (!a) return a;
      const ticked = new Set(a.ticked);
      if (on) ticked.add(file);
      else ticked.delete(file);
      return { ...a, ticked };
    });

  const confirm = async () => {
    if (!ask || busy) return;
    setBusy(true);
    try {
      const chosenLines = ask.lines.filter((l) => ask.ticked.has(l.file) && l.slug);
      const expect = Object.fromEntries(chosenLines.map((l) => [l.slug!, l.state === 'new' ? null : l.version!]));
      const files = ask.files.filter((f) => ask.ticked.has(f.name));
      // Files that failed the plan are reported with the outcome; unchanged and unticked ones are left as they are.
      const planFailed = ask.lines.filter((l) => l.state === 'failed').map((l) => ({ file: l.file, errors: l.errors }));
      const result = await importConfirmed(files, expect, [...ask.failed, ...planFailed]);
      setAsk(undefined);
      setOutcome(result);
      if (result.imported.length) onImported();
    } finally {
      setBusy(false);
    }
  };
  const cancel = () => setAsk(undefined);
  return { input, busy, outcome, chosen, ask, tick, confirm, cancel };
}

type Import = ReturnType<typeof useImport>;

/**
 * The Import YAML button: a label for a visually hidden but focusable file input, so it works from
 * the keyboard, shows a focus ring, and its input is named "Import YAML".
 */
export function ImportButton({ imp }: { imp: Import }) {
  return (
    <div>
      <input ref={imp.input} id="import-yaml" type="file" multiple accept=".yaml,.yml,application/yaml,text/yaml" onChange={imp.chosen} aria-busy={imp.busy || undefined} className="peer sr-only" />
      <label
        htmlFor="import-yaml"
        className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-lg border-2 border-brand px-4 py-2 text-sm font-semibold text-brand peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand hover:bg-brand-soft"
      >
        {imp.busy ? 'Importing...' : 'Import YAML'}
      </label>
    </div>
  );
}

/** What the last import did: a summary in a live region, then each refused file with its error lines. */
export function ImportResults({ imp }: { imp: Import }) {
  const { outcome } = imp;
  const bad = Boolean(outcome && (outcome.failed.length || outcome.error));
  const summary =
    outcome && (outcome.error ? outcome.error : outcome.failed.length ? sentence(M.importPartly(outcome.failed.length, outcome.imported.length)) : M.importSucceeded(outcome.imported.length).title);
  return (
    <>
      <ImportDialog imp={imp} />
      <div role="status" data-testid="import-summary" className="text-sm">
        {summary && <p className={`mt-3 font-semibold ${bad ? 'text-red-800' : 'text-green-800'}`}>{summary}</p>}
      </div>
      {outcome && outcome.failed.length > 0 && (
        <ul aria-label="Import errors" className="mt-2 space-y-2 text-sm">
          {outcome.failed.map((f, i) => (
            <li key={i} className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
              <p className="font-semibold break-all">{f.file}</p>
              <FileErrors file={f.file} errors={f.errors} className="mt-1 list-disc pl-5" />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Lines of changes a replacement shows; the rest counted. */
const SHOWN_CHANGES = 5;

/**
 * Before anything is saved: each file's city and what importing it does, a checkbox for each city
 * it would add or change (ticked), the fields that would change in words; Cancel saves nothing.
 */
function ImportDialog({ imp }: { imp: Import }) {
  const ask = imp.ask;
  const count = ask ? ask.lines.filter((l) => ask.ticked.has(l.file)).length : 0;
  return (
    <ConfirmDialog
      open={ask !== undefined}
      title={ask ? `Import ${ask.lines.length} ${ask.lines.length === 1 ? 'file' : 'files'}?` : ''}
      confirmLabel={count === 0 ? 'Import nothing' : `Import ${count} ${count === 1 ? 'city' : 'cities'}`}
      busy={imp.busy}
      onConfirm={() => (count === 0 ? imp.cancel() : void imp.confirm())}
      onClose={imp.cancel}
    >
      {ask && (
        <>
          <p>Nothing is saved until you confirm. Tick the cities to import.</p>
          <ul aria-label="Files to import" className="mt-3 max-h-[55vh] space-y-2 overflow-auto text-sm" tabIndex={0}>
            {ask.lines.map((l) => (
              <li key={l.file} data-file={l.file} className="rounded-lg border border-slate-200 p-3">
                {l.state === 'new' || l.state === 'replaces' ? (
                  <label className="flex items-start gap-2">
                    <input type="checkbox" className="mt-1 h-4 w-4" checked={ask.ticked.has(l.file)} onChange={(e) => imp.tick(l.file, e.target.checked)} />
                    <span>
                      <span className="font-semibold">{l.city}</span> ({l.file}):{' '}
                      {l.state === 'new' ? 'a new city' : `replaces the saved ${l.city}, version ${l.version}`}
                    </span>
                  </label>
                ) : (
                  <p>
                    <span className="font-semibold">{l.city ?? l.file}</span>
                    {l.city && ` (${l.file})`}: {l.state === 'unchanged' ? `the same as the saved version ${l.version}; nothing to import` : 'has errors; it will not be imported'}
                  </p>
                )}
                {l.changes.length > 0 && (
                  <ul aria-label={`What changes in ${l.city}`} className="mt-1 list-disc pl-8 text-slate-700">
                    {l.changes.slice(0, SHOWN_CHANGES).map((c) => (
                      <li key={c.path} className="break-words">
                        {changeText(c)}
                      </li>
                    ))}
                    {l.changes.length > SHOWN_CHANGES && <li>and {l.changes.length - SHOWN_CHANGES} more fields</li>}
                  </ul>
                )}
                {l.errors.length > 0 && <FileErrors file={l.file} errors={l.errors} className="mt-1 list-disc pl-8 text-red-900" />}
              </li>
            ))}
          </ul>
        </>
      )}
    </ConfirmDialog>
  );
}

/** A file's error lines (file, line, field), as the results and the import's dialog list them. */
function FileErrors({ file, errors, className }: { file: string; errors: string[]; className: string }) {
  return (
    <ul aria-label={`Errors in ${file}`} className={className}>
      {errors.map((e, j) => (
        <li key={j} className="break-words">
          {e}
        </li>
      ))}
    </ul>
  );
}
