import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as z from 'zod';
import * as M from '../../texts/server.js';
import { apiError } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { body, cities, email, fieldError, name, password, publicAccount, role } from './fields.js';
import { hashPassword, passwordProblem } from './passwords.js';
import { EmailTakenError, LastOwnerError, type AccountStore } from './store.js';
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
  app.get('/api/accounts', async (c) => c.json({ success: true, accounts: (await accounts.list()).map(publicAccount) }));

  app.post('/api/accounts', async (c) => {
    const b = await body(c, z.object({ email, name, role, cities: cities.optional(), password }));
    if (!b.ok) return b.response;
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
      });
      c.set('auditObject', `account=${created.id}`);
      return c.json({ success: true, account: publicAccount(created) }, 201);
    } catch (err) {
      if (err instanceof EmailTakenError) return fieldError(c, 'email', M.emailTaken.title, 409);
      throw err;
    }
  });

  app.patch('/api/accounts/:id', async (c) => {
    const b = await body(c, z.object({ email: email.optional(), name: name.optional(), role: role.optional(), cities: cities.optional(), active: z.boolean().optional(), password: password.optional() }));
    if (!b.ok) return b.response;
    const before = await accounts.byId(c.req.param('id'));
    if (!before) return apiError(c, 404, { error: M.accountNotFound });
    const { password: newPassword, ...rest } = b.value;
    if (newPassword !== undefined) {
      const problem = passwordProblem(newPassword, { email: rest.email ?? before.email, name: rest.name ?? before.name });
      if (problem) return fieldError(c, 'password', problem);
    }
    const roleAfter = rest.role ?? before.role;
    try {
      const after = await accounts.update(before.id, {
        ...rest,
        cities: roleAfter === 'frontdesk' ? rest.cities : null,
        ...(newPassword !== undefined ? { passwordHash: await hashPassword(newPassword) } : {}),
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
      return c.json({ success: true, account: publicAccount(after) });
    } catch (err) {
      if (err instanceof EmailTakenError) return fieldError(c, 'email', M.emailTaken.title, 409);
      if (err instanceof LastOwnerError) return apiError(c, 409, { error: M.lastOwner });
      throw err;
    }
  });

  // API tokens (the owner's).
  const publicToken = (t: { id: string; name: string; role: string; createdBy: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null }, names: Map<string, string>) => ({
    id: t.id,
    name: t.name,
    role: t.role,
    createdBy: names.get(t.createdBy) ?? t.createdBy,
    createdAt: t.createdAt,
    lastUsedAt: t.lastUsedAt,
    revokedAt: t.revokedAt,
  });
  const accountNames = async () => new Map((await accounts.list()).map((a) => [a.id, a.email]));

  app.get('/api/tokens', async (c) => {
    const names = await accountNames();
    return c.json({ success: true, tokens: (await accounts.listTokens()).map((t) => publicToken(t, names)) });
  });

  app.post('/api/tokens', async (c) => {
    const b = await body(c, z.object({ name: z.string({ error: 'Name the token (what uses it).' }).trim().min(1, { error: 'Name the token (what uses it).' }).max(100), role }));
    if (!b.ok) return b.response;
    const actor = c.get('actor')!;
    const secret = newSecretToken('cgt');
    const token = { id: randomUUID(), tokenHash: tokenHash(secret), name: b.value.name, role: b.value.role, createdBy: actor.accountId, createdAt: o.now().toISOString(), lastUsedAt: null, revokedAt: null };
    await accounts.createToken(token);
    c.set('auditObject', `token=${token.id} role=${token.role}`);
    return c.json({ success: true, token: publicToken(token, await accountNames()), secret }, 201);
  });

  app.delete('/api/tokens/:id', async (c) => {
    const revoked = await accounts.revokeToken(c.req.param('id'), o.now().toISOString());
    if (!revoked) return apiError(c, 404, { error: M.apiTokenNotFound });
    return c.json({ success: true, token: publicToken(revoked, await accountNames()) });
  });

  return app;
}
