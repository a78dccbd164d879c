import type { Message } from '../message.js';

/* Spanish (es-US) counterpart of ../site.ts: texts of the generated site's own pages (the contact form's are in contact.ts). */

/**
 * The 404 page (NOTES.md decision 15: the spec's line under the heading is a developer's
 * placeholder and is never shown): what happened, why it may have, and the way back below.
 */
export const notFound = {
  title: 'Página no encontrada',
  message: 'La página que buscaba no está aquí. Es posible que el enlace sea antiguo o que la dirección tenga un error.',
  hint: 'Pruebe una de estas páginas:',
} satisfies Message;

/* The brand site's identity (issue 36 item 4): the header, the phone's bar and the not-found page of one brand with many locations. */

/** The header's link to the directory of locations, on every page of a brand site. */
export const brandLocationsLink = { title: 'Ubicaciones' } satisfies Message;

/** Beside a location's name under the header of its pages: the way to another clinic; `message` is said to screen readers before the name. */
export const brandChangeClinic = { title: 'Cambiar de clínica', message: 'Su clínica:' } satisfies Message;

/**
 * On the brand's own pages, which belong to no clinic, where a city's pages offer its phone: the
 * header's button and the phone's bar. `message` is the header button's short word on a phone,
 * `hint` what a screen reader hears of the bar.
 */
export const brandFindClinic = { title: 'Buscar una clínica', message: 'Clínicas', hint: 'Buscar una clínica cerca de usted' } satisfies Message;

/** The brand's not-found page, in place of a city's contact page and phone: its locations, each with its own. */
export const brandNotFoundClinics = {
  title: 'Llame o visite una clínica',
  message: 'Cada una de nuestras clínicas atiende su propio teléfono y sus propios mensajes.',
} satisfies Message;

/** Each location's link to its contact page on the brand's not-found page. */
export const brandContactLink = { title: 'Contacto' } satisfies Message;
