import { useRef, useState } from 'react';
import * as M from '../../texts/admin.js';
import { importFiles, type Imported, type ImportFailure } from '../cities-api.js';
import { sentence } from '../notice.js';

/** The server's limits (docs/decisions/012-stored-cities.md): larger files are refused here, before sending them. */
const MAX_FILE_BYTES = 256 * 1024;
const MAX_FILES = 50;

export interface ImportOutcome {
  imported: Imported[];
  failed: ImportFailure[];
  /** Why the whole request failed (network, a refusal without a per-file list). */
  error?: string;
}

/** Reads the chosen files in the browser and posts them as JSON; files over the limit are refused here. */
export async function importChosen(chosen: File[]): Promise<ImportOutcome> {
  const failed: ImportFailure[] = [];
  const files: { name: string; text: string }[] = [];
  for (const [i, file] of chosen.entries()) {
    if (i >= MAX_FILES) failed.push({ file: file.name, errors: [`${file.name}: more than ${MAX_FILES} files chosen; import it in another batch`] });
    else if (file.size > MAX_FILE_BYTES) failed.push({ file: file.name, errors: [M.importTooLargeToSend(file.name, '256 KB').title] });
    else files.push({ name: file.name, text: await file.text() });
  }
  if (files.length === 0) return { imported: [], failed };
  const answer = await importFiles(files);
  if (answer.ok) return { imported: answer.imported, failed };
  const body = answer.body ?? {};
  const serverFailed = Array.isArray(body.failed) ? (body.failed as ImportFailure[]) : [];
  const imported = Array.isArray(body.imported) ? (body.imported as Imported[]) : [];
  const error = serverFailed.length ? undefined : (answer.failure.message ?? answer.failure.error);
  return { imported, failed: [...failed, ...serverFailed], error };
}

/**
 * Import YAML: one or many files, each validated on the server; a file with errors saves nothing
 * and its errors are listed by file, line and field. The button and the results sit in different
 * places of the list view, so the state lives in this hook.
 */
export function useImport(onImported: () => void) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | undefined>(undefined);

  const chosen = async () => {
    const files = [...(input.current?.files ?? [])];
    if (files.length === 0 || busy) return;
    setBusy(true);
    setOutcome(undefined);
    try {
      const result = await importChosen(files);
      setOutcome(result);
      if (result.imported.length) onImported();
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return { input, busy, outcome, chosen };
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
      <div role="status" data-testid="import-summary" className="text-sm">
        {summary && <p className={`mt-3 font-semibold ${bad ? 'text-red-800' : 'text-green-800'}`}>{summary}</p>}
      </div>
      {outcome && outcome.failed.length > 0 && (
        <ul aria-label="Import errors" className="mt-2 space-y-2 text-sm">
          {outcome.failed.map((f, i) => (
            <li key={i} className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
              <p className="font-semibold break-all">{f.file}</p>
              <ul aria-label={`Errors in ${f.file}`} className="mt-1 list-disc pl-5">
                {f.errors.map((e, j) => (
                  <li key={j} className="break-words">
                    {e}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
