import { usePage } from '../context.js';
import type { LogoImage } from '../page-model.js';
import { brandUrl } from '../brand-identity.js';
import type { Lang } from '../../config/languages.js';
import { Icon } from './icons.js';
import { useCopy } from './lang.js';

/**
 * The clinic's logo linking home, in the header (light) or the footer (dark).
 * - No logo image: the activity mark and the clinic name (a wordmark).
 * - `logoIncludesName`: the image alone; the name stays the link's accessible name, and the image is
 *   allowed more width because it carries the name.
 * - In the footer, `logoLightUrl` when the config has one; else the logo sits on a white plate, since
 *   a logo drawn for white pages may vanish on the dark footer.
 * Every part may shrink (`min-w-0`) and the name wraps rather than being cut, so the name is whole
 * at 320 px beside the call and menu buttons.
 */
export function Logo({ place }: { place: 'header' | 'footer' }) {
  const { site, url } = usePage();
  const brand = site.placement?.brand;
  // On a brand site: the brand's logo (or its name), leading to the brand's home, never the location's (issue 36 item 4).
  if (brand) {
    // Its files at the brand's root; its link to the brand's home in the page's language (`/es/` from a Spanish folder).
    const files = brandUrl(site, url);
    return <LogoLink place={place} name={brand.name} logo={brand.logo} logoLight={brand.logoLight} includesName={brand.logoIncludesName} url={(t) => (t === '/' ? url(`/${brand.home}`) : files(t))} />;
  }
  return <LogoLink place={place} name={site.name} logo={site.logo} logoLight={site.logoLight} includesName={site.config.logoIncludesName} url={url} />;
}

/** Logo's markup, for any site that has a name and a logo: the city sites' and the brand site's (src/brand-site/pages/chrome.tsx). */
export function LogoLink({
  place,
  name,
  logo,
  logoLight,
  includesName,
  url,
  lang,
}: {
  place: 'header' | 'footer';
  name: string;
  logo?: LogoImage;
  logoLight?: LogoImage;
  includesName: boolean;
  url: (target: string) => string;
  /** The page's language; absent, the city page's (or English outside one: the brand site). */
  lang?: Lang;
}) {
  const { ui } = useCopy(lang);
  const dark = place === 'footer';
  const image = dark ? (logoLight ?? logo) : logo;
  const plate = dark && !logoLight && image !== undefined;
  const nameInImage = image !== undefined && includesName;
  return (
    <a href={url('/')} className="inline-flex min-h-11 min-w-0 items-center gap-2 sm:gap-3" aria-label={ui.logoHome(name)}>
      {image ? (
        <span className={`flex min-w-0 items-center ${plate ? 'rounded-lg bg-white px-2.5 py-1.5 shadow-sm' : ''}`}>
          <LogoImg image={image} wide={nameInImage} lazy={dark} url={url} />
        </span>
      ) : (
        <span aria-hidden="true" className="flex h-9 w-9 flex-none items-center justify-center rounded-lg bg-brand text-white">
          <Icon name="activity" className="h-5 w-5" />
        </span>
      )}
      {!nameInImage && <span className={`min-w-0 leading-tight font-bold break-words ${dark ? 'text-lg text-white' : 'text-base text-slate-900 sm:text-lg'}`}>{name}</span>}
    </a>
  );
}

/**
 * The image at a fixed height, its width following its own proportions up to a cap: a mark stays
 * small beside the name, a wordmark (the name inside) may take more. `object-contain` keeps the
 * proportions when the cap or a narrow screen squeezes it.
 */
function LogoImg({ image, wide, lazy, url }: { image: LogoImage; wide: boolean; lazy: boolean; url: (target: string) => string }) {
  const size = wide ? 'h-10 max-w-[10.5rem] sm:h-12 sm:max-w-[16rem]' : 'h-10 max-w-[6rem]';
  // The footer's logo is at the bottom of the page: lazy, so it does not compete with the hero and
  // the font for the first screen (React would otherwise preload every eager <img> from the head).
  return (
    <img
      src={image.onSite ? url(image.src) : image.src}
      alt=""
      width={image.size?.width ?? 160}
      height={image.size?.height ?? 40}
      loading={lazy ? 'lazy' : undefined}
      className={`w-auto min-w-0 object-contain object-left ${size}`}
    />
  );
}
