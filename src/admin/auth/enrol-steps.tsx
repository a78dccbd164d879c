import { useState, type FormEvent } from 'react';
import { saveBlob } from '../api.js';
import { FormAlert, FormStatus, TextField } from '../form-fields.js';
import { Button } from '../ui.js';
import { groupSecret, svgDataUrl } from './code.js';
import type { Enrol, EnrolPhase } from './use-enrol.js';

/** Step 1: add the account to an authenticator app (QR code or key), then type its code to confirm. */
export function ScanStep({ enrol, phase }: { enrol: Enrol; phase: Extract<EnrolPhase, { name: 'scan' }> }) {
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void enrol.confirm(code);
  };
  return (
    <div className="grid gap-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Open an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator, 1Password or Aegis).</li>
        <li>Scan the QR code, or enter the key below by hand.</li>
        <li>Type the 6-digit code the app then shows.</li>
      </ol>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <img
          src={svgDataUrl(phase.qrSvg)}
          alt="QR code to add this account to an authenticator app; the key beside it holds the same."
          width={192}
          height={192}
          className="h-48 w-48 shrink-0 rounded-lg border border-slate-200 bg-white p-2"
        />
        <div className="min-w-0 text-sm">
          <dl>
            <dt className="font-medium text-slate-800">Key, to type into the app</dt>
            <dd className="mt-1 font-mono text-base tracking-wide break-words text-slate-900" data-testid="enrol-secret">
              {groupSecret(phase.secret)}
            </dd>
          </dl>
          <p className="mt-1 text-slate-600">Spaces do not matter. Choose a time-based key if the app asks.</p>
          <p className="mt-3">
            <a href={phase.uri} className="font-semibold text-brand underline">
              Open in an authenticator app on this device
            </a>
          </p>
        </div>
      </div>
      <form onSubmit={submit} noValidate aria-label="Confirm two-step sign-in" className="grid gap-3">
        <TextField
          id="enrol-code"
          label="Code from the app"
          hint="6 digits."
          value={code}
          onValue={setCode}
          error={enrol.codeError}
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]*"
          maxLength={7}
          className="max-w-48"
        />
        <FormAlert text={enrol.error} />
        <div>
          <Button type="submit" aria-disabled={enrol.busy || undefined}>
            {enrol.busy ? 'Checking...' : 'Turn on two-step sign-in'}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** Step 2: the ten recovery codes, shown once; copy or download them, then say they are saved. */
export function CodesStep({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const [copied, setCopied] = useState<{ ok: boolean; text: string } | undefined>(undefined);
  const text = `Clinic Website Generator recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied({ ok: true, text: 'The codes are copied.' });
    } catch (err) {
      console.error(err);
      setCopied({ ok: false, text: 'This browser did not allow copying: select the codes and copy them, or download them.' });
    }
  };
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700">
        If you lose your phone, each of these codes signs you in once instead of the app. Keep them somewhere safe, such as a password manager.{' '}
        <strong className="font-semibold text-slate-900">They will not be shown again.</strong>
      </p>
      <ol aria-label="Recovery codes" data-testid="recovery-codes" className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 p-4 font-mono text-base text-slate-900 sm:grid-cols-2">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={copy}>
          Copy codes
        </Button>
        <Button variant="secondary" onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'clinic-gen-recovery-codes.txt')}>
          Download codes
        </Button>
        <Button onClick={onSaved}>I have saved these codes</Button>
      </div>
      <FormStatus text={copied?.ok ? copied.text : undefined} />
      <FormAlert text={copied && !copied.ok ? copied.text : undefined} />
    </div>
  );
}
