import { describe, expect, it } from 'vitest';
import { adviceText } from './generate-card.js';

describe('the doorway check’s advice in the admin', () => {
  it('names each field by its label on the form, not by the config’s key', () => {
    expect(adviceText({ field: 'localContent.whyCity', message: 'localContent.whyCity: missing; add a paragraph on why patients here choose the clinic' })).toBe(
      'Why this city: missing; add a paragraph on why patients here choose the clinic',
    );
    expect(adviceText({ field: 'description', message: 'description: 80% alike in Tampa and Orlando; write each city’s own' })).toBe('Description: 80% alike in Tampa and Orlando; write each city’s own');
    expect(adviceText({ field: 'localContent', message: 'localContent: about 12 words of Clearwater’s own, under 40' })).toBe('Local content: about 12 words of Clearwater’s own, under 40');
  });
});
