import { ASSETS } from '../pages/assets.js';
import type { LogoImage } from '../pages/page-model.js';
import type { BrandIdentity } from '../pages/placement.js';
import { logoSize } from '../site/cards/logo-size.js';
import { siteFontFiles } from '../site/fonts/site-fonts.js';
import type { LogoFile } from '../site/logo.js';
import type { BrandSiteConfig } from './config.js';
import { LOCATIONS_PATH } from './pages/model.js';

/**
 * One identity and one set of shared files on the brand's domain (issue 36 items 4 and 5).
 *
 * Every page of the brand site, its locations' pages included, shows the brand's logo (or its
 * name) and colour and is set in its typeface; a location's own logo and colour stay on its
 * stand-alone site. The identity travels to each location's build in its placement
 * (Placement.identity), so it is part of each location's digest: a new brand logo or colour
 * rebuilds the locations.
 */

/** The brand's identity as its locations' pages show it: its logo files are those the brand build writes at its root (`logo.svg`). */
export function brandIdentity(brand: Pick<BrandSiteConfig, 'businessName' | 'domainName' | 'primaryColor' | 'font' | 'logoUrl' | 'logoLightUrl' | 'logoIncludesName'>, files: { logo?: LogoFile; light?: LogoFile }): BrandIdentity {
  const logo = logoOf(brand.logoUrl, files.logo);
  const light = logoOf(brand.logoLightUrl, files.light);
  return {
    name: brand.businessName,
    color: brand.primaryColor ?? '#1d4ed8',
    font: brand.font ?? 'inter',
    ...(logo ? { logo } : {}),
    ...(light ? { logoLight: light } : {}),
    logoIncludesName: logo !== undefined && brand.logoIncludesName === true,
    locationsUrl: `https://${brand.domainName}${LOCATIONS_PATH}`,
  };
}

/** A logo file at the brand's root, with its own proportions for the <img> attributes, or an http(s) logo where it is. */
function logoOf(url: string | undefined, file: LogoFile | undefined): LogoImage | undefined {
  if (file) {
    const bytes = typeof file.content === 'string' ? new TextEncoder().encode(file.content) : file.content;
    const size = logoSize(bytes, file.name.endsWith('.svg'));
    return { src: file.name, onSite: true, ...(size ? { size: { width: Math.max(1, Math.round(size.width)), height: Math.max(1, Math.round(size.height)) } } : {}) };
  }
  return url && !url.startsWith('/') ? { src: url, onSite: false } : undefined;
}

/**
 * The files every page of the brand shares, written once at its root with content-hashed names
 * (scripts/build.mjs names them), which its own pages and its locations' pages link there: the
 * stylesheet, the menu's script, the contact form's island (its entry and the island proper), and
 * the brand's typeface. The icon (favicon.svg, in the brand's colour) is one of the brand's pages'
 * files (pages/render.tsx).
 */
export function brandSharedFiles(font: BrandIdentity['font']): Record<string, string | Uint8Array> {
  return {
    [ASSETS.css.file]: ASSETS.css.content,
    [ASSETS.menuJs.file]: ASSETS.menuJs.content,
    [ASSETS.contactJs.file]: ASSETS.contactJs.content,
    [ASSETS.contactFormJs.file]: ASSETS.contactFormJs.content,
    ...siteFontFiles(font),
  };
}
