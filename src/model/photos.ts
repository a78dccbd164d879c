/**
 * What the renderer gets for each photo of a config: the files the site pipeline encoded
 * (src/site/images/), by site-relative path and width. Rendering stays pure: the pages only
 * arrange these into `<picture>` elements (src/pages/components/picture.tsx).
 */

/** One encoded file of a photo: `images/clinic-3f9a1c2b7e-800.avif`, 800 pixels wide. */
export interface PhotoVariant {
  path: string;
  width: number;
}

/** A photo ready to show: its alt text, its intrinsic size (largest variant) and its files per format. */
export interface SitePhoto {
  alt: string;
  width: number;
  height: number;
  /** Smallest first, in every list. */
  avif: PhotoVariant[];
  webp: PhotoVariant[];
  jpeg: PhotoVariant[];
}

/** The photos of a site, placed as the config places them. */
export interface SitePhotos {
  hero?: SitePhoto;
  gallery: SitePhoto[];
  /** By the index of `localContent.team`; null for a member without a photo. */
  team: (SitePhoto | null)[];
}

/** A site without photos. */
export const NO_PHOTOS: SitePhotos = { gallery: [], team: [] };
