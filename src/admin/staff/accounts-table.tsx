import { ROLE_LABELS, type Account } from '../auth/account.js';
import { formatDate } from '../format.js';
import { Button } from '../ui.js';
import { citiesLabel } from './staff-api.js';

const th = 'py-2 pr-4 font-medium';
const td = 'py-2 pr-4 align-top';

/** Every account: who, role, cities, two-step sign-in, active or disabled, last sign-in; Change and Disable or Enable each. */
export function AccountsTable({
  accounts,
  names,
  me,
  onChange,
  onToggle,
}: {
  accounts: Account[];
  /** City slug -> name, for the Cities column. */
  names: Map<string, string>;
  me: string | undefined;
  onChange: (a: Account) => void;
  onToggle: (a: Account) => void;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Staff accounts</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className={th}>Name</th>
            <th scope="col" className={th}>Email</th>
            <th scope="col" className={th}>Role</th>
            <th scope="col" className={th}>Cities</th>
            <th scope="col" className={th}>Two-step</th>
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={th}>Last sign-in</th>
            <th scope="col" className={th}>Actions</th>
          </tr>
        </thead>
        <tbody className="text-slate-900">
          {accounts.map((a) => (
            <tr key={a.id} data-account={a.id} className="border-t border-slate-200">
              <th scope="row" className={`${td} font-semibold`}>
                {a.name}
                {a.id === me && <span className="font-normal text-slate-600"> (you)</span>}
              </th>
              <td className={`${td} break-all`}>{a.email}</td>
              <td className={td}>{ROLE_LABELS[a.role]}</td>
              <td className={td}>
                {citiesLabel(a, names)}
                {/* Every city's messages, from before cities were chosen: the owner narrows them (decision 17). */}
                {a.role === 'frontdesk' && a.cities === null && <span className="block text-xs font-semibold text-amber-800">Every city: narrow to the cities this person works</span>}
              </td>
              <td className={td}>{a.totp ? 'On' : a.role !== 'editor' || a.twoStepRequired ? 'Off: set up at the next sign-in' : 'Off'}</td>
              <td className={td}>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${a.active ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-800'}`}>{a.active ? 'Active' : 'Disabled'}</span>
              </td>
              <td className={`${td} whitespace-nowrap`}>{a.lastSignInAt ? <time dateTime={a.lastSignInAt}>{formatDate(a.lastSignInAt)}</time> : 'Never'}</td>
              <td className={`${td} pr-0`}>
                <div className="flex flex-wrap gap-1">
                  <Button variant="secondary" className="min-h-9 px-3" onClick={() => onChange(a)}>
                    Change<span className="sr-only"> {a.name}</span>
                  </Button>
                  <Button variant={a.active ? 'danger' : 'secondary'} className="min-h-9 px-3" onClick={() => onToggle(a)}>
                    {a.active ? 'Disable' : 'Enable'}
                    <span className="sr-only"> {a.name}</span>
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
