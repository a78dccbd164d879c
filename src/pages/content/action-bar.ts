/**
 * Copy of the phone's bottom bar (components/action-bar.tsx): a word under each icon, and what a
 * screen reader hears after it.
 */
export const ACTION_BAR_LABEL: string = 'Call, book or get directions';
export const ACTION_CALL: string = 'Call';
export const ACTION_BOOK: string = 'Book';
/** Said to screen readers after "Book". */
export const ACTION_BOOK_WHAT: string = ' a consultation';
export const ACTION_DIRECTIONS: string = 'Directions';
