import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { failureText } from '../api.js';
import { MIN_PASSWORD, type Account, type Role } from '../auth/account.js';
import * as T from '../auth/texts.js';
import type { CitySummary } from '../cities-api.js';
import { FormAlert, FormStatus, SelectField, TextField } from '../form-fields.js';
import { Button } from '../ui.js';
import { CitiesField, citiesProblem, citiesValueOf } from './cities-field.js';
import { isRole, ROLE_HINT, ROLE_OPTIONS } from './role-options.js';
import { changeAccount, citiesOf, type AccountChange } from './staff-api.js';

/** The fields of a change that differ from the account (PATCH sends only those). */
export function changedFields(account: Account, next: Required<Pick<AccountChange, 'name' | 'email' | 'role' | 'cities'>> & { twoStepRequired?: boolean }): AccountChange {
  const out: AccountChange = {};
  if (next.twoStepRequired !== undefined && next.twoStepRequired !== (account.twoStepRequired ?? false)) out.twoStepRequired = next.twoStepRequired;
  if (next.name !== account.name) out.name = next.name;
  if (next.email !== account.email) out.email = next.email;
  if (next.role !== account.role) out.role = next.role;
  if (JSON.stringify(next.cities) !== JSON.stringify(account.cities)) out.cities = next.cities;
  return out;
}

/**
 * Change one account: name, email, role and a front desk's cities; below, a new password for a
 * person who forgot theirs (their sessions end). Its heading takes the focus when it opens.
 */
export function AccountEditor({ account, cities, onSaved, onClose }: { account: Account; cities: CitySummary[]; onSaved: (a: Account) => void; onClose: () => void }) {
  const [name, setName] = useState(account.name);
  const [email, setEmail] = useState(account.email);
  const [role, setRole] = useState<Role>(account.role);
  // A person made a front desk now starts with no city ticked, as a new one does (decision 17).
  const [places, setPlaces] = useState(account.role === 'frontdesk' ? citiesValueOf(account.cities) : { all: false, ticked: [] });
  const [twoStep, setTwoStep] = useState(account.twoStepRequired ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | undefined>(undefined);
  const [done, setDone] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => heading.current?.focus(), [account.id]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = 'Enter the person’s name.';
    if (!email.trim()) problems.email = 'Enter the person’s email address.';
    const cityProblem = citiesProblem(role, places);
    if (cityProblem) problems.cities = cityProblem;
    setErrors(problems);
    setError(undefined);
    setDone(undefined);
    if (Object.keys(problems).length) return;
    const change = changedFields(account, { name: name.trim(), email: email.trim(), role, cities: citiesOf(role, places.all, places.ticked), twoStepRequired: role === 'editor' ? twoStep : undefined });
    if (Object.keys(change).length === 0) return setDone('Nothing to save: no field was changed.');
    setBusy(true);
    const answer = await changeAccount(account.id, change);
    setBusy(false);
    if (answer.ok) {
      setDone(`Saved the changes to ${answer.account.name}.`);
      return onSaved(answer.account);
    }
    if (answer.status === 401) return;
    if (answer.status === 0) return setError(T.notReached);
    setErrors(answer.failure.errors);
    const marked = ['name', 'email', 'role', 'cities'].some((k) => k in answer.failure.errors);
    setError(marked ? 'Not saved: correct the fields marked above.' : failureText(answer.failure) || `Not saved (${answer.status}).`);
  };

  return (
    <section aria-labelledby="account-edit-title" data-testid="account-editor" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="account-edit-title" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900">
          Change {account.name}
        </h2>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      <form onSubmit={submit} noValidate aria-label={`Change ${account.name}`} className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField id="edit-name" label="Name" value={name} onValue={setName} error={errors.name} autoComplete="off" />
        <TextField id="edit-email" label="Email" type="email" value={email} onValue={setEmail} error={errors.email} autoComplete="off" spellCheck={false} />
        <SelectField id="edit-role" label="Role" hint={ROLE_HINT} value={role} onValue={(r) => isRole(r) && setRole(r)} options={ROLE_OPTIONS} error={errors.role} className="sm:col-span-2" />
        {role === 'frontdesk' && (
          <div className="sm:col-span-2">
            <CitiesField id="edit-cities" cities={cities} value={places} onChange={setPlaces} error={errors.cities} />
          </div>
        )}
        {role === 'editor' && (
          <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800 sm:col-span-2">
            <input type="checkbox" checked={twoStep} onChange={(e) => setTwoStep(e.currentTarget.checked)} className="h-5 w-5 shrink-0 accent-brand" />
            Ask for two-step sign-in (owners and front desks always use it)
          </label>
        )}
        <div className="sm:col-span-2">
          <FormAlert text={error} />
          <FormStatus text={done} />
          <Button type="submit" className="mt-2" aria-disabled={busy || undefined}>
            {busy ? 'Saving...' : 'Save changes'}
          </Button>
        </div>
      </form>
      <ResetPassword account={account} onSaved={onSaved} />
    </section>
  );
}

/** A new password set by the owner; the server ends the person's sessions. */
function ResetPassword({ account, onSaved }: { account: Account; onSaved: (a: Account) => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [done, setDone] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError(undefined);
    setDone(undefined);
    if (password.length < MIN_PASSWORD) return setFieldError(`Use at least ${MIN_PASSWORD} characters.`);
    setFieldError(undefined);
    setBusy(true);
    const answer = await changeAccount(account.id, { password });
    setBusy(false);
    if (answer.ok) {
      setPassword('');
      setDone(`${answer.account.name} has a new password and was signed out everywhere. Tell them the password in person or by phone.`);
      return onSaved(answer.account);
    }
    if (answer.status === 401) return;
    if (answer.status === 0) return setError(T.notReached);
    if (answer.failure.errors.password) return setFieldError(answer.failure.errors.password);
    setError(failureText(answer.failure) || `The password was not set (${answer.status}).`);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="reset-password-title" className="mt-6 border-t border-slate-200 pt-4">
      <h3 id="reset-password-title" className="text-base font-semibold text-slate-900">
        Reset password
      </h3>
      <p className="mt-1 text-sm text-slate-600">For a person who forgot theirs. Their sessions end; they sign in with the new one.</p>
      <TextField id="reset-password" label="New password" type="password" value={password} onValue={setPassword} hint={T.passwordHint} error={fieldError} autoComplete="new-password" className="mt-3" />
      <FormAlert text={error} />
      <FormStatus text={done} />
      <Button type="submit" variant="secondary" className="mt-3" aria-disabled={busy || undefined}>
        {busy ? 'Setting...' : 'Set new password'}
      </Button>
    </form>
  );
}
