/**
 * Spanish (es-US) counterpart of ../contact.ts: the Contact page's copy (spec section 2,
 * "/contact"): meta, hero, the three-step section and the text around the contact cards and the
 * 'Send Us a Message' form.
 */
import type { Site } from '../../page-model.js';
import type { Hero, PageMeta, ProcessStep } from '../types.js';

/** Title and description of the Contact page, as the spec words them. */
export function contactMeta(site: Site): PageMeta {
  return {
    // On a brand site every location has a contact page: its title names which (NOTES.md decision 16).
    title: site.placement ? `Contacto: ${site.name} en ${site.city}, ${site.stateCode}` : `Contacto: ${site.name} | Programar consulta en ${site.stateName}`,
    description: `¿Tiene preguntas sobre la terapia de testosterona, la pérdida de peso o los tratamientos antienvejecimiento? Programe una consulta en ${site.city}, ${site.stateCode} o llámenos al ${site.phone}.`,
  };
}

/** Hero of the Contact page; the title is the spec's 'Contact {product}'. */
export function contactHero(site: Site): Hero {
  return {
    eyebrow: `Programe una consulta en ${site.city}`,
    title: `Comuníquese con ${site.name}`,
    lead: `¿Tiene una pregunta o desea programar una consulta? Envíenos un mensaje o llame al ${site.phone}. Nuestro equipo le responderá en un plazo de 24 horas.`,
  };
}

/** One sentence above the address, phone, email and hours cards. */
export const CONTACT_CARDS_INTRO =
  'Visítenos, llámenos o escríbanos por correo electrónico durante el horario de la clínica, y nuestro equipo le ayudará a programar una consulta o responderá sus preguntas.';

/** The spec's three-step section. */
export const CONTACT_STEPS: ProcessStep[] = [
  {
    step: 1,
    title: 'Programar consulta',
    description:
      'Llámenos o envíenos un mensaje para programar una visita. Nos comunicaremos con usted en un plazo de 24 horas para encontrar un horario que le convenga.',
  },
  {
    step: 2,
    title: 'Evaluación completa',
    description:
      'Un profesional de la salud con licencia revisa sus síntomas, su historial médico y sus metas, y ordena los análisis de sangre necesarios para conocer su estado de salud.',
  },
  {
    step: 3,
    title: 'Inicio del tratamiento',
    description:
      'Si el tratamiento es adecuado para usted, comienza un plan personalizado con visitas de seguimiento periódicas y análisis de sangre para supervisar su progreso.',
  },
];

/** Title, lead and message placeholder of the contact form card (the title pinned as the English one is). */
export const CONTACT_FORM: { title: string; lead: string; messagePlaceholder: string } = {
  title: 'Envíenos un mensaje',
  lead: 'Complete el formulario y un miembro de nuestro equipo se comunicará con usted en un plazo de 24 horas. Comparta solo lo que le resulte cómodo; su profesional de la salud revisará los detalles con usted en su visita.',
  messagePlaceholder: 'Cuéntenos sobre sus metas de salud y cualquier pregunta que tenga...',
};

/**
 * The consent line under the Send button (not a checkbox, no extra field): what sending the form
 * agrees to, and where the privacy policy is. The policy's text is the link's.
 */
export function contactConsent(businessName: string): { before: string; link: string; after: string } {
  return {
    before: `Al enviar este mensaje, usted acepta que ${businessName} se comunique con usted por teléfono, mensaje de texto o correo electrónico sobre su solicitud. Consulte nuestra `,
    link: 'Política de privacidad',
    after: '.',
  };
}

/** Title and description of the confirmation page a form posted without script lands on. */
export function contactSentMeta(site: Site): PageMeta {
  return {
    title: site.placement ? `Mensaje enviado | ${site.name} en ${site.city}, ${site.stateCode}` : `Mensaje enviado | ${site.name}`,
    description: `Su mensaje a ${site.name} en ${site.city} se envió. Nuestro equipo se comunicará con usted en un plazo de 24 horas.`,
  };
}

/** The line under the confirmation, before the links home and to call. */
export const CONTACT_SENT_SOONER = '¿Necesita hablar antes? Llámenos durante el horario de la clínica.';
