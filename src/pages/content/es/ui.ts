/**
 * Spanish (es-US) counterpart of ../ui.ts: the words of the page components (buttons, section
 * headings, screen-reader labels, the footer). Formal (usted), with the glossary's terms
 * (./glossary.ts). Proper names and config values are passed in as given.
 */

// Calls to action (components/ui.tsx).
export const SCHEDULE_CONSULTATION = 'Programar consulta';
export const CALL_NOW = 'Llamar ahora';
/** A tap-to-call button's text: "Llamar al (813) 555-0100". */
export function callPhone(phone: string): string {
  return `Llamar al ${phone}`;
}
/** Said to screen readers before a numbered step's title. */
export function stepLabel(step: number): string {
  return `Paso ${step}: `;
}

// Navigation and the footer.
export const HOME = 'Inicio';
export const ABOUT = 'Nosotros';
export const CONTACT = 'Contacto';
export const PRIVACY_POLICY = 'Política de privacidad';
export const TERMS = 'Términos del servicio';
export const FOOTER_SERVICES = 'Servicios';
export const FOOTER_CONTACT = 'Contacto';
export const CONSULTATIONS = 'Consultas';
export const SOCIAL_MEDIA = 'Redes sociales';
/** A social profile's accessible name: "Prime Men's Health en Instagram". */
export function onNetwork(name: string, network: string): string {
  return `${name} en ${network}`;
}
/** The footer's copyright line; the year when the build gave one. */
export function copyright(year: string | undefined, name: string): string {
  return `© ${year ? `${year} ` : ''}${name}. Todos los derechos reservados.`;
}
export const BREADCRUMB = 'Ruta de navegación';
/** The logo link's accessible name. */
export function logoHome(name: string): string {
  return `${name}: página de inicio`;
}

// The clinic's parts.
export function clinicPhotosTitle(city: string): string {
  return `Nuestra clínica de ${city}`;
}
export function teamTitle(city: string): string {
  return `Nuestro equipo de ${city}`;
}
export const AREAS_WE_SERVE = 'Zonas que atendemos';
export const COSTS_FIRST_VISIT = 'Primera visita';
export const COSTS_PAYMENT = 'Pago';
export const COSTS_INSURANCE = 'Seguro médico';

// Home page.
export const OUR_SERVICES = 'Nuestros servicios';
export function servicesLead(city: string): string {
  return `Tratamientos supervisados por médicos para hombres en ${city}, cada uno recetado después de una evaluación médica.`;
}
export const MORE_TREATMENTS = 'Más tratamientos';
export function careCloseToHome(city: string): string {
  return `Atención cerca de usted en ${city}`;
}
export const FAQ_TITLE = 'Preguntas frecuentes';
export const LEARN_MORE = 'Más información';
/** Said to screen readers after "Más información". */
export function learnMoreAbout(title: string): string {
  return ` sobre ${title}`;
}

// TRT page.
export const TRT_LOW_T_TITLE = 'Qué es la testosterona baja';
export const TRT_OPTIONS_TITLE = 'Opciones de tratamiento';
export const TRT_BENEFITS_TITLE = 'Posibles beneficios de la TRT';
export const TRT_PROCESS_TITLE = 'Nuestro proceso';

// Semaglutide page.
export const SEMAGLUTIDE_HOW_TITLE = 'Cómo funciona la semaglutida';
export const SEMAGLUTIDE_PROGRAM_TITLE = 'Nuestro programa de pérdida de peso';
export const SEMAGLUTIDE_BENEFITS_TITLE = 'Beneficios de la semaglutida';
export const SEMAGLUTIDE_CANDIDACY_TITLE = '¿Es la semaglutida adecuada para usted?';
export const SEMAGLUTIDE_GOOD_CANDIDATES = 'Buenos candidatos';
export const SEMAGLUTIDE_NOT_SUITABLE = 'No es adecuada para';
export const SEMAGLUTIDE_CANDIDACY_NOTE = 'Un profesional de la salud con licencia decide si usted es candidato después de una evaluación médica y análisis de sangre.';

// NAD+ page.
export const NAD_WHAT_IS_TITLE = '¿Qué es el NAD+?';
export const NAD_DECLINE_TITLE = 'Por qué disminuyen los niveles de NAD+';
export const NAD_BENEFITS_TITLE = 'Posibles beneficios de la terapia con NAD+';
export const NAD_OPTIONS_TITLE = 'Opciones de tratamiento con NAD+';
export const NAD_CONDITIONS_TITLE = 'Afecciones que pueden beneficiarse';
export const NAD_PROCESS_TITLE = 'Nuestro proceso de terapia con NAD+';

// The other service pages.
export const SERVICE_PROCESS_TITLE = 'Cómo funciona';
export const SERVICE_SAFETY_TITLE = 'La seguridad es lo primero';

// About page (and a location's page on a brand site).
export const ABOUT_MISSION_TITLE = 'Nuestra misión';
export const ABOUT_VALUES_TITLE = 'Nuestros valores';
export const ABOUT_APPROACH_TITLE = 'Nuestro enfoque';
export const ABOUT_SPECIALTIES_TITLE = 'Nuestras especialidades';
export function whyCityTitle(city: string): string {
  return `Por qué ${city}`;
}
export const CONTACT_INFORMATION = 'Información de contacto';
export function localQuestionsTitle(city: string): string {
  return `Preguntas de pacientes de ${city}`;
}
export function visitUsTitle(city: string): string {
  return `Visítenos en ${city}`;
}
export function visitUsLead(phone: string): string {
  return `Llame al ${phone} o envíenos un mensaje para programar su consulta.`;
}

// A location's own page of a treatment (brand site).
/** Before the link to the brand's page of the treatment; the link follows after a space. */
export function treatmentWhatIs(label: string): string {
  return `Qué es ${label}, para quién puede ser adecuada y cómo funciona:`;
}
/** The link's text: "Terapia TRT en Prime Men's Health". */
export function treatmentAt(label: string, name: string): string {
  return `${label} en ${name}`;
}

// Legal pages.
export function effectiveDate(date: string): string {
  return `Fecha de entrada en vigor: ${date}`;
}

// Not-found page.
export function notFoundDescription(name: string): string {
  return `La página que solicitó no está en el sitio web de ${name}.`;
}
export const PAGES_OF_SITE = 'Páginas de este sitio';

// Contact page.
export const GET_IN_TOUCH = 'Comuníquese con nosotros';
export const CONTACT_PHONE = 'Teléfono';
export const CONTACT_EMAIL = 'Correo electrónico';
export const CONTACT_HOURS = 'Horario';
export const FOLLOW_US = 'Síganos';
export const NEXT_STEPS_TITLE = 'Qué sucede después';

// Confirmation page.
export const BACK_HOME = 'Volver a la página de inicio';
