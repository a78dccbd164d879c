import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { failureText } from '../api.js';
import { ROLE_LABELS, type Role } from '../auth/account.js';
import * as T from '../auth/texts.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { FormAlert, FormStatus, SelectField, TextField } from '../form-fields.js';
import { formatDate } from '../format.js';
import { Button, Card, inputClass } from '../ui.js';
import { isRole, ROLE_OPTIONS } from './role-options.js';
import { citiesLabel, citiesOf, createToken, revokeToken, type ApiToken } from './staff-api.js';
import { CitiesField, citiesProblem, type CitiesValue } from './cities-field.js';
import type { CitySummary } from '../cities-api.js';

const th = 'py-2 pr-4 font-medium';
const td = 'py-2 pr-4 align-top';
const when = (iso: string | null, none: string) => (iso ? <time dateTime={iso}>{formatDate(iso)}</time> : none);

/**
 * API tokens for scripts (`Authorization: Bearer cgt_...`): each with a role, listed with who made
 * it and when it was last used; Create shows the secret once; Revoke asks first.
 */
export function Tokens({ tokens, names, cities, reload }: { tokens: ApiToken[]; names: Map<string, string>; cities: CitySummary[]; reload: () => Promise<void> }) {
  const [revoking, setRevoking] = useState<ApiToken | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState<string | undefined>(undefined);
  const cityNames = new Map(cities.map((c) => [c.slug, c.city]));

  const revoke = async () => {
    if (!revoking || busy) return;
    setBusy(true);
    setError(undefined);
    const answer = await revokeToken(revoking.id);
    setBusy(false);
    if (!answer.ok) {
      if (answer.status !== 401) setError(answer.status === 0 ? T.notReached : failureText(answer.failure) || `Not revoked (${answer.status}).`);
      return;
    }
    setNotice(`The token ${revoking.name} was revoked: scripts using it are refused from now on.`);
    await reload();
    setRevoking(undefined);
  };

  return (
    <Card id="tokens" title="API tokens" lead="For scripts: a token signs their requests (Authorization: Bearer) with the role it was given. Revoke it when the script is retired or the token may have leaked.">
      <CreateToken cities={cities} reload={reload} />
      <FormStatus text={notice} />
      {tokens.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No tokens yet.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left font-medium text-slate-800">Tokens</caption>
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className={th}>Name</th>
                <th scope="col" className={th}>Role</th>
                <th scope="col" className={th}>Created by</th>
                <th scope="col" className={th}>Created</th>
                <th scope="col" className={th}>Last used</th>
                <th scope="col" className={th}>Status</th>
              </tr>
            </thead>
            <tbody className="text-slate-900">
              {tokens.map((t) => (
                <tr key={t.id} data-token={t.id} className="border-t border-slate-200">
                  <th scope="row" className={`${td} font-semibold`}>
                    {t.name}
                  </th>
                  <td className={td}>
                    {ROLE_LABELS[t.role] ?? t.role}
                    {t.role === 'frontdesk' && <span className="block text-xs text-slate-600">{citiesLabel(t, cityNames)}</span>}
                  </td>
                  <td className={td}>{names.get(t.createdBy) ?? t.createdBy}</td>
                  <td className={`${td} whitespace-nowrap`}>{when(t.createdAt, '')}</td>
                  <td className={`${td} whitespace-nowrap`}>{when(t.lastUsedAt, 'Never')}</td>
                  <td className={`${td} pr-0`}>
                    {t.revokedAt ? (
                      <span className="whitespace-nowrap text-slate-700">Revoked {when(t.revokedAt, '')}</span>
                    ) : (
                      <Button variant="danger" className="min-h-9 px-3" onClick={() => setRevoking(t)}>
                        Revoke<span className="sr-only"> {t.name}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={revoking !== undefined}
        title={`Revoke the token ${revoking?.name ?? ''}?`}
        confirmLabel={busy ? 'Revoking...' : 'Revoke token'}
        busy={busy}
        error={error}
        onConfirm={revoke}
        onClose={() => {
          setRevoking(undefined);
          setError(undefined);
        }}
        returnTo={() => document.getElementById('tokens-title')}
      >
        <p>Scripts that use it are refused from then on. This cannot be undone; a new token can be created instead.</p>
      </ConfirmDialog>
    </Card>
  );
}

/** Create token: a name and a role; the answer's secret is shown here once, to copy. */
function CreateToken({ cities, reload }: { cities: CitySummary[]; reload: () => Promise<void> }) {
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('editor');
  // A front-desk token reads the cities ticked for it; none until ticked (decision 17).
  const [places, setPlaces] = useState<CitiesValue>({ all: false, ticked: [] });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | undefined>(undefined);
  const [created, setCreated] = useState<{ name: string; role: Role; secret: string } | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError(undefined);
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = 'Name the token after the script that will use it.';
    const cityProblem = citiesProblem(role, places);
    if (cityProblem) problems.cities = cityProblem;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    const answer = await createToken({ name: name.trim(), role, ...(role === 'frontdesk' ? { cities: citiesOf(role, places.all, places.ticked) } : {}) });
    setBusy(false);
    if (answer.ok) {
      setCreated({ name: answer.token.name, role: answer.token.role, secret: answer.secret });
      setName('');
      await reload();
      return;
    }
    if (answer.status === 401) return;
    if (answer.status === 0) return setError(T.notReached);
    setErrors(answer.failure.errors);
    setError(failureText(answer.failure) || `No token was created (${answer.status}).`);
  };

  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Create token" className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-start">
        <TextField id="token-name" label="Token name" hint="What uses it, such as “nightly backup”." value={name} onValue={setName} error={errors.name} autoComplete="off" />
        <SelectField id="token-role" label="Role" value={role} onValue={(r) => isRole(r) && setRole(r)} options={ROLE_OPTIONS} error={errors.role} />
        {role === 'frontdesk' && (
          <div className="sm:col-span-3">
            <CitiesField id="token-cities" cities={cities} value={places} onChange={setPlaces} error={errors.cities} />
          </div>
        )}
        <Button type="submit" className="sm:mt-6" aria-disabled={busy || undefined}>
          {busy ? 'Creating...' : 'Create token'}
        </Button>
      </form>
      <FormAlert text={error} />
      {created && <NewSecret created={created} onDone={() => setCreated(undefined)} />}
    </>
  );
}

/** The secret of a new token, once: a read-only field that takes the focus, Copy, and Done. */
function NewSecret({ created, onDone }: { created: { name: string; role: Role; secret: string }; onDone: () => void }) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<string | undefined>(undefined);
  useLayoutEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, [created.secret]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied('Copied.');
    } catch (err) {
      console.error(err);
      field.current?.select();
      setCopied('This browser did not allow copying: the secret is selected, copy it with the keyboard.');
    }
  };
  return (
    <div data-testid="token-secret" className="mt-4 rounded-lg border border-amber-400 bg-amber-50 p-4">
      <label htmlFor="token-secret" className="block text-sm font-semibold text-amber-950">
        Secret of the token {created.name} ({ROLE_LABELS[created.role]})
      </label>
      <div className="mt-2 flex flex-wrap gap-2">
        <input ref={field} id="token-secret" readOnly value={created.secret} aria-describedby="token-secret-warning" className={`${inputClass} min-w-0 flex-1 font-mono`} />
        <Button variant="secondary" onClick={copy}>
          Copy
        </Button>
      </div>
      <p id="token-secret-warning" className="mt-2 text-sm font-medium text-amber-950">
        Copy it now: it will not be shown again. Anyone who holds it acts with the role {ROLE_LABELS[created.role]} until it is revoked.
      </p>
      <div role="status" className="text-sm text-amber-950">
        {copied && <p className="mt-1">{copied}</p>}
      </div>
      <Button className="mt-3" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
