import type { AuditPage } from './audit-api.js';

/**
 * Where the trail breaks (issue 38 item 5): the list holds only the records that verify, and this
 * says in words which record is at fault, why, and that what follows it is not shown as trusted.
 * Text, with a heading-like first line, never colour alone (WCAG 1.4.1).
 */
export function AuditBreakNotice({ trail }: { trail: AuditPage['trail'] }) {
  const b = trail.broken;
  if (!b) return null;
  const hidden =
    b.unverified === 0
      ? 'No record past the break is listed.'
      : `${b.unverified} ${b.unverified === 1 ? 'record' : 'records'} at or past the break ${b.unverified === 1 ? 'is' : 'are'} not listed, as ${b.unverified === 1 ? 'it' : 'they'} cannot be trusted.`;
  return (
    <div role="alert" data-testid="audit-break" className="mt-3 rounded-md border-2 border-red-800 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">Warning: the audit trail breaks at record {b.seq}.</p>
      <p className="mt-1">{b.reason}.</p>
      <p className="mt-1">
        {trail.verified === 0 ? 'No record verifies.' : `Only records 1 to ${trail.verified}, which verify, are listed.`} {hidden} On the server, run{' '}
        <code>clinic-gen audit verify --head SEQ:MAC</code> with the last head in its log, and keep the database as it is for the investigation.
      </p>
    </div>
  );
}
