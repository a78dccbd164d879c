/**
 * Spanish (es-US) counterpart of ../privacy.ts: the Privacy Policy page (spec section 2,
 * "/privacy"). Its effective date is the city's own (config.legal.effectiveDate: NOTES.md decision
 * 14; the samples keep the spec's January 1, 2024). The text is the same for every clinic; only
 * the site's name, city, state and contact details are interpolated. Plain text only: the
 * components escape it.
 */
import type { Site } from '../../page-model.js';
import { legalContact } from './legal-contact.js';
import type { LegalSection, PageMeta } from '../types.js';

/** Title and meta description of the Privacy Policy page. */
export function privacyMeta(site: Site): PageMeta {
  return {
    title: `Política de privacidad | ${site.name}`,
    description: `Cómo ${site.name}, en ${site.city}, ${site.stateCode}, recopila, usa y protege su información personal y de salud, y sus derechos según la ley HIPAA.`,
  };
}

/**
 * Sections of the Privacy Policy, in page order: information collected (personal and automatic),
 * use, HIPAA rights, sharing, data security, cookies, user rights, changes and contact.
 */
export function privacySections(site: Site): LegalSection[] {
  return [
    {
      heading: 'Información que recopilamos',
      paragraphs: [
        `Esta Política de privacidad explica cómo ${site.name} ("nosotros", "nos" o "nuestro"), una clínica de salud masculina en ${site.city}, ${site.stateName}, recopila, usa y protege la información sobre los visitantes de nuestro sitio web y sobre nuestros pacientes.`,
      ],
      subsections: [
        {
          heading: 'Información personal',
          paragraphs: [
            'Recopilamos la información personal que usted decide darnos. Cuando nos envía un mensaje mediante el formulario de contacto de nuestro sitio web, esta consiste en su nombre y apellido, su dirección de correo electrónico, su número de teléfono si lo proporciona, el servicio que le interesa y el texto de su mensaje.',
            'Cuando nos llama, programa una cita o se convierte en paciente, también recopilamos la información necesaria para brindarle atención y facturarla, como su fecha de nacimiento, sus datos de contacto, su historial médico, sus medicamentos, sus resultados de laboratorio, sus registros de tratamiento y su información de pago.',
            'Por favor, no envíe información médica urgente o detallada mediante el formulario de contacto ni por correo electrónico. Si tiene una emergencia médica, llame al 911.',
          ],
        },
        {
          heading: 'Información recopilada automáticamente',
          paragraphs: [
            'Cuando visita nuestro sitio web, los servidores que lo entregan pueden registrar automáticamente información técnica estándar, como su dirección IP, el tipo y la versión de su navegador, el tipo de dispositivo, las páginas que solicita, la página que lo remitió y la fecha y la hora de su visita.',
            'Usamos esta información para operar, proteger y solucionar problemas del sitio web. No la usamos para identificarlo personalmente, excepto cuando sea necesario para investigar un uso indebido del sitio web o cuando lo exija la ley.',
          ],
        },
      ],
    },
    {
      heading: 'Cómo usamos su información',
      paragraphs: ['Usamos la información que recopilamos para:'],
      list: [
        'responder a sus preguntas y solicitudes, incluidos los mensajes enviados mediante nuestro formulario de contacto',
        'programar consultas, citas, análisis de laboratorio y visitas de seguimiento',
        'evaluar, brindar y coordinar su atención médica',
        'procesar pagos y mantener registros de facturación',
        'enviar recordatorios de citas y otras comunicaciones sobre su atención',
        'operar, mantener, proteger y mejorar nuestro sitio web',
        'cumplir con obligaciones legales, reglamentarias y profesionales',
      ],
    },
    {
      heading: 'Sus derechos según la ley HIPAA',
      paragraphs: [
        'La información de salud que creamos o recibimos al brindarle atención es información de salud protegida según la Ley de Portabilidad y Responsabilidad de Seguros Médicos (HIPAA). Nuestro Aviso de prácticas de privacidad describe en detalle cómo podemos usarla y divulgarla, y usted puede pedirnos una copia impresa de ese aviso en cualquier momento.',
        'Según la ley HIPAA, usted tiene derecho a:',
      ],
      list: [
        'examinar y obtener una copia de sus expedientes médicos y de facturación, en papel o en formato electrónico',
        'solicitar una enmienda de la información de salud que considere incorrecta o incompleta',
        'recibir un informe de ciertas divulgaciones que hayamos hecho de su información de salud',
        'solicitar restricciones sobre cómo usamos o divulgamos su información de salud, incluidas restricciones sobre las divulgaciones a su plan de salud de servicios que usted mismo pague en su totalidad',
        'solicitar que nos comuniquemos con usted de manera confidencial, por ejemplo, en otra dirección o a otro número de teléfono',
        'recibir una copia impresa de nuestro Aviso de prácticas de privacidad',
        'ser notificado si una violación de seguridad afecta su información de salud no asegurada',
        'presentar una queja ante nosotros, o ante la Oficina de Derechos Civiles del Departamento de Salud y Servicios Humanos de los EE. UU., si cree que se han violado sus derechos de privacidad; no tomaremos represalias contra usted por presentar una queja',
      ],
    },
    {
      heading: 'Cómo compartimos la información',
      paragraphs: [
        'No vendemos su información personal ni su información de salud, y no la compartimos con fines publicitarios.',
        'Compartimos información solo en la medida necesaria para prestar nuestros servicios y según lo permita o exija la ley, incluso con:',
      ],
      list: [
        'médicos, enfermeros y otros profesionales de la salud que participan en su atención',
        'laboratorios que realizan los análisis ordenados como parte de su atención',
        'farmacias que surten sus recetas',
        'procesadores de pagos que gestionan las transacciones con tarjeta y de financiamiento',
        'prestadores de servicios que alojan nuestro sitio web y nuestros sistemas, en virtud de acuerdos que les exigen proteger su información',
        'autoridades gubernamentales, tribunales u otros cuando lo exija la ley, por ejemplo, en respuesta a una citación judicial o para proteger la salud y la seguridad públicas',
      ],
    },
    {
      heading: 'Seguridad de los datos',
      paragraphs: [
        'Usamos medidas de protección administrativas, técnicas y físicas diseñadas para proteger su información contra el acceso, el uso, la alteración y la divulgación no autorizados. El acceso a la información de salud se limita a las personas que la necesitan para brindar atención o administrar nuestra clínica.',
        'Ningún sitio web, correo electrónico ni sistema de almacenamiento electrónico es completamente seguro, y no podemos garantizar la seguridad absoluta de la información que se nos envía por internet. El correo electrónico común no está cifrado, así que le pedimos que no nos envíe información de salud confidencial por correo electrónico.',
      ],
    },
    {
      heading: 'Cookies',
      paragraphs: [
        'Las cookies son pequeños archivos de texto que un sitio web puede guardar en su navegador. Nuestro sitio web puede navegarse sin cookies, y no usamos cookies publicitarias ni de seguimiento entre sitios.',
        'Si en el futuro agregamos cookies o tecnologías similares, por ejemplo, para medir cómo se usa el sitio web, actualizaremos esta política para describirlas. La mayoría de los navegadores le permiten ver, bloquear y eliminar cookies en su configuración.',
      ],
    },
    {
      heading: 'Sus derechos',
      paragraphs: [
        'Además de sus derechos según la ley HIPAA, y sujeto a la ley aplicable, usted puede hacer las solicitudes que se indican a continuación. Para hacer una, comuníquese con nosotros por los medios que figuran al final de esta política; es posible que debamos verificar su identidad antes de atenderla, y le responderemos dentro del plazo que exija la ley.',
      ],
      list: [
        'Acceso: solicitar una copia de la información personal que tenemos sobre usted',
        'Corrección: pedirnos que corrijamos la información personal que sea inexacta o incompleta',
        'Eliminación: pedirnos que eliminemos la información personal que ya no necesitemos, excepto los registros que debemos conservar por ley, como los expedientes médicos',
        'Portabilidad: recibir su información personal en un formato electrónico de uso común, o pedir que se envíe a otro prestador de servicios',
        'Exclusión voluntaria: dejar de recibir mensajes de marketing o promocionales de nuestra parte en cualquier momento',
      ],
    },
    {
      heading: 'Cambios a esta política',
      paragraphs: [
        'Podemos actualizar esta Política de privacidad de vez en cuando. Cuando lo hagamos, publicaremos la política revisada en esta página y cambiaremos su fecha de entrada en vigor. Si sigue usando nuestro sitio web después de que se publiquen los cambios, significa que acepta la política revisada.',
        `Esta política entra en vigor el ${site.effectiveDate}.`,
      ],
    },
    {
      heading: 'Contáctenos',
      paragraphs: [
        'Si tiene preguntas sobre esta Política de privacidad, desea ejercer sus derechos o quiere presentar una queja sobre privacidad, comuníquese con nosotros:',
      ],
      contact: legalContact(site),
    },
  ];
}
