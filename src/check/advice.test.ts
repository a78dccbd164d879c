import { describe, expect, it } from 'vitest';
import { clinicConfigSchema } from '../config/schema.js';
import { sampleConfig } from '../../test/helpers/site.js';
import { adviceForCity, adviceForPair } from './advice.js';
import { withoutLocalContent } from './local-text.js';

const tampa = { source: 'configs/tampa.yaml', config: sampleConfig('tampa') };
const orlando = { source: 'configs/orlando.yaml', config: sampleConfig('orlando') };

describe('advice', () => {
  it("names each field a copy shares with its sibling, whichever city's name it carries", () => {
    const copy = { source: 'clearwater.yaml', config: clinicConfigSchema.parse({ ...tampa.config, city: 'Clearwater' }) };
    const advice = adviceForPair(copy, tampa);
    expect(advice.map((a) => [a.field, a.status])).toEqual([
      ['localContent.whyCity', 'alike'],
      ['localContent.team', 'alike'],
      ['localContent.areasServed', 'alike'],
      ['localContent.faq', 'alike'],
      ['description', 'missing'],
    ]);
    expect(advice[0]!.message).toMatch(/^localContent\.whyCity: 100% alike in Clearwater and Tampa; write each city's own \(/);
  });

  it('when no field reads the same, lists them from the most alike', () => {
    const described = (c: typeof tampa, description: string) => ({ ...c, config: clinicConfigSchema.parse({ ...c.config, description }) });
    const [advice, ...more] = adviceForPair(described(tampa, 'Westshore care near the airport.'), described(orlando, 'Downtown visits by Lake Eola.'));
    expect(more).toEqual([]);
    expect(advice).toMatchObject({ field: 'localContent', status: 'short' });
    expect(advice!.message).toMatch(/^localContent: no field reads the same in Tampa and Orlando, but together they share much of what Tampa says of its own; rewrite the most alike first/);
  });

  it('names every field a city without local content lacks', () => {
    const bare = { source: 'lakeland.yaml', config: withoutLocalContent(tampa.config) };
    expect(adviceForCity(bare, 0, 40).map((a) => a.message.split(';')[0])).toEqual([
      'localContent.whyCity: missing',
      'localContent.team: missing',
      'localContent.areasServed: missing',
      'localContent.faq: missing',
      'description: missing',
    ]);
    const described = { ...tampa, config: clinicConfigSchema.parse({ ...tampa.config, description: 'Westshore care near the airport.' }) };
    expect(adviceForCity(described, 12, 40)).toEqual([expect.objectContaining({ field: 'localContent', status: 'short', message: expect.stringMatching(/^localContent: about 12 words of Tampa's own, under 40;/) })]);
  });
});
