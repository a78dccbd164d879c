/**
 * Spanish (es-US) counterpart of ../terms.ts: the Terms & Conditions page (spec section 2,
 * "/terms"; section 9: payment, cancellation, governing law and the effective date), called
 * "Términos del servicio" as the glossary says. The text is the same for every clinic; only the
 * site's name, city, contact details and `config.legal` are interpolated. Plain text only: the
 * components escape it.
 */
import type { Site } from '../../page-model.js';
import { legalContact } from './legal-contact.js';
import type { LegalSection, PageMeta } from '../types.js';

/** Title and meta description of the Terms & Conditions page. */
export function termsMeta(site: Site): PageMeta {
  return {
    title: `Términos del servicio | ${site.name}`,
    description: `Términos de uso del sitio web y de los servicios de ${site.name} en ${site.city}, ${site.stateCode}: aviso médico, pago, cancelaciones y ley aplicable.`,
  };
}

/**
 * Sections of the Terms & Conditions, in page order: acceptance, medical disclaimer, website use,
 * patient responsibilities, payment and billing, cancellation, intellectual property, limitation of
 * liability, privacy, governing law, changes and contact.
 */
export function termsSections(site: Site): LegalSection[] {
  const { governingLaw, courts } = site.config.legal;
  return [
    {
      heading: 'Aceptación de los términos',
      paragraphs: [
        `Estos Términos del servicio rigen el uso que usted haga del sitio web de ${site.name} ("nosotros", "nos" o "nuestro") y de los servicios que prestamos en nuestra clínica de ${site.city}, ${site.stateName}. Al usar este sitio web o nuestros servicios, usted acepta estos términos. Si no los acepta, le pedimos que no use el sitio web.`,
      ],
    },
    {
      heading: 'Aviso médico',
      paragraphs: [
        'El contenido de este sitio web es solo para información general. No constituye consejo médico ni sustituye la evaluación, el diagnóstico o el tratamiento de un profesional de la salud calificado.',
        'El uso de este sitio web, o el envío de un mensaje a través de él, no crea una relación entre profesional de la salud y paciente. Esa relación comienza solo después de que uno de nuestros profesionales de la salud con licencia lo haya evaluado y usted haya aceptado convertirse en paciente.',
        'Los tratamientos que se describen en este sitio web se brindan solo cuando un profesional de la salud con licencia determina, después de una evaluación y de los análisis de laboratorio necesarios, que son médicamente apropiados para usted. Los resultados varían de una persona a otra, y no se garantiza ningún resultado en particular.',
        'Si tiene una emergencia médica, llame al 911 o vaya a la sala de emergencias más cercana. No use este sitio web ni nuestro formulario de contacto para buscar atención de emergencia.',
      ],
    },
    {
      heading: 'Uso del sitio web',
      paragraphs: [
        'Nuestro formulario de contacto está destinado a preguntas generales y a solicitar una consulta. No está destinado a asuntos urgentes ni a información médica detallada; le pedimos que, en su lugar, comparta su historial médico con nuestros profesionales de la salud durante su consulta.',
        'Usted acepta usar este sitio web solo con fines legales. En particular, acepta no:',
      ],
      list: [
        'enviar información falsa o engañosa, ni hacerse pasar por otra persona',
        'intentar obtener acceso no autorizado al sitio web, a sus servidores o a cualquier sistema conectado',
        'interferir con el funcionamiento del sitio web, ni enviar spam, software malicioso o solicitudes automatizadas',
        'copiar o reutilizar el contenido del sitio web, salvo en la medida en que estos términos lo permitan',
      ],
    },
    {
      heading: 'Responsabilidades del paciente',
      paragraphs: ['Como paciente, usted acepta:'],
      list: [
        'proporcionar información completa y exacta sobre su historial médico, sus medicamentos y suplementos actuales, sus alergias y sus afecciones de salud',
        'seguir el plan de tratamiento acordado con su profesional de la salud y tomar los medicamentos recetados solo según las indicaciones',
        'hacerse los análisis de laboratorio recomendados y asistir a las citas de seguimiento',
        'informarnos sin demora sobre cualquier efecto secundario, síntoma nuevo o cambio en su salud o en sus medicamentos',
        'no compartir con nadie los medicamentos que le hayan recetado',
      ],
    },
    {
      heading: 'Pagos y facturación',
      paragraphs: [
        // Spec section 9's methods, unless the city names its own (config costs.payment).
        `El pago debe hacerse en el momento del servicio. ${site.costs?.payment ?? 'Aceptamos efectivo, tarjetas de crédito y financiamiento aprobado.'}`,
        'Le explicaremos el costo de los servicios recomendados antes de comenzar el tratamiento. Si tiene preguntas sobre un cargo, comuníquese con nosotros.',
      ],
    },
    {
      heading: 'Política de cancelación',
      paragraphs: [
        'Si necesita cancelar o cambiar una cita, avísenos con al menos 24 horas de anticipación. Es posible que se cobre un cargo por las cancelaciones el mismo día o por no presentarse a la cita.',
      ],
    },
    {
      heading: 'Propiedad intelectual',
      paragraphs: [
        `El contenido de este sitio web, incluidos sus textos, gráficos, logotipos e imágenes, es propiedad de ${site.name} o de sus licenciantes y está protegido por las leyes de derechos de autor, de marcas comerciales y otras leyes. Usted puede ver e imprimir páginas para su uso personal y no comercial. Cualquier otra copia, distribución o modificación requiere nuestro permiso previo por escrito.`,
      ],
    },
    {
      heading: 'Limitación de responsabilidad',
      paragraphs: [
        'Este sitio web y su contenido se ofrecen "tal cual" y "según disponibilidad", sin garantías de ningún tipo, ni expresas ni implícitas. No garantizamos que el sitio web funcione sin interrupciones, sin errores o libre de componentes dañinos.',
        `En la máxima medida permitida por la ley, ni ${site.name} ni sus profesionales de la salud ni su personal serán responsables de ningún daño indirecto, incidental, especial o consecuente que surja del uso de este sitio web o de su contenido, o de la imposibilidad de usarlos. Nada de lo dispuesto en estos términos limita ninguna responsabilidad que no pueda limitarse según la ley aplicable.`,
      ],
    },
    {
      heading: 'Privacidad',
      paragraphs: [
        [
          'El uso que usted haga de este sitio web y de nuestros servicios también se rige por nuestra ',
          { text: 'Política de privacidad', route: '/privacy/' },
          ', que explica cómo recopilamos, usamos y protegemos su información personal y de salud. Le pedimos que la lea con atención.',
        ],
      ],
    },
    {
      heading: 'Ley aplicable',
      paragraphs: [
        `Estos términos se rigen por las leyes del Estado de ${governingLaw}, sin tener en cuenta sus normas sobre conflicto de leyes. Cualquier disputa que surja de estos términos o del uso que usted haga de este sitio web se resolverá en los tribunales de ${courts}, ${governingLaw}.`,
      ],
    },
    {
      heading: 'Cambios a los términos',
      paragraphs: [
        'Podemos actualizar estos Términos del servicio de vez en cuando. Cuando lo hagamos, publicaremos los términos revisados en esta página y cambiaremos su fecha de entrada en vigor. Si sigue usando el sitio web o nuestros servicios después de que se publiquen los cambios, significa que acepta los términos revisados.',
        `Estos términos entran en vigor el ${site.effectiveDate}.`,
      ],
    },
    {
      heading: 'Información de contacto',
      paragraphs: [
        'Si tiene preguntas sobre estos Términos del servicio, comuníquese con nosotros:',
      ],
      contact: legalContact(site),
    },
  ];
}
