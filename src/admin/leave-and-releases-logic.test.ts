import { describe, expect, it } from 'vitest';
import { fieldLabel } from './field-labels.js';
import { cityAndState, releaseTimeText } from './format.js';
import { moveLabel } from './sections/release-list.js';

/** Issue 23's small things, as the admin words them: field labels, state codes, release moves. */
describe('error lists name the field as the form labels it', () => {
  it.each([
    ['zipCode', 'ZIP Code', 'field-zipCode'],
    ['businessName', 'Business Name', 'field-businessName'],
    ['domainName', 'Website', 'field-website'],
    ['socialMedia.instagram', 'Instagram', 'field-social-instagram'],
    ['photos.hero.alt', 'Description of the hero photo (alt text)', 'photo-hero-alt'],
    ['photos.gallery[1].alt', 'Description of clinic photo 2 (alt text)', 'photo-gallery-1-alt'],
  ])('%s is "%s"', (key, label, id) => {
    expect(fieldLabel(key)).toEqual({ label, id });
  });

  it('spells out a field the form has no input for, never its key', () => {
    expect(fieldLabel('businessProfiles[2]').label).toBe('Business profile URL 3');
    expect(fieldLabel('deploymentType')).toEqual({ label: 'Deployment type' });
    expect(fieldLabel('localContent.somethingNew[0].name')).toEqual({ label: 'Local content, something new 1, name' });
  });
});

describe('cities with their state', () => {
  it('shows the two-letter code whether the config has the code or the name', () => {
    expect(cityAndState('Orlando', 'Florida')).toBe('Orlando, FL');
    expect(cityAndState('Tampa', 'FL')).toBe('Tampa, FL');
    expect(cityAndState('Tampa', 'fl')).toBe('Tampa, FL');
    expect(cityAndState('Austin', 'Texas ')).toBe('Austin, TX');
    expect(cityAndState('Nowhere', 'Atlantis')).toBe('Nowhere, Atlantis');
  });
});

describe('the control that makes a release live', () => {
  const live = '20261126T120000000Z-aaaaaaaa';
  it('rolls back to an older release and forward to a newer one', () => {
    expect(moveLabel({ id: '20261125T120000000Z-bbbbbbbb' }, live)).toBe('Roll back');
    expect(moveLabel({ id: '20261127T120000000Z-cccccccc' }, live)).toBe('Roll forward');
    expect(moveLabel({ id: '20261127T120000000Z-cccccccc' }, undefined)).toBe('Make live');
  });

  it('reads a release time from its id', () => {
    expect(releaseTimeText(live)).toBe('2026-11-26T12:00:00.000Z');
  });
});
