/** Staff accounts, sessions, roles and API tokens (docs/decisions/017-staff-accounts.md): what other features and the composition use. */
export type { AccountStore, Account, Role } from './store.js';
export { ROLES } from './store.js';
export { adminGuard, isProtectedPath } from './guard.js';
export { authRoutes } from './routes.js';
export { ensureFirstOwner } from './first-owner.js';
export { createSqliteAccountStore } from './sqlite-store.js';
export { createPgAccountStore } from './pg-store.js';
export { ruleFor } from './permissions.js';
