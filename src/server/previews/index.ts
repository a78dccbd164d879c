/** Previews of generated sites: the store the admin adds to and the sites listener serves from. */
export type { PreviewStore } from './store.js';
