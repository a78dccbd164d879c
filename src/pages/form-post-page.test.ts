import { describe, expect, it } from 'vitest';
import { sampleConfig } from '../../test/helpers/site.js';
import { renderFormPostPage } from './form-post-page.js';

describe('renderFormPostPage', () => {
  it('shows the clinic’s name and mark, never the logo path the config read its image from', () => {
    const orlando = sampleConfig('orlando');
    expect(orlando.logoUrl).toMatch(/^\/images\/orlando\//);
    const html = renderFormPostPage(orlando, { ok: false, values: { message: 'short' }, errors: { message: 'Message must be at least 10 characters' } }, { site: 'http://127.0.0.1:3401/sites/orlando/', assets: '/' });
    expect(html).not.toContain('/images/orlando/');
    expect(html).not.toMatch(/<img[^>]+logo/);
    expect(html).toContain(`${orlando.businessName.replace(/'/g, '&#x27;')}</span>`);
    expect(html).toContain('Message must be at least 10 characters');
  });
});
