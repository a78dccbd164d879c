import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminApp } from './app.js';
import type { Account, Role } from './auth/account.js';
import { SessionProvider } from './auth/session-context.js';
import { CityRow } from './cities/city-row.js';
import { CityList } from './cities/city-list.js';
import { initialForm } from './form.js';
import { Messages } from './sections/messages.js';

/** What each role's admin draws (decision 017): the server refuses the rest; the page does not offer it. */
const person = (role: Role, cities: string[] | null = null): Account => ({
  id: `id-${role}`,
  email: `${role}@example.com`,
  name: `Pat ${role}`,
  role,
  cities,
  active: true,
  totp: role === 'owner',
  createdAt: '2026-01-01T00:00:00Z',
  lastSignInAt: null,
  passwordChange: false,
  twoStepRequired: false,
});

const as = (account: Account, node: ReactNode) =>
  renderToStaticMarkup(
    <SessionProvider account={account} signOut={() => {}} refresh={() => {}}>
      {node}
    </SessionProvider>,
  );

const city = { slug: 'tampa', businessName: 'Northstar', city: 'Tampa', state: 'FL', version: 2, savedAt: '2026-03-01T00:00:00Z', live: true, messages30d: 3 };
const go = () => {};

beforeEach(() => {
  vi.stubGlobal('location', { hash: '', pathname: '/admin', search: '' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the list of cities', () => {
  it('offers New city, Import YAML and Redeploy all to the owner and the editor only', () => {
    for (const role of ['owner', 'editor'] as const) {
      const html = as(person(role), <CityList go={go} focus={false} />);
      expect(html).toContain('New city');
      expect(html).toContain('Import YAML');
      expect(html).toContain('Redeploy all');
    }
    const desk = as(person('frontdesk'), <CityList go={go} focus={false} />);
    expect(desk).not.toContain('New city');
    expect(desk).not.toContain('Import YAML');
    expect(desk).not.toContain('Redeploy all');
  });

  it('has Duplicate and Delete on a row only with those actions', () => {
    const row = (actions: Parameters<typeof CityRow>[0]['actions']) => renderToStaticMarkup(<table><tbody><CityRow city={city} actions={actions} /></tbody></table>);
    const all = row({ open: go, duplicate: go, remove: go });
    expect(all).toContain('Duplicate');
    expect(all).toContain('Delete');
    const readOnly = row({ open: go });
    expect(readOnly).toContain('Open');
    expect(readOnly).not.toContain('Duplicate');
    expect(readOnly).not.toContain('Delete');
  });
});

describe('the Messages section', () => {
  it('gives the owner counts by status, the inbox link and the CSV export, never a list of messages', () => {
    const html = as(person('owner'), <Messages />);
    expect(html).toContain('Messages by status, every city');
    expect(html).toContain('href="#messages"');
    expect(html).toContain('/api/messages.csv');
    expect(html).not.toContain('aria-label="Messages"');
  });

  it('gives the editor counts only: no status, no inbox, no export', () => {
    const html = as(person('editor'), <Messages />);
    expect(html).not.toContain('/api/messages.csv');
    expect(html).not.toContain('by status');
    expect(html).not.toContain('#messages');
    expect(html).toContain('Refresh counts');
  });

  it('gives the front desk its cities’ counts without the export', () => {
    const html = as(person('frontdesk', ['tampa', 'orlando']), <Messages />);
    expect(html).toContain('Messages by status, your cities');
    expect(html).not.toContain('/api/messages.csv');
  });

  it('on a city’s page, counts that city and links to its inbox (its CSV too); a front desk of other cities keeps its own', () => {
    const html = as(person('owner'), <Messages site="wesley-chapel" name="Wesley Chapel" />);
    expect(html).toContain('Wesley Chapel’s messages by status');
    expect(html).toContain('href="#messages/wesley-chapel"');
    expect(html).toContain('Open Wesley Chapel’s messages in the inbox');
    expect(html).toContain('href="/api/messages.csv?site=wesley-chapel"');
    const desk = as(person('frontdesk', ['tampa', 'orlando']), <Messages site="wesley-chapel" name="Wesley Chapel" />);
    expect(desk).toContain('Messages by status, your cities');
    expect(desk).not.toContain('#messages/wesley-chapel');
  });

  it('draws nothing that reads messages outside a session', () => {
    const html = renderToStaticMarkup(<Messages />);
    expect(html).not.toContain('by status');
    expect(html).not.toContain('/api/messages.csv');
  });
});

describe('the header', () => {
  it('names the person and their role; Staff and Audit trail are the owner’s', () => {
    const owner = as(person('owner'), <AdminApp initial={initialForm()} />);
    expect(owner).toContain('Pat owner');
    expect(owner).toContain('Owner');
    expect(owner).toContain('Audit trail');
    expect(owner).toContain('href="#staff"');
    for (const role of ['editor', 'frontdesk'] as const) {
      const html = as(person(role), <AdminApp initial={initialForm()} />);
      expect(html).toContain(`Pat ${role}`);
      expect(html).not.toContain('Audit trail');
      expect(html).not.toContain('href="#staff"');
    }
    expect(as(person('frontdesk'), <AdminApp initial={initialForm()} />)).toContain('Front desk');
  });

  it('offers Messages to the owner and the front desk, not the editor', () => {
    for (const role of ['owner', 'frontdesk'] as const) expect(as(person(role), <AdminApp initial={initialForm()} />)).toContain('href="#messages"');
    expect(as(person('editor'), <AdminApp initial={initialForm()} />)).not.toContain('href="#messages"');
  });

  it('shows the list, not Staff, to an editor who opens #staff', () => {
    vi.stubGlobal('location', { hash: '#staff', pathname: '/admin', search: '' });
    const html = as(person('editor'), <AdminApp initial={initialForm()} />);
    expect(html).toContain('>Cities</h2>');
    expect(html).not.toContain('Add a person');
  });
});

describe('the Messages view', () => {
  const at = (hash: string, account: Account) => {
    vi.stubGlobal('location', { hash, pathname: '/admin', search: '' });
    return as(account, <AdminApp initial={initialForm()} />);
  };

  it('gives the front desk the filters and the search, without Delete or Retention', () => {
    const html = at('#messages', person('frontdesk', ['tampa']));
    expect(html).toContain('>Messages</h2>');
    expect(html).toContain('Search by name, email or phone');
    expect(html).toContain('All your cities');
    expect(html).toContain('aria-label="Filter by status"');
    expect(html).not.toContain('Retention');
    expect(html).not.toContain('Delete message');
  });

  it('gives the owner the Retention setting as well', () => {
    const html = at('#messages', person('owner'));
    expect(html).toContain('Search by name, email or phone');
    expect(html).toContain('All cities');
    expect(html).toContain('Retention');
  });

  it('shows an editor who opens #messages the list of cities', () => {
    const html = at('#messages/tampa', person('editor'));
    expect(html).toContain('>Cities</h2>');
    expect(html).not.toContain('Search by name, email or phone');
  });

  it('links the city page’s messages to the inbox, on that city', () => {
    const html = as(person('frontdesk', ['tampa']), <Messages site="tampa" name="Tampa" />);
    expect(html).toContain('href="#messages/tampa"');
    expect(html).toContain('Open Tampa’s messages in the inbox');
  });
});
