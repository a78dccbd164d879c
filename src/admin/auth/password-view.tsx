import { useState, type FormEvent } from 'react';
import { failureText } from '../api.js';
import { FormAlert, FormStatus, TextField } from '../form-fields.js';
import { Button } from '../ui.js';
import { ViewPage } from '../view-page.js';
import { passwordProblems } from './account.js';
import { changePassword } from './auth-api.js';
import * as T from './texts.js';

/**
 * Account > Change password: the current one, the new one twice. The server ends the account's
 * other sessions. With `first`, the step after signing in with a password an owner set: nothing
 * else answers until the person chose their own (NOTES.md decision 17); `onDone` then opens the admin.
 */
export function PasswordView({ first = false, onDone }: { first?: boolean; onDone?: () => void } = {}) {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | undefined>(undefined);
  const [done, setDone] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problems = passwordProblems(password, confirm);
    if (!current) problems.current = 'Enter your current password.';
    setErrors(problems);
    setError(undefined);
    setDone(undefined);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const answer = await changePassword({ current, password });
    setBusy(false);
    if (answer.ok) {
      if (onDone) return onDone();
      setCurrent('');
      setPassword('');
      setConfirm('');
      return setDone('Password changed. Any other session of your account has been signed out.');
    }
    if (answer.status === 401) return; // the session is gone: the sign-in page takes over
    if (answer.status === 0) return setError(T.notReached);
    setErrors(answer.failure.errors);
    const marked = ['current', 'password'].some((k) => k in answer.failure.errors);
    setError(marked ? 'The password was not changed: correct the fields marked above.' : failureText(answer.failure) || `The password was not changed (${answer.status}).`);
  };

  return (
    <ViewPage
      title={first ? 'Choose your own password' : 'Change password'}
      lead={first ? 'The password you were given works for this first sign-in only. Choose one that only you know.' : 'Changing it signs out your account everywhere else.'}
      narrow
    >
      <form onSubmit={submit} noValidate aria-label={first ? 'Choose your own password' : 'Change password'} className="grid gap-4">
        <TextField id="pw-current" label={first ? 'Password you were given' : 'Current password'} type="password" value={current} onValue={setCurrent} error={errors.current} autoComplete="current-password" />
        <TextField id="pw-new" label="New password" type="password" value={password} onValue={setPassword} hint={T.passwordHint} error={errors.password} autoComplete="new-password" />
        <TextField id="pw-confirm" label="Confirm new password" type="password" value={confirm} onValue={setConfirm} error={errors.confirm} autoComplete="new-password" />
        <FormAlert text={error} />
        <FormStatus text={done} />
        <div>
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? 'Saving...' : first ? 'Save my password' : 'Change password'}
          </Button>
        </div>
      </form>
    </ViewPage>
  );
}
