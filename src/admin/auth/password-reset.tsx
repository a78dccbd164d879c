import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { completeReset, requestReset, resetOffered, RESET_LINK_FRAGMENT, RESET_LINK_MINUTES } from '../../contract/password-reset.js';
import { callRoute, failureText } from '../api.js';
import { FormAlert, TextField } from '../form-fields.js';
import { Button } from '../ui.js';
import { ViewPage } from '../view-page.js';
import { passwordProblems } from './account.js';
import * as T from './texts.js';

/**
 * Forgot password (issue 37 item 9), on the sign-in page: "Forgot password?" when the server sends
 * mail (GET /api/password-reset says), else how to ask an owner; the page that asks for a link
 * (`#forgot-password`); and the page a link opens (`#reset-password/<token>`), "Choose a new
 * password". The token is taken out of the address as the page opens, so it stays in neither the
 * address bar nor the history; after the change the sign-in page says to sign in with it.
 */

const FORGOT_HASH = '#forgot-password';
export const RESET_HASH = `#${RESET_LINK_FRAGMENT}`;
const linkClass = 'font-semibold text-brand underline';

type Step = { view: 'sign-in'; notice?: string } | { view: 'forgot' } | { view: 'choose'; token: string };

/** The step an address names. */
function stepOf(hash: string): Step {
  if (hash.startsWith(RESET_HASH)) return { view: 'choose', token: hash.slice(RESET_HASH.length) };
  return hash === FORGOT_HASH ? { view: 'forgot' } : { view: 'sign-in' };
}

/** The address without its fragment, as the sign-in page's own. */
const bare = () => location.pathname + location.search;

/**
 * What the sign-in page shows of password recovery: `page` in its place (asking for a link,
 * choosing a new password), else `help` under its form and, after a reset, its `notice`.
 */
export function usePasswordRecovery(): { page?: ReactNode; help: ReactNode; notice?: string } {
  const [step, setStep] = useState<Step>(() => stepOf(location.hash));
  const [byEmail, setByEmail] = useState<boolean | undefined>(undefined);

  /** The fragment last followed: a navigation fires popstate and hashchange both, and the second must not undo the first. */
  const followed = useRef(location.hash);
  // A layout effect: the token leaves the address in the same task as the page that holds it is
  // shown, never a frame later (a passive effect ran after paint, so the link showed meanwhile).
  useLayoutEffect(() => {
    // A reset link's token leaves the address bar and the history at once: the page's state holds it.
    const forget = () => {
      if (location.hash.startsWith(RESET_HASH)) history.replaceState(history.state, '', bare());
      followed.current = location.hash;
    };
    forget();
    const follow = () => {
      if (location.hash === followed.current) return;
      setStep(stepOf(location.hash));
      forget();
    };
    addEventListener('hashchange', follow);
    addEventListener('popstate', follow);
    return () => {
      removeEventListener('hashchange', follow);
      removeEventListener('popstate', follow);
    };
  }, []);

  useEffect(() => {
    let live = true;
    // A server that cannot say (down, older) offers no link: the page says to ask an owner.
    void callRoute(resetOffered).then((a) => live && setByEmail(a.ok && a.byEmail));
    return () => {
      live = false;
    };
  }, []);

  const toSignIn = useCallback((notice?: string) => {
    if (location.hash) history.pushState(null, '', bare());
    followed.current = location.hash;
    setStep({ view: 'sign-in', notice });
  }, []);
  const back = useCallback(
    (e: MouseEvent) => {
      e.preventDefault();
      toSignIn();
    },
    [toSignIn],
  );

  if (step.view === 'forgot') return { page: <ForgotPage onBack={back} />, help: null };
  if (step.view === 'choose') return { page: <ChoosePage token={step.token} onBack={back} onDone={() => toSignIn(PASSWORD_CHANGED)} />, help: null };
  const help =
    byEmail === undefined ? null : byEmail ? (
      <p className="mt-4 text-sm">
        <a href={FORGOT_HASH} className={linkClass}>
          Forgot password?
        </a>
      </p>
    ) : (
      <p className="mt-4 text-sm text-slate-700" data-testid="ask-owner">
        Forgot your password? Ask an owner of the clinic to set a new one for you, in Staff, or on the server with{' '}
        <code className="rounded bg-slate-100 px-1 break-all">clinic-gen users reset-password &lt;your email&gt;</code>.
      </p>
    );
  return { help, notice: step.notice };
}

const PASSWORD_CHANGED = 'Your password is changed. Sign in with your new password.';

function BackLink({ onBack }: { onBack: (e: MouseEvent) => void }) {
  return (
    <p className="mt-4 text-sm">
      <a href={bare()} onClick={onBack} className={linkClass}>
        Back to sign in
      </a>
    </p>
  );
}

/** Asks for a link; the answer is the same whatever the email, so the page says what happens if it is an account's. */
function ForgotPage({ onBack }: { onBack: (e: MouseEvent) => void }) {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | undefined>(undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError(undefined);
    if (!email.trim()) return setErrors({ email: 'Enter your email address.' });
    setErrors({});
    setBusy(true);
    const answer = await callRoute(requestReset, { body: { email: email.trim() } });
    setBusy(false);
    if (answer.ok) return setSentTo(email.trim());
    if (answer.status === 0) return setError(T.notReached);
    setErrors(answer.failure.errors);
    setError(failureText(answer.failure) || `No link was sent (${answer.status}).`);
  };

  if (sentTo !== undefined) {
    return (
      <ViewPage title="Check your email" narrow>
        <p className="text-sm text-slate-700">
          If an account signs in with <strong className="break-all">{sentTo}</strong>, a link to choose a new password is on its way to that address. It works once,
          within {RESET_LINK_MINUTES} minutes.
        </p>
        <p className="mt-3 text-sm text-slate-700">Nothing after a few minutes? Look in the spam folder, check the address and ask again, or ask an owner of the clinic.</p>
        <BackLink onBack={onBack} />
      </ViewPage>
    );
  }
  return (
    <ViewPage title="Forgot password" lead={`Enter the email address you sign in with. A link to choose a new password is sent to it; the link works once, within ${RESET_LINK_MINUTES} minutes.`} narrow>
      <form onSubmit={submit} noValidate aria-label="Forgot password" className="grid gap-4">
        <TextField id="forgot-email" label="Email" value={email} onValue={setEmail} error={errors.email} autoComplete="username" inputMode="email" autoCapitalize="none" spellCheck={false} />
        <FormAlert text={error} />
        <div>
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? 'Sending...' : 'Send link'}
          </Button>
        </div>
      </form>
      <BackLink onBack={onBack} />
    </ViewPage>
  );
}

/** Where a link lands: the new password twice. A used or expired link says so and offers a new one. */
function ChoosePage({ token, onBack, onDone }: { token: string; onBack: (e: MouseEvent) => void; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | undefined>(undefined);
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problems = passwordProblems(password, confirm);
    setErrors(problems);
    setError(undefined);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const answer = await callRoute(completeReset, { body: { token, password } });
    setBusy(false);
    if (answer.ok) return onDone();
    if (answer.status === 0) return setError(T.notReached);
    setStale(answer.status === 410);
    setErrors(answer.failure.errors);
    const marked = 'password' in answer.failure.errors;
    setError(marked ? 'The password was not changed: correct the field marked above.' : failureText(answer.failure) || `The password was not changed (${answer.status}).`);
  };

  return (
    <ViewPage
      title="Choose a new password"
      lead="Only your password changes: if your account uses two-step sign-in, you are still asked for your code. Every place your account is signed in is signed out."
      narrow
    >
      <form onSubmit={submit} noValidate aria-label="Choose a new password" className="grid gap-4">
        <TextField id="reset-new" label="New password" type="password" value={password} onValue={setPassword} hint={T.passwordHint} error={errors.password} autoComplete="new-password" />
        <TextField id="reset-confirm" label="Confirm new password" type="password" value={confirm} onValue={setConfirm} error={errors.confirm} autoComplete="new-password" />
        <FormAlert text={error} />
        {stale && (
          <p className="text-sm">
            <a href={FORGOT_HASH} className={linkClass}>
              Ask for a new link
            </a>
          </p>
        )}
        <div>
          <Button type="submit" aria-disabled={busy || undefined}>
            {busy ? 'Saving...' : 'Save new password'}
          </Button>
        </div>
      </form>
      <BackLink onBack={onBack} />
    </ViewPage>
  );
}
