/** Previews of generated sites: the store the admin adds to and the sites listener serves from. */
export { createPreviewStore, PREVIEW_ID, PREVIEW_LIMITS, type PreviewStore } from './store.js';
