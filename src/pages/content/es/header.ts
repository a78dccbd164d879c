/** Words of the header and its drawer, for screen readers and the eye: the Spanish counterpart of ../header.ts. */
export const SKIP_TO_CONTENT: string = 'Saltar al contenido';
export const NAV_MAIN: string = 'Principal';
export const NAV_MOBILE: string = 'Móvil';
export const MENU: string = 'Menú';
export const OPEN_MENU: string = 'Abrir menú';
export const CLOSE_MENU: string = 'Cerrar menú';
export const CALL: string = 'Llamar';
export const OTHER_LANGUAGE: string = 'Esta página en';
