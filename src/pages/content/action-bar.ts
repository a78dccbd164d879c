/**
 * Copy of the phone's bottom bar (components/action-bar.tsx): a word under each icon, and what a
 * screen reader hears after it.
 */
export const ACTION_BAR_LABEL = 'Call, book or get directions';
export const ACTION_CALL = 'Call';
export const ACTION_BOOK = 'Book';
/** Said to screen readers after "Book". */
export const ACTION_BOOK_WHAT = ' a consultation';
export const ACTION_DIRECTIONS = 'Directions';
