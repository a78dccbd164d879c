import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AuditBreakNotice } from './audit-break.js';

/** Where the trail breaks, in words (issue 38 item 5): never colour alone, and nothing when it is whole. */
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();

describe('the Audit trail’s break notice', () => {
  it('says which record is at fault, why, and what is not listed, as an alert', () => {
    const html = renderToStaticMarkup(<AuditBreakNotice trail={{ verified: 3, broken: { seq: 4, reason: 'record 4 does not match its MAC: it was changed or inserted, or the one before it was', unverified: 5 } }} />);
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain('Warning: the audit trail breaks at record 4.');
    expect(text(html)).toContain('record 4 does not match its MAC');
    expect(text(html)).toContain('Only records 1 to 3, which verify, are listed. 5 records at or past the break are not listed, as they cannot be trusted.');
    expect(text(html)).toContain('clinic-gen audit verify --head SEQ:MAC');
  });

  it('says so when nothing verifies, or one record past the break is left out', () => {
    expect(text(renderToStaticMarkup(<AuditBreakNotice trail={{ verified: 0, broken: { seq: 1, reason: 'record 1 is missing before record 2', unverified: 1 } }} />))).toContain(
      'No record verifies. 1 record at or past the break is not listed, as it cannot be trusted.',
    );
  });

  it('draws nothing for a whole trail', () => {
    expect(renderToStaticMarkup(<AuditBreakNotice trail={{ verified: 12 }} />)).toBe('');
  });
});
