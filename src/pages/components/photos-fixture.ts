import type { SitePhoto, SitePhotos } from '../../model/photos.js';

/**
 * Encoded photos as the site pipeline hands them to the renderer, without encoding anything:
 * for the renderer's tests, which check markup, not pixels. Not imported by production code.
 */
export function fakePhoto(name: string, alt: string, widths: number[], height: number): SitePhoto {
  const list = (ext: string) => widths.map((width) => ({ path: `images/${name}-0123456789-${width}.${ext}`, width }));
  return { alt, width: widths.at(-1)!, height, avif: list('avif'), webp: list('webp'), jpeg: list('jpg') };
}

/** A hero, two gallery photos and a portrait for each of `team` members. */
export function fakePhotos(team = 2): SitePhotos {
  return {
    hero: fakePhoto('hero', 'The front desk & "lounge" <of> the clinic', [480, 800, 1200, 1600], 900),
    gallery: [fakePhoto('room', 'A treatment room', [480, 800, 1200], 900), fakePhoto('lab', 'The lab counter', [480, 800], 600)],
    team: Array.from({ length: team }, (_, i) => fakePhoto(`member-${i}`, `Portrait of team member ${i + 1}`, [320, 640], 640)),
  };
}
