import { clinicConfigSchema, type ClinicConfig, type ClinicConfigInput } from '../../config/schema.js';
import { sampleConfig, SAMPLES } from '../../../test/helpers/site.js';

export { SAMPLES };

/**
 * A sample city's config without its photos (encoding them is the photo pipeline's business and
 * takes seconds; cards and fonts do not use them), posting to an absolute endpoint so the site
 * pipeline has nothing to warn about. Its logo stays: cards draw it.
 */
export function sampleWithoutPhotos(name: (typeof SAMPLES)[number], patch: Partial<ClinicConfigInput> = {}): ClinicConfig {
  const base = sampleConfig(name);
  return clinicConfigSchema.parse({
    ...base,
    photos: { gallery: [] },
    localContent: { ...base.localContent, team: base.localContent.team.map(({ photo: _, ...member }) => member) },
    contactEndpoint: 'https://clinic.example.com/api/contact',
    ...patch,
  });
}
