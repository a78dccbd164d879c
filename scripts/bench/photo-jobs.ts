import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { loadConfigFileSync } from '../../src/config/load.js';
import { wantedPhotos } from '../../src/site/images/read-photos.js';
import { FORMATS, widthsFor, type PhotoRole } from '../../src/site/images/settings.js';

/** One photo in one role, and every derivative clinic-gen makes of it (settings.ts). */
export interface PhotoJob {
  file: string;
  role: PhotoRole;
  widths: number[];
  formats: typeof FORMATS;
}

/**
 * The derivatives clinic-gen makes of the photos the configs name (issue 41 item 2): each distinct
 * file in each role it is shown in, at the role's widths below the source's (widthsFor), in every
 * format with clinic-gen's settings. What scripts/bench/sharp-direct.mjs has sharp make directly.
 */
export async function photoJobs(configPaths: string[]): Promise<PhotoJob[]> {
  const seen = new Set<string>();
  const jobs: PhotoJob[] = [];
  for (const path of configPaths) {
    const loaded = loadConfigFileSync(path);
    if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
    for (const { src, role } of wantedPhotos(loaded.config)) {
      const file = join(dirname(path), src);
      const bytes = readFileSync(file);
      const key = `${role}:${bytes.toString('base64')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const { width } = await sharp(bytes).metadata();
      jobs.push({ file, role, widths: widthsFor(role, width!), formats: FORMATS });
    }
  }
  return jobs;
}
