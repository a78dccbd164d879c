/*
 * The audit trail's actions in words (issue 37 item 8, docs/decisions/007-messages-catalogue.md):
 * one entry an action code the server records, from which the trail says what a person did ("read
 * a message", "exported 40 messages", "deployed Tampa") and the Action filter names each action.
 * The codes stay in the records, the CSV and the record's detail; these are the words beside them.
 *
 * Not entries of MESSAGES: a record's words are a phrase after a person's name, not a Message
 * (title, message, hint), and the trail looks them up by code. test/server/audit-actions.test.ts
 * finds every action code recorded in src/server and fails for one without words here.
 *
 * Words name only what the record holds: a city's name, a count, a message's short reference
 * (src/config/message-ref.ts), an account's name. Never a patient's name or words.
 */

/** What the words of one record may name, read from the record. */
export interface AuditSubject {
  /** The city's name ('' when the record names no city). */
  city: string;
  /** How many messages the action covered, when the record says. */
  count?: number;
  /** The staff account acted on (an account changed, a message's new assignee): its name; 'nobody' for none. */
  account?: string;
  /** A message's new status (`contacted`), with its close reason. */
  status?: string;
  reason?: string;
  /** Days messages are kept (`forever`). */
  days?: string;
}

type Phrase = (s: AuditSubject) => string;

export interface AuditActionText {
  /** The action as the Action filter lists it: "Deploy a city". */
  name: string;
  /** What the person did: "deployed Tampa". */
  did: Phrase;
  /** What they tried, for a refused or failed record: "deploy Tampa" (after "tried to"). Absent: `did` says it either way (a failed sign-in). */
  tried?: Phrase;
}

/** An action done, or tried and refused: the same words after "<past>" or "tried to <present>". */
const act = (name: string, past: string, present: string, rest: Phrase = () => ''): AuditActionText => ({
  name,
  did: (s) => `${past}${rest(s)}`,
  tried: (s) => `${present}${rest(s)}`,
});
/** An action whose code already says how it ended (a wrong password). */
const fixed = (name: string, words: string): AuditActionText => ({ name, did: () => words });

const city = (fallback: string) => (s: AuditSubject) => ` ${s.city || fallback}`;
const citys = (what: string) => (s: AuditSubject) => ` ${s.city ? `${s.city}’s ${what}` : `a city’s ${what}`}`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const messages = (fallback: string) => (s: AuditSubject) => ` ${s.count === undefined ? fallback : plural(s.count, 'message', 'messages')}${s.city ? ` of ${s.city}` : ''}`;
const account = (fallback: string) => (s: AuditSubject) => ` ${s.account ? `${s.account}’s account` : fallback}`;
const words = (code: string) => code.replace(/_/g, ' ');

export const AUDIT_ACTIONS: Readonly<Record<string, AuditActionText>> = {
  // Signing in and out (src/server/auth/routes.ts)
  'account.setup': act('Create the first owner', 'created the first owner account', 'create the first owner account'),
  'session.sign_in': act('Sign in', 'signed in', 'sign in'),
  'session.sign_in_recovery_code': act('Sign in with a recovery code', 'signed in with a recovery code', 'sign in with a recovery code'),
  'session.password_ok': fixed('Password accepted, code next', 'gave the right password; the two-step code came next'),
  'session.sign_in_failed': fixed('Failed sign-in', 'failed to sign in'),
  'session.code_failed': fixed('Wrong two-step code', 'gave a wrong two-step code'),
  'session.sign_out': act('Sign out', 'signed out', 'sign out'),
  'account.totp_enrolled': act('Set up two-step sign-in', 'set up two-step sign-in', 'set up two-step sign-in'),
  'account.totp_failed': fixed('Wrong code while setting up two-step sign-in', 'gave a wrong code while setting up two-step sign-in'),
  'account.totp_password_failed': fixed('Wrong password while setting up two-step sign-in', 'gave a wrong password while setting up two-step sign-in'),
  'account.password': act('Change one’s password', 'changed their password', 'change their password'),
  // Forgot password (src/server/auth/reset-routes.ts)
  'account.password_reset_requested': act('Ask for a password reset link', 'asked for a password reset link', 'ask for a password reset link'),
  'account.password_reset_failed': fixed('Password reset link refused', 'tried a password reset link that was used, expired or wrong'),
  'account.password_reset': act('Reset a password by email link', 'reset their password with an email link', 'reset their password with an email link'),
  // Staff, tokens, the trail (src/server/auth/staff-routes.ts, src/server/tasks/admin-tasks.ts)
  'account.create': act('Add a staff account', 'added', 'add', account('a staff account')),
  'account.update': act('Change a staff account', 'changed', 'change', account('a staff account')),
  'token.create': act('Make an API token', 'made an API token', 'make an API token'),
  'token.revoke': act('Revoke an API token', 'revoked an API token', 'revoke an API token'),
  'audit.export': act('Export the audit trail', 'exported the audit trail', 'export the audit trail'),
  'keys.rotate': act('Rotate the data key', 'rotated the data key', 'rotate the data key'),
  // Patients' messages (src/server/leads/)
  'message.list': act('List messages', 'listed', 'list', messages('messages')),
  'message.export': act('Export messages', 'exported', 'export', messages('messages')),
  'message.search': act('Search messages', 'searched the messages', 'search the messages'),
  'message.read': act('Read a message', 'read a message', 'read a message'),
  'message.status': act('Change a message’s status', 'marked', 'mark', (s) => ` a message ${s.status ? words(s.status) : 'with a new status'}${s.reason ? ` (${words(s.reason)})` : ''}`),
  'message.assign': {
    name: 'Assign a message',
    did: (s) => (s.account === 'nobody' ? 'took a message off its assignee' : `assigned a message to ${s.account || 'someone'}`),
    tried: (s) => (s.account === 'nobody' ? 'take a message off its assignee' : `assign a message to ${s.account || 'someone'}`),
  },
  'message.bulk': act('Change messages in bulk', 'changed', 'change', messages('messages')),
  'message.note': act('Add a note to a message', 'added a note to a message', 'add a note to a message'),
  'message.delete': act('Delete a message', 'deleted a message', 'delete a message'),
  'message.purge': act('Delete a message past its retention', 'deleted a message past its retention', 'delete a message past its retention'),
  'message.seal_stored': act('Seal messages stored in clear', 'sealed', 'seal', (s) => ` ${s.count === undefined ? 'the messages' : plural(s.count, 'message', 'messages')} stored in clear`),
  'retention.set': act('Set how long messages are kept', 'set messages to be kept', 'set messages to be kept', (s) => (s.days === undefined ? '' : s.days === 'forever' ? ' forever' : ` ${s.days} days`)),
  // Brand settings and the brand site (src/server/brand/, src/server/brand-site/)
  'brand.save': act('Save the brand settings', 'saved the brand settings', 'save the brand settings'),
  'brand_site.preview': act('Preview the brand site', 'previewed the brand site', 'preview the brand site'),
  'brand_site.package': act('Download the brand site', 'downloaded the brand site', 'download the brand site'),
  'brand_site.deploy': act('Deploy the brand site', 'deployed the brand site', 'deploy the brand site'),
  'brand_site.rollback': act('Roll the brand site back', 'rolled the brand site back', 'roll the brand site back'),
  // Stored cities (src/server/cities/)
  'city.create': act('Add a city', 'added', 'add', city('a city')),
  'city.import': act('Import cities', 'imported', 'import', city('cities')),
  'city.save': act('Save a city', 'saved', 'save', city('a city')),
  'city.restore': act('Restore a city’s earlier version', 'restored an earlier version of', 'restore an earlier version of', city('a city')),
  'city.delete': act('Delete a city', 'deleted', 'delete', city('a city')),
  'city.undelete': act('Bring a city back from the trash', 'brought', 'bring', (s) => ` ${s.city || 'a city'} back from the trash`),
  'city.deploy': act('Deploy a city', 'deployed', 'deploy', city('a city')),
  'city.redeploy_all': act('Redeploy every city', 'redeployed', 'redeploy', (s) => (s.city ? ` ${s.city} with every city` : ' every city')),
  'city.special_hours': act('Add special hours to several cities', 'added special hours to', 'add special hours to', city('a city')),
  'city.auto_redeploy': act('Redeploy a city for its special hours', 'redeployed', 'redeploy', (s) => ` ${s.city || 'a city'} for its special hours`),
  'city.rollback': act('Roll a city back', 'rolled', 'roll', (s) => ` ${s.city || 'a city'} back to an earlier release`),
  'city.site_delete': act('Take a city’s site offline', 'took', 'take', (s) => `${citys('site')(s)} offline`),
  'city.unpin': act('Unpin a city', 'unpinned', 'unpin', city('a city')),
  // Sites generated from the form, and deployments (src/server/packages/, previews/, releases/, uploads/)
  'site.generate': act('Generate a site', 'generated a site', 'generate a site'),
  'site.package': act('Download a site package', 'downloaded a site package', 'download a site package'),
  'site.preview': act('Preview a site', 'previewed a site', 'preview a site'),
  'site.deploy': act('Deploy a site', 'deployed', 'deploy', city('a site')),
  'deployment.delete': act('Take a deployed site offline', 'took', 'take', (s) => `${citys('site')(s)} offline`),
  'deployment.rollback': act('Roll a deployed site back', 'rolled', 'roll', (s) => `${citys('site')(s)} back`),
  'deployment.download': act('Download a deployed site', 'downloaded', 'download', citys('deployed site')),
  'upload.logo': act('Upload a logo', 'uploaded a logo', 'upload a logo'),
  'upload.photo': act('Upload a photo', 'uploaded a photo', 'upload a photo'),
};

/** The Action filter's name of a code; the code itself for one the catalogue lacks. */
export const auditActionName = (code: string): string => AUDIT_ACTIONS[code]?.name ?? code;

/**
 * What a record says a person did, by its code, what it names and its outcome (an HTTP status):
 * "deployed Tampa", or "tried to deploy Tampa" when it was refused or failed.
 */
export function auditWords(code: string, subject: AuditSubject, outcome: number): string {
  const a = AUDIT_ACTIONS[code];
  if (!a) return code;
  return outcome >= 400 && a.tried ? `tried to ${a.tried(subject)}` : a.did(subject);
}
