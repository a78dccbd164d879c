/**
 * The admin's few icons (24 px grid, stroked in the text colour), always beside a name: the visible
 * one, or the hidden one of an icon-only control that its tooltip shows (tooltip.tsx).
 */
const PATHS = {
  // Two overlapping sheets.
  duplicate: 'M8 8h11v11H8zM5 16H4V5h11v1',
  // An arrow down onto a tray.
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  // A bin with a lid.
  delete: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  // A chevron up and one down: the column is sortable / sorted one way.
  sort: 'M8 10l4-4 4 4M8 14l4 4 4-4',
  up: 'M7 14l5-5 5 5',
  down: 'M7 10l5 5 5-5',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = 'h-5 w-5' }: { name: IconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className={`shrink-0 ${className}`}>
      <path d={PATHS[name]} />
    </svg>
  );
}
