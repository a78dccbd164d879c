/** The audit trail (docs/decisions/017-staff-accounts.md): what other features and the composition use. */
export type { AuditStore, AuditRecord, AuditEntry, AuditHead } from './store.js';
export { verifyChain } from './store.js';
export { actorFields, createAuditTrail, type AuditTrail } from './trail.js';
export { auditRoutes } from './routes.js';
export { auditNames, type AuditNames } from './describe.js';
export { createSqliteAuditStore } from './sqlite-store.js';
export { createPgAuditStore } from './pg-store.js';
export { AUDIT_HEAD_EVERY, auditHeadLog, auditHeadMetrics, headText, parseHead } from './head.js';
export { verifyTrail } from './verify.js';
