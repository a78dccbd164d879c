import type { Message } from '../message.js';

/*
 * Spanish (es-US) counterpart of ../contact.ts: the contact form's texts (spec sections 5 and 8):
 * the island's notices, the no-JavaScript page's notices, the server's contact replies and the
 * shared schema's field errors. One export an entry, as in Astro's errors-data.ts, so a bundle
 * carries only the entries it reads.
 */

/** The message was stored: the island's notice, and the confirmation that takes the form's place. */
export const contactSent = { title: '¡Mensaje enviado!', message: 'Nos comunicaremos con usted en un plazo de 24 horas.' } satisfies Message;

/**
 * What follows a sent message, under the confirmation that takes the form's place (NOTES.md
 * decision 13). It promises nothing beyond the specification's reply within 24 hours: who reads the
 * message, and how the answer comes (the phone is optional in the form).
 */
export const contactSentNext = {
  title: 'Un miembro de nuestro equipo leerá su mensaje y le responderá por correo electrónico, o por teléfono si nos dejó un número.',
} satisfies Message;

/** The confirmation's button that brings back an empty form. */
export const contactSendAnother = { title: 'Enviar otro mensaje' } satisfies Message;

/** Any failure to send, whatever the status: the visitor keeps what they typed. */
export const contactFailed = { title: 'No se pudo enviar el mensaje', message: 'Inténtelo de nuevo o llámenos directamente.' } satisfies Message;

/** The no-JavaScript page when fields were rejected: each field says why. */
export const contactInvalid = {
  title: 'No se pudo enviar el mensaje',
  message: 'Corrija los campos marcados abajo y vuelva a enviar el formulario.',
} satisfies Message;

/** The server could not store a valid message. */
export const contactNotSaved = {
  title: 'No se pudo enviar el mensaje',
  message: 'No se pudo guardar el mensaje. Inténtelo de nuevo o llámenos directamente.',
} satisfies Message;

export const firstNameRequired = { title: 'El nombre es obligatorio' } satisfies Message;
export const lastNameRequired = { title: 'El apellido es obligatorio' } satisfies Message;
export const emailInvalid = { title: 'El correo electrónico no es válido' } satisfies Message;
export const messageTooShort = { title: 'El mensaje debe tener al menos 10 caracteres' } satisfies Message;
export const phoneNotText = { title: 'El teléfono debe ser texto' } satisfies Message;
export const serviceUnknown = { title: 'Elija un servicio de la lista' } satisfies Message;
/** The hidden `site` field is not a city slug (decision 010). */
export const siteInvalid = { title: 'El campo del sitio debe ser el identificador de una ciudad (a-z, 0-9, guiones)' } satisfies Message;
/** The hidden `page` field is not a site-relative path. */
export const pagePathInvalid = { title: 'El campo de la página debe ser una ruta relativa al sitio de 200 caracteres como máximo' } satisfies Message;
/** A posted field the form does not have. */
export const fieldUnknown = { title: 'Campo desconocido' } satisfies Message;

/** A field's error when its value is longer than `max` characters ("Nombre", 100). */
export const fieldTooLong = (label: string, max: number): Message => ({ title: `${label} debe tener como máximo ${max} caracteres` });

// The contact API's refusals (src/server/leads/contact-routes.ts), shown as the form's `_form` error

export const contactBodyType = { title: 'Envíe el mensaje como application/json o desde un formulario' } satisfies Message;
export const contactTooMany = { title: 'Demasiados mensajes en poco tiempo. Espere un minuto o llámenos directamente.' } satisfies Message;
/** The same, on the city's own page or in its form: with the number to call ("(813) 555-0142"). */
export const contactTooManyCall = (phone: string): Message => ({ title: `Demasiados mensajes en poco tiempo. Espere un minuto o llámenos al ${phone}.` });
export const contactTooLong = (size: string): Message => ({ title: `El mensaje es demasiado largo (máximo ${size})` });
/** A used Idempotency-Key sent again with another message (422): the second message would vanish silently otherwise. */
export const idempotencyKeyReused = {
  title: 'Esta Idempotency-Key ya se usó para otro mensaje.',
  hint: 'Envíe una clave nueva con cada mensaje nuevo; reutilice una clave solo para reintentar el mismo mensaje.',
} satisfies Message;
/** The no-JavaScript error page's link from the notice at the top down to the form. */
export const goToForm = { title: 'Ir al formulario' } satisfies Message;
/** The no-JavaScript answer's link back to the form. */
export const backToContact = { title: 'Volver a la página de contacto' } satisfies Message;
export const idempotencyKeyInvalid = { title: 'La Idempotency-Key debe tener de 8 a 128 letras, dígitos o _.:-' } satisfies Message;

// The form's own words (its labels, the empty choice, the button): on a Spanish page, Spanish (issue 40).

export const fieldFirstName = { title: 'Nombre', message: 'El nombre' } satisfies Message;
export const fieldLastName = { title: 'Apellido', message: 'El apellido' } satisfies Message;
export const fieldEmail = { title: 'Correo electrónico' } satisfies Message;
export const fieldPhone = { title: 'Teléfono', message: 'El teléfono' } satisfies Message;
export const fieldService = { title: 'Servicio de interés' } satisfies Message;
export const fieldServiceNone = { title: 'Seleccione un servicio' } satisfies Message;
export const fieldMessage = { title: 'Mensaje', message: 'El mensaje' } satisfies Message;
/** The honeypot's label, hidden from people and assistive technology. */
export const fieldHoneypot = { title: 'Deje este campo vacío' } satisfies Message;
/** The button, and its word while the message is on its way. */
export const contactSend = { title: 'Enviar mensaje', message: 'Enviando...' } satisfies Message;
/** The toasts' region and its close button, for screen readers. */
export const contactToasts = { title: 'Notificación', message: 'Notificaciones ({hotkey})', hint: 'Cerrar' } satisfies Message;
