import { useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { logoUploadFailed, logoUploadRejected } from '../../messages/admin.js';
import { parseJson, readFailure } from '../api.js';
import type { AdminForm } from '../form.js';
import { NoticeArea, useNotice } from '../notice.js';
import { Button, Card } from '../ui.js';

/**
 * Logo Upload. The server checks the type by content and the 5MB limit (the client does not,
 * spec section 5); its answer's message goes into the card's alert notice (spec section 8's words).
 * While uploading, the input is disabled and says so.
 */
export function LogoUpload({ form }: { form: UseFormReturn<AdminForm> }) {
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const logoUrl = form.watch('logoUrl');
  const { notice, show, clear } = useNotice();

  const upload = async () => {
    const file = input.current?.files?.[0];
    if (!file) return;
    setUploading(true);
    clear();
    try {
      const body = new FormData();
      body.append('logo', file);
      const res = await fetch('/api/upload-logo', { method: 'POST', body, credentials: 'include' });
      const text = await res.text();
      const json = parseJson(text);
      if (res.ok && json?.success === true && typeof json.logoUrl === 'string') {
        form.setValue('logoUrl', json.logoUrl, { shouldDirty: true });
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

  return (
    <Card id="logo" title="Logo Upload" lead="Shown in the header of every page.">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex h-20 w-40 shrink-0 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50">
          {logoUrl ? <img src={logoUrl} alt="Uploaded logo" className="max-h-16 max-w-36" /> : <span className="text-sm text-slate-600">No logo</span>}
        </div>
        <div className="min-w-0 flex-1">
          <label htmlFor="logo-file" className="mb-1 block text-sm font-medium text-slate-800">
            Logo file
          </label>
          <input
            ref={input}
            id="logo-file"
            type="file"
            accept="image/jpeg,image/png,image/gif,image/svg+xml"
            disabled={uploading}
            onChange={upload}
            aria-describedby="logo-help"
            className="block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-dark disabled:opacity-60"
          />
          <p id="logo-help" className="mt-1 text-sm text-slate-600">
            JPG, PNG, GIF, SVG, max 5MB
          </p>
          <p role="status" className="mt-1 text-sm font-medium text-brand">
            {uploading ? 'Uploading logo...' : ''}
          </p>
          <NoticeArea notice={notice} testId="logo-notice" />
          {logoUrl && !uploading && (
            <Button variant="ghost" className="mt-1 px-2" onClick={() => form.setValue('logoUrl', '', { shouldDirty: true })}>
              Remove logo
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
