import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as M from '../../texts/server.js';
import { apiError } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import * as S from '../../contract/staff.js';
import { answerOf } from '../../contract/route.js';
import { body, fieldError, publicAccount } from './fields.js';
import { hashPassword, passwordProblem } from './passwords.js';
import { EmailTakenError, LastOwnerError, type AccountStore, type ApiToken } from './store.js';
import { newSecretToken, tokenHash } from './tokens.js';

/**
 * The owner's staff calls (docs/decisions/017-staff-accounts.md): accounts (add, change, disable,
 * a new password) and API tokens (create, shown once; revoke). Who may call them is the guard's
 * (auth/permissions.ts); the guard also writes their audit records, with the object each sets.
 */
export function staffRoutes(o: { accounts: AccountStore; now: () => Date }): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { accounts } = o;

  // Accounts (the owner's; permissions.ts).
  app.get(S.listAccounts.path, async (c) => c.json(answerOf(S.listAccounts, { success: true, accounts: (await accounts.list()).map(publicAccount) })));

  app.post(S.addAccount.path, async (c) => {
    const b = await body(c, S.addAccount.request);
    if (!b.ok) return b.response;
    // A front desk's cities are chosen, never granted by default (NOTES.md decision 17): a list,
    // or null for All cities said on purpose; absent or empty is refused.
    if (b.value.role === 'frontdesk' && (b.value.cities === undefined || b.value.cities?.length === 0)) return fieldError(c, 'cities', M.frontDeskCitiesRequired.title);
    const problem = passwordProblem(b.value.password, { email: b.value.email, name: b.value.name });
    if (problem) return fieldError(c, 'password', problem);
    try {
      const created = await accounts.create({
        id: randomUUID(),
        email: b.value.email,
        name: b.value.name,
        role: b.value.role,
        cities: b.value.role === 'frontdesk' ? (b.value.cities ?? null) : null,
        passwordHash: await hashPassword(b.value.password),
        createdAt: o.now().toISOString(),
        // The owner tells the person this password: they choose their own at the first sign-in.
        passwordChange: true,
      });
      c.set('auditObject', `account=${created.id}`);
      return c.json(answerOf(S.addAccount, { success: true, account: publicAccount(created) }), 201);
    } catch (err) {
      if (err instanceof EmailTakenError) return fieldError(c, 'email', M.emailTaken.title, 409);
      throw err;
    }
  });

  app.patch(S.changeAccount.path, async (c) => {
    const b = await body(c, S.changeAccount.request);
    if (!b.ok) return b.response;
    const before = await accounts.byId(c.req.param('id')!);
    if (!before) return apiError(c, 404, { error: M.accountNotFound });
    const { password: newPassword, ...rest } = b.value;
    if (newPassword !== undefined) {
      const problem = passwordProblem(newPassword, { email: rest.email ?? before.email, name: rest.name ?? before.name });
      if (problem) return fieldError(c, 'password', problem);
    }
    const roleAfter = rest.role ?? before.role;
    // Made a front desk now, or given an empty list: its cities are chosen, as when it is added.
    const becomesDesk = roleAfter === 'frontdesk' && before.role !== 'frontdesk';
    if ((becomesDesk && rest.cities === undefined) || (roleAfter === 'frontdesk' && rest.cities?.length === 0)) return fieldError(c, 'cities', M.frontDeskCitiesRequired.title);
    try {
      const after = await accounts.update(before.id, {
        ...rest,
        cities: roleAfter === 'frontdesk' ? rest.cities : null,
        // A password the owner sets is a one-time one, as when the person was added.
        ...(newPassword !== undefined ? { passwordHash: await hashPassword(newPassword), passwordChange: true } : {}),
      });
      if (!after) return apiError(c, 404, { error: M.accountNotFound });
      // A person who lost a role keeps no session holding the old one, and an owner no longer one
      // no API token: revoked, so making them owner again does not bring their old tokens back.
      if (rest.role !== undefined && rest.role !== before.role) await accounts.deleteSessions(before.id);
      if (before.role === 'owner' && roleAfter !== 'owner') {
        const at = o.now().toISOString();
        for (const t of await accounts.listTokens()) if (t.createdBy === before.id && t.revokedAt === null) await accounts.revokeToken(t.id, at);
      }
      c.set('auditObject', Object.keys(b.value).sort().join(','));
      return c.json(answerOf(S.changeAccount, { success: true, account: publicAccount(after) }));
    } catch (err) {
      if (err instanceof EmailTakenError) return fieldError(c, 'email', M.emailTaken.title, 409);
      if (err instanceof LastOwnerError) return apiError(c, 409, { error: M.lastOwner });
      throw err;
    }
  });

  // API tokens (the owner's).
  const publicToken = (t: ApiToken, names: Map<string, string>): S.PublicToken => ({
    id: t.id,
    name: t.name,
    role: t.role,
    cities: t.cities,
    createdBy: names.get(t.createdBy) ?? t.createdBy,
    createdAt: t.createdAt,
    lastUsedAt: t.lastUsedAt,
    revokedAt: t.revokedAt,
  });
  const accountNames = async () => new Map((await accounts.list()).map((a) => [a.id, a.email]));

  app.get(S.listTokens.path, async (c) => {
    const names = await accountNames();
    return c.json(answerOf(S.listTokens, { success: true, tokens: (await accounts.listTokens()).map((t) => publicToken(t, names)) }));
  });

  app.post(S.createToken.path, async (c) => {
    const b = await body(c, S.createToken.request);
    if (!b.ok) return b.response;
    // A front-desk token reads the messages of the cities chosen for it, as a front desk does;
    // never more than its maker's (an owner's: every city). Other roles read no messages.
    if (b.value.role === 'frontdesk' && (b.value.cities === undefined || b.value.cities?.length === 0)) return fieldError(c, 'cities', M.tokenCitiesRequired.title);
    const actor = c.get('actor')!;
    const secret = newSecretToken('cgt');
    const token: ApiToken = {
      id: randomUUID(),
      tokenHash: tokenHash(secret),
      name: b.value.name,
      role: b.value.role,
      createdBy: actor.accountId,
      createdAt: o.now().toISOString(),
      lastUsedAt: null,
      revokedAt: null,
      cities: b.value.role === 'frontdesk' ? (b.value.cities ?? null) : null,
    };
    await accounts.createToken(token);
    c.set('auditObject', `token=${token.id} role=${token.role}`);
    return c.json(answerOf(S.createToken, { success: true, token: publicToken(token, await accountNames()), secret }), 201);
  });

  app.delete(S.revokeToken.path, async (c) => {
    const revoked = await accounts.revokeToken(c.req.param('id')!, o.now().toISOString());
    if (!revoked) return apiError(c, 404, { error: M.apiTokenNotFound });
    return c.json(answerOf(S.revokeToken, { success: true, token: publicToken(revoked, await accountNames()) }));
  });

  return app;
}
