/**
 * Spanish (es-US) counterpart of `../peptide.ts`.
 *
 * Copy of the Peptide Therapy page (docs/decisions/008-service-toggles.md). Deliberately cautious: no compound is
 * promised, and availability depends on FDA rules and pharmacy regulation.
 */
import type { ServicePageCopy } from '../types.js';

/** The Peptide Therapy page. */
export const PEPTIDE_PAGE: ServicePageCopy = {
  meta: (site) => ({
    title: `Terapia con péptidos en ${site.city}, ${site.stateCode} | ${site.name}`,
    description: `Terapia con péptidos en ${site.city}, ${site.stateCode}, considerada caso por caso tras una evaluación médica y recetada solo donde las normas de la FDA y de farmacia lo permiten.`,
  }),
  hero: (site) => ({
    eyebrow: `Terapia con péptidos en ${site.city}`,
    title: 'Terapia con péptidos, considerada con cuidado',
    lead: 'Los péptidos reciben mucha atención en internet. Nosotros adoptamos un enfoque cuidadoso y basado en la evidencia: primero una evaluación, consejos honestos sobre lo que muestra la investigación y una receta solo cuando un tratamiento es apropiado y está disponible legalmente.',
  }),
  intro: [
    'Los péptidos son cadenas cortas de aminoácidos que actúan como señales en el cuerpo. Algunos medicamentos peptídicos, como la insulina y los medicamentos GLP-1 como la semaglutida, están aprobados por la FDA y bien estudiados. Muchos otros péptidos que se promocionan para la recuperación, la composición corporal o el antienvejecimiento cuentan con poca investigación en personas y no están aprobados por la FDA.',
    'Los péptidos que se pueden recetar cambian con el tiempo. La FDA restringe qué sustancias pueden usar las farmacias para preparar medicamentos compuestos, y algunos péptidos que antes estaban ampliamente disponibles ya no pueden prepararse legalmente como medicamentos compuestos. Solo recetamos productos que están permitidos actualmente y que dispensa una farmacia con licencia, y solo después de que un profesional de la salud con licencia lo haya evaluado.',
  ],
  sections: [
    {
      title: 'Objetivos que podemos conversar',
      lead: 'Su profesional de la salud le dirá con honestidad si un péptido es una opción razonable para su objetivo, o si otro enfoque tiene mejor respaldo.',
      points: [
        {
          title: 'Control del peso',
          description: 'Los medicamentos peptídicos GLP-1 aprobados por la FDA pueden ser una opción para adultos que cumplan los requisitos, como parte de un programa con monitoreo.',
          icon: 'scale',
        },
        {
          title: 'Recuperación y composición corporal',
          description: 'Muchos péptidos que se comercializan para estos objetivos tienen poca evidencia en personas; revisamos lo que se sabe antes de recomendar cualquier cosa.',
          icon: 'dumbbell',
        },
        {
          title: 'Envejecimiento saludable',
          description: 'Nos enfocamos en bases comprobadas, como el sueño, la alimentación, el ejercicio y la atención guiada por análisis de sangre, junto con cualquier conversación sobre péptidos.',
          icon: 'sparkles',
        },
      ],
    },
    {
      title: 'Nuestros estándares',
      points: [
        {
          title: 'Evaluación antes de recetar',
          description: 'Todo péptido se receta solo después de que un profesional de la salud con licencia revisa sus antecedentes, sus medicamentos y sus análisis de sangre.',
          icon: 'stethoscope',
        },
        {
          title: 'Solo farmacias con licencia',
          description: 'Nunca usamos productos etiquetados solo para uso en investigación ni obtenidos fuera del sistema regulado de farmacias.',
          icon: 'shield',
        },
        {
          title: 'Seguimiento y monitoreo',
          description: 'Los controles periódicos permiten ver cómo responde y detectar efectos secundarios, y el tratamiento se suspende si no le está ayudando.',
          icon: 'clipboard',
        },
      ],
    },
  ],
  steps: [
    {
      step: 1,
      title: 'Consulta',
      description: 'Hable con un profesional de la salud con licencia sobre sus objetivos, sus síntomas, sus antecedentes médicos y los medicamentos que toma actualmente.',
    },
    {
      step: 2,
      title: 'Evaluación y análisis de sangre',
      description: 'Los análisis establecen una referencia inicial y ayudan a descartar afecciones que requieren otro tratamiento.',
    },
    {
      step: 3,
      title: 'Revisión de la evidencia y plan',
      description: 'Su profesional de la salud le explica qué opciones tienen respaldo y están disponibles legalmente, junto con sus riesgos, y solo receta un tratamiento si es apropiado.',
    },
    {
      step: 4,
      title: 'Monitoreo',
      description: 'Las visitas de seguimiento y los análisis de sangre verifican su respuesta y su seguridad, y el plan se ajusta o se suspende según sea necesario.',
    },
  ],
  safety: [
    'Los péptidos son tratamientos con receta y solo se proporcionan después de una evaluación por parte de un profesional de la salud con licencia.',
    'La disponibilidad depende de las normas vigentes de la FDA y de las regulaciones estatales de farmacia, por lo que es posible que un péptido específico no esté disponible.',
    'Algunos péptidos no son adecuados para personas con antecedentes de cáncer, que estén embarazadas o planeen un embarazo, o que tengan otras afecciones médicas determinadas.',
    'Los posibles efectos secundarios incluyen reacciones en el lugar de la inyección y otros propios de cada medicamento; su profesional de la salud los revisará con usted.',
    'La investigación sobre muchos péptidos es limitada, y los resultados varían de una persona a otra.',
  ],
  cta: (site) => ({
    title: 'Pregunte si la terapia con péptidos se ajusta a sus objetivos',
    lead: `Programe una consulta con ${site.name} en ${site.city} o llame al ${site.phone} para tener una conversación honesta y basada en la evidencia sobre sus opciones.`,
  }),
};
