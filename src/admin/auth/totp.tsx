import { useLayoutEffect, useState, type FormEvent } from 'react';
import { failureText } from '../api.js';
import { FormAlert, TextField } from '../form-fields.js';
import { Button } from '../ui.js';
import { ViewPage } from '../view-page.js';
import type { Account, Stage } from './account.js';
import { submitCode } from './auth-api.js';
import { appCode } from './code.js';
import * as T from './texts.js';

/**
 * The second step of signing in: the six digits of the authenticator app, or one of the recovery
 * codes (each works once; the admin then says how many are left). Cancel ends the half-made session.
 */
export function TotpPage({ email, onSignedIn, onCancel }: { email: string; onSignedIn: (stage: Stage, account: Account, recoveryCodesLeft?: number) => void; onCancel: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const id = recovery ? 'totp-recovery' : 'totp-code';

  // The code's field has the focus from the start (the page asks for nothing else: typing the code
  // straight away works), and after "Use a recovery code" (and back) the new field takes it.
  useLayoutEffect(() => {
    document.getElementById(id)?.focus();
  }, [id]);

  const toggle = () => {
    setRecovery((r) => !r);
    setCode('');
    setFieldError(undefined);
    setError(undefined);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError(undefined);
    const sent = recovery ? code.trim() : appCode(code);
    if (!sent) return setFieldError(recovery ? 'Enter one of your recovery codes.' : 'Enter the 6 digits your app shows.');
    setFieldError(undefined);
    setBusy(true);
    const answer = await submitCode(sent);
    setBusy(false);
    if (answer.ok) return onSignedIn(answer.stage, answer.account, recovery ? answer.recoveryCodesLeft : undefined);
    if (answer.status === 0) return setError(T.notReached);
    if (answer.status === 401) return setFieldError(answer.failure.errors.code ?? (failureText(answer.failure) || 'That code is not right.'));
    setError(failureText(answer.failure) || `Not signed in (${answer.status}).`);
  };

  return (
    <ViewPage focus={false} title="Two-step sign-in" lead={recovery ? 'Enter one of the recovery codes you saved when you set up two-step sign-in.' : `Enter the 6-digit code your authenticator app shows for ${email}.`} narrow>
      <form onSubmit={submit} noValidate aria-label="Two-step sign-in" className="grid gap-4">
        {recovery ? (
          <TextField
            key="recovery"
            id="totp-recovery"
            label="Recovery code"
            hint="Each recovery code works once."
            value={code}
            onValue={setCode}
            error={fieldError}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
        ) : (
          <TextField
            key="app"
            id="totp-code"
            label="Code from your authenticator app"
            hint="6 digits; a new code shows every 30 seconds."
            value={code}
            onValue={setCode}
            error={fieldError}
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9 ]*"
            maxLength={7}
            className="max-w-48"
          />
        )}
        <FormAlert text={error} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? 'Checking...' : 'Continue'}
          </Button>
          <Button variant="ghost" onClick={toggle}>
            {recovery ? 'Use a code from the app' : 'Use a recovery code'}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel and sign out
          </Button>
        </div>
      </form>
    </ViewPage>
  );
}
