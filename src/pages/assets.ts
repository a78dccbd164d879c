import manifest from '../../build/assets.json' with { type: 'json' };

/**
 * The compiled stylesheet, the contact-form island (a small entry and the island proper it imports), the mobile menu's script and the brand home's
 * locator island, built once by `scripts/build.mjs` and shared by every city. Names carry a content
 * hash, so they can be cached forever.
 */
export interface BuiltAsset {
  file: string;
  content: string;
}

export const ASSETS: { css: BuiltAsset; contactJs: BuiltAsset; contactFormJs: BuiltAsset; menuJs: BuiltAsset; locatorJs: BuiltAsset } = manifest;
