import type { SitePhoto } from '../../model/photos.js';
import { Picture } from './picture.js';
import { gridColumns } from './ui.js';

/**
 * Columns and `sizes` by the number of photos, so the grid fits its count (gridColumns: the
 * fewest empty cells): one photo on its own, then two or three columns. Sizes follow the
 * page's container (max-w-6xl, 1rem or 1.5rem of padding, 1.5rem gaps).
 */
function layout(count: number): { grid: string; sizes: string } {
  const columns = gridColumns(count, 3);
  if (columns === 1) return { grid: 'mx-auto max-w-3xl', sizes: '(min-width: 816px) 768px, calc(100vw - 32px)' };
  if (columns === 2) return { grid: 'grid gap-6 sm:grid-cols-2', sizes: '(min-width: 1152px) 540px, (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)' };
  return { grid: 'grid gap-6 sm:grid-cols-3', sizes: '(min-width: 1152px) 352px, (min-width: 640px) calc(33vw - 32px), calc(100vw - 32px)' };
}

/** Photos of the clinic, in a grid of equal 4:3 tiles (each photo cropped to its tile). */
export function Gallery({ photos }: { photos: SitePhoto[] }) {
  const { grid, sizes } = layout(photos.length);
  return (
    <ul className={grid}>
      {photos.map((p, i) => (
        <li key={i}>
          <Picture photo={p} sizes={sizes} className="aspect-[4/3] w-full rounded-xl object-cover shadow-sm" />
        </li>
      ))}
    </ul>
  );
}

/** A team member's portrait at the top of their card, square, faces kept in view. */
export function TeamPhoto({ photo }: { photo: SitePhoto }) {
  return (
    <Picture
      photo={photo}
      sizes="(min-width: 640px) 400px, calc(100vw - 80px)"
      className="mb-5 aspect-square w-full rounded-lg object-cover object-top"
    />
  );
}
