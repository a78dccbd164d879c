import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { failureText } from '../api.js';
import { FormAlert, TextField } from '../form-fields.js';
import { Button } from '../ui.js';
import { ViewPage } from '../view-page.js';
import { thenSentence, type Account, type Stage } from './account.js';
import { signIn } from './auth-api.js';
import { usePasswordRecovery } from './password-reset.js';
import * as T from './texts.js';

const TIME = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/**
 * Sign in: email and password. The sign-in name is an email, except for an owner carried over
 * from the single-password release, whose name is `admin` (decision 017), so the field is text
 * with an email keyboard rather than type=email. `notice` says why the person is here (signed
 * out while idle, a session that ended); the focus goes to it, or else to the first field.
 */
export function SignInPage({ notice, onSignedIn }: { notice?: string; onSignedIn: (stage: Stage, account: Account) => void }) {
  // Forgot password (password-reset.tsx): its pages in this one's place, or its link under the form.
  const recovery = usePasswordRecovery();
  return recovery.page ?? <SignInForm notice={recovery.notice ?? notice} help={recovery.help} onSignedIn={onSignedIn} />;
}

function SignInForm({ notice, help, onSignedIn }: { notice?: string; help: ReactNode; onSignedIn: (stage: Stage, account: Account) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  useLayoutEffect(() => {
    if (noticeRef.current) noticeRef.current.focus();
    else document.getElementById('signin-email')?.focus();
  }, [notice]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const missing: Record<string, string> = {};
    if (!email.trim()) missing.email = 'Enter your email address.';
    if (!password) missing.password = 'Enter your password.';
    setErrors(missing);
    setError(undefined);
    if (Object.keys(missing).length) return;
    setBusy(true);
    const answer = await signIn({ email: email.trim(), password });
    setBusy(false);
    if (answer.ok) return onSignedIn(answer.stage, answer.account);
    if (answer.status === 0) return setError(T.notReached);
    setErrors(answer.failure.errors);
    const wait = answer.retryAfter ? ` ${T.tryAgainAt(TIME.format(Date.now() + answer.retryAfter * 1000))}` : '';
    setError(thenSentence(failureText(answer.failure) || `Not signed in (${answer.status}).`, wait));
  };

  return (
    <ViewPage title="Sign in" lead="Sign in with the email and password of your staff account." narrow focus={false}>
      <div role="status">
        {notice && (
          <p ref={noticeRef} tabIndex={-1} data-testid="signin-notice" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-950">
            {notice}
          </p>
        )}
      </div>
      <form onSubmit={submit} noValidate aria-label="Sign in" className="grid gap-4">
        <TextField
          id="signin-email"
          label="Email"
          value={email}
          onValue={setEmail}
          error={errors.email}
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
        />
        <TextField id="signin-password" label="Password" type="password" value={password} onValue={setPassword} error={errors.password} autoComplete="current-password" />
        <FormAlert text={error} />
        <div>
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? 'Signing in...' : 'Sign in'}
          </Button>
        </div>
      </form>
      {help}
    </ViewPage>
  );
}
