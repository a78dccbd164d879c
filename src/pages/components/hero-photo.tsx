import type { SitePhoto } from '../../model/photos.js';
import { Picture } from './picture.js';

/**
 * The hero spans the screen, but on a phone it lies under a dark veil behind the headline: twice
 * the screen's width in pixels is sharp enough there. Saying it is two thirds of a phone's width
 * caps a 3x phone's pick at the 800 px file (1200 would double the home page's weight).
 */
export const HERO_SIZES = '(max-width: 639px) 67vw, 100vw';

// Literal class strings: Tailwind finds the classes it compiles by reading the sources.
const VEILS = {
  side: 'bg-slate-950/75 lg:bg-transparent lg:bg-gradient-to-r lg:from-slate-950/90 lg:via-slate-950/75 lg:to-slate-950/30',
  even: 'bg-slate-950/75',
} as const;

/**
 * The config's hero photo behind a hero's text: it fills the hero band (cropped to it, so the
 * band's height never waits for the file) under a dark veil that keeps the white headline at
 * the contrast of the plain dark hero. Place it first inside a `relative isolate overflow-hidden`
 * section; the veil is darkest where the text sits: `side` for the home page's text on the left
 * (all of a phone's width, the left on desktops), `even` for the inner pages' centred text.
 *
 * It is the page's largest paint wherever it is used (it fills the first screen's band), so it
 * is always fetched first and eagerly; every hero shows the same files at the same `sizes`, so
 * the file the home page fetched is the one the next page finds in the cache.
 */
export function HeroPhoto({ photo, veil = 'side' }: { photo: SitePhoto; veil?: keyof typeof VEILS }) {
  return (
    <>
      <Picture photo={photo} sizes={HERO_SIZES} priority pictureClassName="absolute inset-0 -z-10" className="h-full w-full object-cover" />
      <div aria-hidden="true" className={`absolute inset-0 -z-10 ${VEILS[veil]}`} />
    </>
  );
}

/** The classes a hero section needs around a HeroPhoto. */
export const HERO_PHOTO_SECTION = 'relative isolate overflow-hidden';
