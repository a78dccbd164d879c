import { preload } from 'react-dom';
import type { PhotoVariant, SitePhoto } from '../../model/photos.js';
import { usePage } from '../context.js';

/**
 * A photo as `<picture>`: AVIF, then WebP, then a JPEG `<img>` for browsers with neither, each
 * with every width the pipeline made, so the browser fetches the one file it needs for its
 * screen (`sizes` says how wide the photo is shown). `width` and `height` give the box its
 * proportions before the file arrives: no layout shift.
 *
 * `priority` is for the one photo a visitor sees first (the hero, the page's largest paint):
 * fetched early and eagerly, and preloaded from the head. React hoists the preload into the
 * head; its `type` makes browsers without AVIF skip it rather than fetch a file they cannot use.
 * Every other photo loads lazily, when it nears the screen.
 */
export function Picture({
  photo,
  sizes,
  priority = false,
  className = '',
  pictureClassName,
}: {
  photo: SitePhoto;
  sizes: string;
  priority?: boolean;
  /** Classes of the `<img>`, which is what takes space on the page. */
  className?: string;
  pictureClassName?: string;
}) {
  const { url } = usePage();
  const srcSet = (list: PhotoVariant[]) => list.map((v) => `${url(v.path)} ${v.width}w`).join(', ');
  const fallback = [...photo.jpeg].reverse().find((v) => v.width <= 800) ?? photo.jpeg[0]!;
  if (priority) {
    preload(url(photo.avif.at(-1)!.path), { as: 'image', type: 'image/avif', imageSrcSet: srcSet(photo.avif), imageSizes: sizes, fetchPriority: 'high' });
  }
  return (
    <picture className={pictureClassName}>
      <source type="image/avif" srcSet={srcSet(photo.avif)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(photo.webp)} sizes={sizes} />
      <img
        src={url(fallback.path)}
        srcSet={srcSet(photo.jpeg)}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={photo.alt}
        decoding="async"
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        className={className}
      />
    </picture>
  );
}
