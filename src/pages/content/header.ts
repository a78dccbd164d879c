/** Words of the header and its drawer, for screen readers and the eye. */
export const SKIP_TO_CONTENT: string = 'Skip to content';
export const NAV_MAIN: string = 'Main';
export const NAV_MOBILE: string = 'Mobile';
export const MENU: string = 'Menu';
export const OPEN_MENU: string = 'Open menu';
export const CLOSE_MENU: string = 'Close menu';
/** The phone button's word under 360 px, where the number gives its room to the clinic name. */
export const CALL: string = 'Call';
/** Said to screen readers before the link to a page's counterpart in another language. */
export const OTHER_LANGUAGE: string = 'This page in';
