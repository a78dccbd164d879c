import { useState, type FormEvent } from 'react';
import { failureText } from '../api.js';
import { MIN_PASSWORD, type Account, type Role } from '../auth/account.js';
import * as T from '../auth/texts.js';
import type { CitySummary } from '../cities-api.js';
import { FormAlert, FormStatus, SelectField, TextField } from '../form-fields.js';
import { Button, Card } from '../ui.js';
import { CitiesField, citiesProblem, type CitiesValue } from './cities-field.js';
import { isRole, ROLE_HINT, ROLE_OPTIONS } from './role-options.js';
import { addAccount, citiesOf } from './staff-api.js';

// A front desk's cities start with none: the owner ticks them, or chooses All cities on purpose (decision 17).
const EMPTY = { name: '', email: '', role: 'frontdesk' as Role, cities: { all: false, ticked: [] } as CitiesValue, password: '' };

/**
 * Add a person: name, email, role, a front desk's cities (none until ticked, or All cities chosen)
 * and a first password, which the owner tells the person; it works once, and they choose their own
 * at their first sign-in.
 */
export function AddPerson({ cities, onAdded }: { cities: CitySummary[]; onAdded: (account: Account) => void }) {
  const [v, setV] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | undefined>(undefined);
  const [done, setDone] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof EMPTY>(key: K) => (value: (typeof EMPTY)[K]) => setV((old) => ({ ...old, [key]: value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const problems: Record<string, string> = {};
    if (!v.name.trim()) problems.name = 'Enter the person’s name.';
    if (!v.email.trim()) problems.email = 'Enter the person’s email address.';
    if (v.password.length < MIN_PASSWORD) problems.password = `Use at least ${MIN_PASSWORD} characters.`;
    const cityProblem = citiesProblem(v.role, v.cities);
    if (cityProblem) problems.cities = cityProblem;
    setErrors(problems);
    setError(undefined);
    setDone(undefined);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const answer = await addAccount({ name: v.name.trim(), email: v.email.trim(), role: v.role, cities: citiesOf(v.role, v.cities.all, v.cities.ticked), password: v.password });
    setBusy(false);
    if (answer.ok) {
      setV(EMPTY);
      setDone(`${answer.account.name} was added. Tell them their first password in person or by phone: it works once, and they choose their own when they first sign in.`);
      return onAdded(answer.account);
    }
    if (answer.status === 401) return;
    if (answer.status === 0) return setError(T.notReached);
    setErrors(answer.failure.errors);
    const marked = ['name', 'email', 'role', 'cities', 'password'].some((k) => k in answer.failure.errors);
    setError(marked ? 'Not added: correct the fields marked above.' : failureText(answer.failure) || `Not added (${answer.status}).`);
  };

  return (
    <Card id="add-person" title="Add a person">
      <form onSubmit={submit} noValidate aria-label="Add a person" className="grid gap-4 sm:grid-cols-2">
        <TextField id="add-name" label="Name" value={v.name} onValue={set('name')} error={errors.name} autoComplete="off" />
        <TextField id="add-email" label="Email" type="email" value={v.email} onValue={set('email')} error={errors.email} autoComplete="off" spellCheck={false} />
        <SelectField
          id="add-role"
          label="Role"
          hint={ROLE_HINT}
          value={v.role}
          onValue={(r) => isRole(r) && set('role')(r)}
          options={ROLE_OPTIONS}
          error={errors.role}
          className="sm:col-span-2"
        />
        {v.role === 'frontdesk' && (
          <div className="sm:col-span-2">
            <CitiesField id="add-cities" cities={cities} value={v.cities} onChange={set('cities')} error={errors.cities} />
          </div>
        )}
        <TextField id="add-password" label="First password" type="password" value={v.password} onValue={set('password')} hint={T.passwordHint} error={errors.password} autoComplete="new-password" className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <FormAlert text={error} />
          <FormStatus text={done} />
          <Button type="submit" className="mt-2" aria-disabled={busy || undefined}>
            {busy ? 'Adding...' : 'Add this person'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
