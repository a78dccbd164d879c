import { useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { logoUploadFailed, logoUploadRejected } from '../../texts/admin.js';
import type { ResponseOf } from '../../contract/route.js';
import { uploadLogo } from '../../contract/site.js';
import { fetchRoute, parseJson, readFailure } from '../api.js';
import { shownLogo, type AdminForm } from '../form.js';
import { NoticeArea, useNotice } from '../notice.js';
import { Button, errorAt } from '../ui.js';

/** Which logo a picker sets, and the words and ids it uses for it. */
export interface LogoSlot {
  name: 'logoUrl' | 'logoLightUrl';
  /** The file input's id; its hint, error and notice ids derive from it. */
  id: string;
  label: string;
  help: string;
  /** What the alt text, the busy line and the Remove button call it ("logo"). */
  what: string;
  testId: string;
  /** Shown on the dark footer's colour, so a light logo is visible. */
  dark?: boolean;
}

/**
 * One logo upload: its thumbnail (or its path, for a file beside a YAML config, which the admin
 * does not serve), the file input, the server's refusal in an alert notice (spec section 8's
 * words) and the field's error from a generate or save (an upload that is gone, for example).
 * The server checks the type by content and the 5MB limit (the client does not, spec section 5).
 */
export function LogoPicker({ form, slot }: { form: UseFormReturn<AdminForm>; slot: LogoSlot }) {
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const url = form.watch(slot.name);
  const error = errorAt(form.formState.errors, slot.name);
  const { notice, show, clear } = useNotice();
  // A picture named by a path this server has no file for: said, with the path, not a broken image.
  const [missing, setMissing] = useState<string | undefined>(undefined);

  const upload = async () => {
    const file = input.current?.files?.[0];
    if (!file) return;
    setUploading(true);
    clear();
    try {
      const body = new FormData();
      body.append('logo', file);
      const res = await fetchRoute(uploadLogo, { body });
      const text = await res.text();
      const json = parseJson(text);
      const done = json as Partial<ResponseOf<typeof uploadLogo>> | undefined;
      if (res.ok && done?.success === true && typeof done.logoUrl === 'string') {
        form.setValue(slot.name, done.logoUrl, { shouldDirty: true });
        form.clearErrors(slot.name);
      } else {
        const said = readFailure(json);
        show(logoUploadRejected(said.message ?? said.error ?? `${res.status}: ${text || res.statusText}`).title, 'error');
      }
    } catch (err) {
      console.error(err);
      show(logoUploadFailed.title, 'error');
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  const described = [`${slot.id}-help`, error ? `${slot.id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className={`flex h-20 w-40 shrink-0 items-center justify-center rounded-lg border border-dashed ${slot.dark ? 'border-slate-600 bg-slate-900' : 'border-slate-300 bg-slate-50'}`}>
        {shownLogo(url) && missing !== url ? (
          <img src={shownLogo(url)} alt={`Uploaded ${slot.what}`} className="max-h-16 max-w-36" onError={() => setMissing(url)} />
        ) : url ? (
          <span className={`px-2 text-center text-xs break-all ${slot.dark ? 'text-slate-100' : 'text-slate-700'}`}>
            {missing === url ? 'No picture at ' : 'File beside the config: '}
            <code>{url}</code>
          </span>
        ) : (
          <span className={`text-sm ${slot.dark ? 'text-slate-200' : 'text-slate-600'}`}>No {slot.what}</span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={slot.id} className="mb-1 block text-sm font-medium text-slate-800">
          {slot.label}
        </label>
        <input
          ref={input}
          id={slot.id}
          type="file"
          accept="image/jpeg,image/png,image/gif,image/svg+xml"
          disabled={uploading}
          onChange={upload}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-dark disabled:opacity-60"
        />
        <p id={`${slot.id}-help`} className="mt-1 text-sm text-slate-600">
          {slot.help}
        </p>
        {error && (
          <p id={`${slot.id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
        <p role="status" className="mt-1 text-sm font-medium text-brand">
          {uploading ? `Uploading ${slot.what}...` : ''}
        </p>
        <NoticeArea notice={notice} testId={slot.testId} />
        {url && !uploading && (
          <Button variant="ghost" className="mt-1 px-2" onClick={() => form.setValue(slot.name, '', { shouldDirty: true })}>
            Remove {slot.what}
          </Button>
        )}
      </div>
    </div>
  );
}
