/**
 * Spanish (es-US) counterpart of ../action-bar.ts: the phone's bottom bar
 * (components/action-bar.tsx): a word under each icon, and what a screen reader hears after it.
 */
export const ACTION_BAR_LABEL = 'Llamar, programar una consulta u obtener indicaciones';
export const ACTION_CALL = 'Llamar';
export const ACTION_BOOK = 'Programar';
/** Said to screen readers after "Programar". */
export const ACTION_BOOK_WHAT = ' una consulta';
export const ACTION_DIRECTIONS = 'Cómo llegar';
