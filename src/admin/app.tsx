import { useState } from 'react';
import type { Abilities } from './auth/account.js';
import { AccountMenu } from './auth/account-menu.js';
import { PasswordView } from './auth/password-view.js';
import { useAbilities } from './auth/session-context.js';
import { TwoStepView } from './auth/two-step-view.js';
import { AuditView } from './audit/audit-view.js';
import { CityDetails } from './cities/city-details.js';
import { CityList } from './cities/city-list.js';
import { SpecialHoursBulk } from './cities/special-hours-bulk.js';
import { CityEditor } from './city-editor.js';
import { DeploymentsView } from './deployments/deployments-view.js';
import { LeaveDialog, LeaveGuardProvider } from './leave-guard.js';
import type { AdminForm } from './form.js';
import { AppHeader } from './header.js';
import { InboxView } from './messages/inbox-view.js';
import { allowedView, hashOf, useView, type Go, type View } from './route.js';
import { StaffView } from './staff/staff-view.js';
import { BrandSettings } from './brand-settings.js';
import { BrandSiteView } from './brand-site-view.js';
import { Button } from './ui.js';

/**
 * The operator's page, once signed in (src/admin/auth/session-gate.tsx): the list of cities first;
 * New city, Open and Duplicate lead to one city's editor, which holds the spec's sections (section
 * 2, /admin). Everyone has Deployments, every city's live site and releases. An owner also has Staff and the Audit trail; the owner and the front desk have
 * Messages, the inbox. A front desk opens a city read-only.
 * A new city starts from the brand settings (GET /api/brand); `initial` (the served clinic's
 * values in the page) gives only its brand fields, when those cannot be read. `notice` is said once
 * under the header (recovery codes running low).
 */
export function AdminApp({ initial, notice }: { initial: AdminForm; notice?: string }) {
  const { view: asked, session, go, leaving, leave, stay, setGuard, guarded } = useView();
  const can = useAbilities();
  const view = allowedView(asked, can);
  return (
    <>
      <AppHeader>
        <AccountMenu go={go} guarded={guarded} />
      </AppHeader>
      <AdminNav view={view} go={go} can={can} />
      {notice && <Notice text={notice} go={go} />}
      <LeaveGuardProvider value={setGuard}>
        <Main view={view} session={session} go={go} initial={initial} editCities={can.editCities} />
      </LeaveGuardProvider>
      <LeaveDialog leaving={leaving} onLeave={leave} onStay={stay} />
    </>
  );
}

function Main({ view, session, go, initial, editCities }: { view: View; session: number; go: Go; initial: AdminForm; editCities: boolean }) {
  switch (view.name) {
    case 'list':
      return <CityList key={session} go={go} focus={session > 0} />;
    case 'city':
      return editCities ? <CityEditor key={session} source={{ slug: view.slug }} initial={initial} go={go} /> : <CityDetails key={session} slug={view.slug} go={go} />;
    case 'new':
      return <CityEditor key={session} source={{ base: view.base, from: view.from, left: view.left }} initial={initial} go={go} />;
    case 'brand':
      return <BrandSettings key={session} />;
    case 'special-hours':
      return <SpecialHoursBulk key={session} go={go} />;
    case 'brand-site':
      return <BrandSiteView key={session} go={go} canEdit={editCities} />;
    case 'messages':
      return <InboxView key={session} site={view.site} saved={view.saved} onPlace={(place) => go({ name: 'messages', ...place }, { keep: true })} />;
    case 'deployments':
      return <DeploymentsView key={session} go={go} />;
    case 'staff':
      return <StaffView key={session} />;
    case 'audit':
      return <AuditView key={session} />;
    case 'password':
      return <PasswordView key={session} />;
    case 'two-step':
      return <TwoStepView key={session} />;
  }
}

/** The views beside the cities: Deployments for all; Messages for those who read them; Staff and Audit trail for the owner. */
function AdminNav({ view, go, can }: { view: View; go: Go; can: Abilities }) {
  const here = view.name === 'city' || view.name === 'new' || view.name === 'special-hours' ? 'list' : view.name;
  const item = (to: View, label: string) => (
    <li>
      <a
        href={hashOf(to) || location.pathname}
        aria-current={here === to.name ? 'page' : undefined}
        onClick={(e) => {
          e.preventDefault();
          go(to);
        }}
        className="inline-flex min-h-11 items-center border-b-2 border-transparent px-3 text-sm font-semibold text-slate-700 hover:text-brand aria-[current=page]:border-brand aria-[current=page]:text-brand"
      >
        {label}
      </a>
    </li>
  );
  return (
    <nav aria-label="Admin" className="border-b border-slate-200 bg-white">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-1 px-2 sm:px-4">
        {item({ name: 'list' }, 'Cities')}
        {item({ name: 'deployments' }, 'Deployments')}
        {can.editCities && item({ name: 'brand' }, 'Brand settings')}
        {item({ name: 'brand-site' }, 'Brand site')}
        {can.readMessages && item({ name: 'messages' }, 'Messages')}
        {can.manageStaff && item({ name: 'staff' }, 'Staff')}
        {can.manageStaff && item({ name: 'audit' }, 'Audit trail')}
      </ul>
    </nav>
  );
}

/** A notice about the session (a recovery code was used), with the way to act on it and Hide. */
function Notice({ text, go }: { text: string; go: Go }) {
  const [shown, setShown] = useState(true);
  return (
    <div role="status" className="mx-auto max-w-6xl px-4 pt-4 sm:px-6">
      {shown && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <p className="min-w-0 flex-1 font-semibold">{text}</p>
          <a
            href={hashOf({ name: 'two-step' })}
            onClick={(e) => {
              e.preventDefault();
              go({ name: 'two-step' });
            }}
            className="font-semibold text-amber-950 underline"
          >
            Two-step sign-in
          </a>
          <Button variant="ghost" className="min-h-9 px-2 text-amber-950 hover:bg-amber-100" onClick={() => setShown(false)}>
            Hide
          </Button>
        </div>
      )}
    </div>
  );
}
