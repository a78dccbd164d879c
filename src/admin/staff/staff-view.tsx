import { useCallback, useEffect, useMemo, useState } from 'react';
import { failureText } from '../api.js';
import type { Account } from '../auth/account.js';
import { useSession } from '../auth/session-context.js';
import * as T from '../auth/texts.js';
import { listCities, type CitySummary } from '../cities-api.js';
import { ConfirmDialog } from '../confirm-dialog.js';
import { FormAlert, FormStatus } from '../form-fields.js';
import { ViewPage } from '../view-page.js';
import { AccountEditor } from './account-editor.js';
import { AccountsTable } from './accounts-table.js';
import { AddPerson } from './add-person.js';
import { changeAccount, listAccounts, listTokens, type ApiToken } from './staff-api.js';
import { Tokens } from './tokens.js';

/**
 * Staff (the owner's): every account, Add a person, Change one (role, cities, name, email, a new
 * password), Disable or Enable (asked first when disabling: the person is signed out at once),
 * and the API tokens of scripts.
 */
export function StaffView() {
  const session = useSession();
  const [accounts, setAccounts] = useState<Account[] | undefined>(undefined);
  const [tokens, setTokens] = useState<ApiToken[]>([]);
  const [cities, setCities] = useState<CitySummary[]>([]);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<string | undefined>(undefined);
  const [toggling, setToggling] = useState<Account | undefined>(undefined);
  const [toggleError, setToggleError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | undefined>(undefined);

  const reloadAccounts = useCallback(async () => {
    try {
      setAccounts(await listAccounts());
      setFailed(false);
    } catch (err) {
      console.error(err);
      setFailed(true);
    }
  }, []);
  const reloadTokens = useCallback(async () => {
    try {
      setTokens(await listTokens());
    } catch (err) {
      console.error(err);
    }
  }, []);
  useEffect(() => {
    void reloadAccounts();
    void reloadTokens();
    listCities().then(setCities, (err: unknown) => console.error(err));
  }, [reloadAccounts, reloadTokens]);

  const cityNames = useMemo(() => new Map(cities.map((c) => [c.slug, c.city])), [cities]);
  const people = useMemo(() => new Map((accounts ?? []).map((a) => [a.id, a.name])), [accounts]);
  const me = session?.account.id;

  /** An account changed here: the table shows it, and one's own change reaches the header and the role. */
  const saved = (a: Account) => {
    setAccounts((list) => list?.map((x) => (x.id === a.id ? a : x)));
    if (a.id === me) session?.refresh();
  };

  const setActive = async (a: Account, active: boolean) => {
    if (busy) return;
    setBusy(true);
    setToggleError(undefined);
    const answer = await changeAccount(a.id, { active });
    setBusy(false);
    if (!answer.ok) {
      if (answer.status === 401) return;
      const text = answer.status === 0 ? T.notReached : failureText(answer.failure) || `Not changed (${answer.status}).`;
      if (active) setNotice({ ok: false, text });
      else setToggleError(text);
      return;
    }
    saved(answer.account);
    setNotice({ ok: true, text: active ? `${a.name} can sign in again.` : `${a.name} is disabled and was signed out.` });
    setToggling(undefined);
  };

  const closeEditor = () => {
    setEditing(undefined);
    document.getElementById('view-title')?.focus();
  };
  const edited = accounts?.find((a) => a.id === editing);
  return (
    <ViewPage
      title="Staff"
      lead="The people who sign in to this admin, each with a role. Disable an account when someone leaves: they are signed out at once and their records stay in the audit trail."
      below={
        <>
          {edited && <AccountEditor key={edited.id} account={edited} cities={cities} onSaved={saved} onClose={closeEditor} />}
          <AddPerson cities={cities} onAdded={(a) => setAccounts((list) => [...(list ?? []), a])} />
          <Tokens tokens={tokens} names={people} cities={cities} reload={reloadTokens} />
        </>
      }
    >
      {failed && (
        <p role="alert" className="font-semibold text-red-800">
          The accounts could not be loaded. Reload the page to try again.
        </p>
      )}
      {accounts === undefined && !failed && <p role="status" className="text-sm text-slate-700">Loading...</p>}
      {accounts && (
        <AccountsTable
          accounts={accounts}
          names={cityNames}
          me={me}
          onChange={(a) => setEditing(a.id)}
          onToggle={(a) => (a.active ? setToggling(a) : void setActive(a, true))}
        />
      )}
      <FormStatus text={notice?.ok ? notice.text : undefined} />
      <FormAlert text={notice && !notice.ok ? notice.text : undefined} />
      <ConfirmDialog
        open={toggling !== undefined}
        title={`Disable ${toggling?.name ?? ''}?`}
        confirmLabel={busy ? 'Disabling...' : `Disable ${toggling?.name ?? ''}`}
        busy={busy}
        error={toggleError}
        onConfirm={() => toggling && void setActive(toggling, false)}
        onClose={() => {
          setToggling(undefined);
          setToggleError(undefined);
        }}
        returnTo={() => document.getElementById('view-title')}
      >
        <p>
          {toggling?.id === me ? 'This is your own account: you will be signed out at once. ' : 'They are signed out at once and can no longer sign in. '}
          Their records stay in the audit trail, and the account can be enabled again.
        </p>
      </ConfirmDialog>
    </ViewPage>
  );
}
