import { randomUUID } from 'node:crypto';
import type { Logger } from '../log/logger.js';
import { hashPassword, passwordProblem } from './passwords.js';
import type { AccountStore } from './store.js';

/** The sign-in name of an owner made from ADMIN_PASSWORD alone: the user name HTTP Basic asked for. */
export const UPGRADED_OWNER = 'admin';

/**
 * The first owner (docs/decisions/017-staff-accounts.md). On a store with no account,
 * ADMIN_EMAIL and ADMIN_PASSWORD make one (exactly one, however many servers start together);
 * ADMIN_PASSWORD alone, as a server upgraded from the Basic-auth release has it, makes the owner
 * `admin` with that password. Once any account exists ADMIN_PASSWORD is ignored, with a warning.
 * Without either, the log says where the setup page is. Answers whether any account exists.
 */
export async function ensureFirstOwner(o: { accounts: AccountStore; email?: string; password?: string; logger: Logger; now: () => Date }): Promise<boolean> {
  const { accounts, logger } = o;
  if ((await accounts.count()) > 0) {
    if (o.password) {
      logger.warn('admin_password.ignored', {
        note: 'ADMIN_PASSWORD is set but accounts exist: it is ignored. Manage accounts in the admin, or with clinic-gen users (add, list, disable, reset-password); remove ADMIN_PASSWORD from the environment',
      });
    }
    return true;
  }
  if (!o.password) {
    logger.warn('admin.setup_needed', { note: 'no account yet: open /admin in a browser on this machine to create the owner, or set ADMIN_EMAIL and ADMIN_PASSWORD' });
    return false;
  }
  const email = o.email ?? UPGRADED_OWNER;
  const weak = passwordProblem(o.password, { email: o.email });
  const created = await accounts.createFirstOwner({
    id: randomUUID(),
    email,
    name: o.email ? 'Owner' : 'Administrator',
    role: 'owner',
    cities: null,
    passwordHash: await hashPassword(o.password),
    createdAt: o.now().toISOString(),
  });
  if (created) {
    logger.info('admin.owner_created', {
      email,
      note: o.email
        ? 'the owner account was made from ADMIN_EMAIL and ADMIN_PASSWORD: sign in at /admin and set up two-step sign-in; then remove ADMIN_PASSWORD from the environment'
        : 'the admin now has named accounts: ADMIN_PASSWORD became the password of the owner "admin". Sign in at /admin as admin, set up two-step sign-in, add your email, then remove ADMIN_PASSWORD from the environment',
    });
    if (weak) logger.warn('admin_password.weak', { note: `the owner's password is weak: ${weak} Change it after signing in.` });
  }
  return true;
}
