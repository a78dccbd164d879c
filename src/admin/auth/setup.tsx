import { useState, type FormEvent } from 'react';
import { EMAIL_ADDRESS } from '../../config/email-address.js';
import { failureText } from '../api.js';
import { FormAlert, TextField } from '../form-fields.js';
import { Button } from '../ui.js';
import { ViewPage } from '../view-page.js';
import { passwordProblems, type Account, type Stage } from './account.js';
import { createOwner } from './auth-api.js';
import * as T from './texts.js';

/**
 * The first visit to a server without accounts (decision 017: from this computer only): creates
 * the owner, who then sets up two-step sign-in.
 */
export function SetupPage({ onCreated }: { onCreated: (stage: Stage, account: Account) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problems = passwordProblems(password, confirm);
    if (!name.trim()) problems.name = 'Enter your name.';
    if (!email.trim()) problems.email = 'Enter your email address.';
    // The server's test, here too: every field's problem is said at once.
    else if (!EMAIL_ADDRESS.test(email.trim())) problems.email = 'Enter an email address like name@example.com.';
    setErrors(problems);
    setError(undefined);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const answer = await createOwner({ name: name.trim(), email: email.trim(), password });
    setBusy(false);
    if (answer.ok) return onCreated(answer.stage, answer.account);
    if (answer.status === 0) return setError(T.notReached);
    setErrors(answer.failure.errors);
    const marked = ['name', 'email', 'password'].some((k) => k in answer.failure.errors);
    setError(marked ? 'The owner was not created: correct the fields marked above.' : failureText(answer.failure) || `The owner was not created (${answer.status}).`);
  };

  return (
    <ViewPage
      title="Create the owner account"
      lead="No one can sign in to this admin yet. The owner manages the cities, the staff accounts and the audit trail; next you will set up two-step sign-in."
      narrow
    >
      <form onSubmit={submit} noValidate aria-label="Create the owner account" className="grid gap-4">
        <TextField id="setup-name" label="Your name" value={name} onValue={setName} error={errors.name} autoComplete="name" />
        <TextField id="setup-email" label="Email" type="email" value={email} onValue={setEmail} error={errors.email} autoComplete="username" spellCheck={false} />
        <TextField id="setup-password" label="Password" type="password" value={password} onValue={setPassword} hint={T.passwordHint} error={errors.password} autoComplete="new-password" />
        <TextField id="setup-confirm" label="Confirm password" type="password" value={confirm} onValue={setConfirm} error={errors.confirm} autoComplete="new-password" />
        <FormAlert text={error} />
        <div>
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? 'Creating...' : 'Create the owner account'}
          </Button>
        </div>
      </form>
    </ViewPage>
  );
}
