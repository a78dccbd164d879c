/**
 * Spanish (es-US) counterpart of `../home.ts`.
 *
 * Copy of the home page (spec section 2, "Home" and "FAQ"): hero, service cards, Why Choose,
 * the six FAQ answers and the closing call to action.
 */
import type { ServiceKey } from '../../../config/schema.js';
import type { Site } from '../../page-model.js';
import type { FaqItem, Hero, PageMeta, Point, ServiceCard } from '../types.js';

const CARE: Record<ServiceKey, string> = {
  trt: 'terapia de reemplazo de testosterona',
  semaglutide: 'pérdida de peso con semaglutida',
  nadTherapy: 'terapia con NAD+',
  hormone_optimization: 'optimización hormonal',
  peptideTherapy: 'terapia con péptidos',
  vitaminInjections: 'inyecciones de vitaminas',
};

/** Spanish 'and': 'e' before a word that starts with the sound /i/ ('i-', 'hi-' not followed by a vowel). */
function conjunction(next: string): string {
  return /^h?[ií](?![aeiouáéíóú])/i.test(next) ? 'e' : 'y';
}

/** The site's enabled services as a phrase ('a, b and c'), at most `max` of them, in catalogue order. */
export function offeredCare(site: Site, max = 6): string {
  const names = site.services.slice(0, max).map((s) => CARE[s.key]);
  if (names.length === 0) return 'atención de salud masculina';
  if (names.length === 1) return names[0]!;
  const last = names[names.length - 1]!;
  return `${names.slice(0, -1).join(', ')} ${conjunction(last)} ${last}`;
}

/** Title and description of the home page. */
export function homeMeta(site: Site): PageMeta {
  return {
    title: `${site.name} | Clínica de salud masculina en ${site.city}, ${site.stateCode}`,
    description: `Clínica de salud masculina en ${site.city}, ${site.stateCode} que ofrece ${offeredCare(site, 3)}, con base en análisis de sangre.`,
  };
}

/** Hero of the home page; the headline is the spec's 'Revitalize Your Health in {city}'. */
export function homeHero(site: Site): Hero {
  return {
    eyebrow: `Clínica de salud masculina en ${site.city}, ${site.stateCode}`,
    title: `Revitalice su salud en ${site.city}`,
    lead: `Le ofrecemos ${offeredCare(site, 3)} bajo supervisión médica, con base en análisis de sangre, un plan de tratamiento personalizado y un seguimiento periódico con un profesional de la salud con licencia.`,
  };
}

/** One card per service; the three core cards come first, each with exactly three features. */
export const SERVICE_CARDS: Record<ServiceKey, ServiceCard> = {
  trt: {
    title: 'Terapia TRT',
    description:
      'Terapia de reemplazo de testosterona para hombres con síntomas de testosterona baja confirmada mediante análisis de sangre, recetada y monitoreada por un profesional de la salud con licencia.',
    icon: 'syringe',
    color: 'brand',
    link: '/trt-therapy/',
    features: ['Diagnóstico confirmado por análisis de sangre', 'Opciones inyectables y orales', 'Análisis de sangre periódicos de seguimiento'],
  },
  semaglutide: {
    title: 'Pérdida de peso con semaglutida',
    description:
      'Un programa de pérdida de peso con supervisión médica, con inyecciones de semaglutida una vez por semana, monitoreo médico y apoyo en el estilo de vida.',
    icon: 'scale',
    color: 'emerald',
    link: '/semaglutide/',
    features: ['Inyecciones una vez por semana', 'Monitoreo médico', 'Apoyo en nutrición y estilo de vida'],
  },
  nadTherapy: {
    title: 'Terapia con NAD+',
    description:
      'El NAD+ es una coenzima que todas las células usan para producir energía. Revisamos su salud y sus objetivos, y hablamos con usted sobre si el apoyo con NAD+ podría ser adecuado para usted.',
    icon: 'battery',
    color: 'violet',
    link: '/nad-therapy/',
    features: ['Evaluación de salud y biomarcadores', 'Opciones de suplementos, infusiones IV e inyecciones', 'Protocolo personalizado'],
  },
  hormone_optimization: {
    title: 'Optimización hormonal',
    description:
      'Una mirada más amplia a la salud hormonal, que incluye el equilibrio de la tiroides, la DHEA y el estradiol, guiada por los resultados de sus análisis y por sus síntomas.',
    icon: 'activity',
    color: 'sky',
    link: '/hormone-optimization/',
    features: ['Panel hormonal completo', 'Tratamiento solo cuando los análisis lo respaldan', 'Monitoreo continuo'],
  },
  peptideTherapy: {
    title: 'Terapia con péptidos',
    description:
      'Tratamientos con péptidos considerados caso por caso, recetados solo después de una evaluación y solo donde las normas de la FDA y las regulaciones de farmacia lo permiten.',
    icon: 'flask',
    color: 'amber',
    link: '/peptide-therapy/',
    features: ['Primero, una evaluación por un profesional de la salud', 'Obtenidos de farmacias con licencia', 'Seguimiento y monitoreo'],
  },
  vitaminInjections: {
    title: 'Inyecciones de vitaminas',
    description:
      'Inyecciones de vitamina B12 y otros nutrientes para pacientes cuyos análisis de sangre muestran una deficiencia o que absorben mal los nutrientes por vía oral.',
    icon: 'droplet',
    color: 'rose',
    link: '/vitamin-injections/',
    features: ['Análisis para detectar deficiencias', 'Inyecciones de vitamina B12', 'Dosis según sus análisis'],
  },
};

/** The 'Why Choose' section with the spec's three points. */
export function whyChoose(site: Site): { title: string; lead: string; points: Point[] } {
  return {
    title: `Por qué elegir ${site.name}`,
    lead: `Los pacientes de ${site.city} acuden a nosotros por una atención de salud masculina cuidadosa y basada en la evidencia, y por un equipo que les explica cada paso.`,
    points: [
      {
        title: 'Equipo médico experto',
        description:
          'Profesionales de la salud con licencia, dedicados a la salud masculina, evalúan sus síntomas, sus antecedentes y los resultados de sus análisis antes de recomendar cualquier tratamiento.',
        icon: 'stethoscope',
      },
      {
        title: 'Planes de tratamiento personalizados',
        description:
          'Su plan se elabora en torno a sus análisis de sangre, sus antecedentes médicos y sus objetivos, y se ajusta a medida que cambian sus resultados y sus necesidades.',
        icon: 'clipboard',
      },
      {
        title: 'Atención segura y monitoreada',
        description:
          'Cada tratamiento incluye visitas de seguimiento programadas y análisis de sangre para que su profesional de la salud pueda seguir su progreso y vigilar los efectos secundarios.',
        icon: 'shield',
      },
    ],
  };
}

/** The six FAQ items, in the spec's order of topics; a question about a service goes with it. */
/** Spec section 2: coverage varies; contact your insurer; the team helps with claims and payment options. */
const INSURANCE_QUESTION: FaqItem = {
  question: '¿El seguro cubre el tratamiento?',
  answer:
    'La cobertura del seguro varía según el plan y el tratamiento. Le recomendamos comunicarse con su compañía de seguros para preguntar qué cubre su plan. Nuestro equipo puede ayudarle con la documentación de las reclamaciones y hablar con usted sobre otras opciones de pago.',
};

export const FAQ: FaqItem[] = [
  {
    service: 'trt',
    question: '¿Qué es la terapia de reemplazo de testosterona (TRT)?',
    answer:
      'La TRT es un tratamiento médico para hombres cuyo cuerpo no produce suficiente testosterona. Solo se receta después de que un profesional de la salud con licencia revisa sus síntomas y confirma la testosterona baja con análisis de sangre. Las opciones incluyen la testosterona inyectable y otras alternativas que su profesional de la salud puede comentar con usted. El tratamiento va acompañado de análisis de sangre periódicos para mantener sus niveles en un rango saludable y vigilar los efectos secundarios.',
  },
  {
    service: 'semaglutide',
    question: '¿Qué tan eficaz es la semaglutida para la pérdida de peso?',
    answer:
      'En estudios clínicos, las personas que usaron semaglutida junto con cambios en la alimentación y la actividad física perdieron en promedio un 15-20% de su peso corporal. Los resultados individuales varían y dependen de su punto de partida, su dosis, qué tan bien tolera el medicamento y los cambios que haga en su estilo de vida. Su profesional de la salud monitorea su progreso y ajusta el plan con el tiempo.',
  },
  {
    service: 'nadTherapy',
    question: '¿Cuáles son los beneficios de la terapia con NAD+?',
    answer:
      'El NAD+ es una coenzima que sus células usan para convertir los alimentos en energía y para reparar el ADN, y sus niveles disminuyen con la edad. Algunos pacientes dicen notar más energía, mejor concentración y una mejor recuperación con el apoyo de NAD+, pero la investigación en personas todavía está en curso y los resultados varían. Su profesional de la salud le explicará lo que se sabe, lo que no se sabe y si la terapia con NAD+ tiene sentido para usted.',
  },
  {
    question: '¿Quién es un buen candidato para el tratamiento?',
    answer:
      'Depende del tratamiento. La TRT es para hombres con síntomas de testosterona baja confirmada por análisis de sangre. La semaglutida puede ser adecuada para adultos con un IMC de 30 o más, o de 27 o más con una afección de salud relacionada con el peso, que no tengan contraindicaciones. En todos los casos, un profesional de la salud con licencia revisa sus antecedentes médicos, sus medicamentos y los resultados de sus análisis antes de recomendarle cualquier cosa.',
  },
  {
    question: '¿Qué debo esperar en mi primera consulta?',
    answer:
      'Su primera visita es una conversación con un profesional de la salud con licencia sobre sus síntomas, antecedentes médicos, medicamentos y objetivos. Su profesional de la salud le indicará los análisis de sangre necesarios para conocer su estado de salud, revisará los resultados con usted y le explicará las opciones de tratamiento, incluidos sus riesgos, sus costos y el monitoreo que requieren. No tiene ninguna obligación de comenzar un tratamiento.',
  },
  INSURANCE_QUESTION,
];

/** The closing call to action of the home page. */
export function closingCta(site: Site): { title: string; lead: string } {
  return {
    title: '¿Listo para dar el primer paso?',
    lead: `Programe una consulta con ${site.name} en ${site.city} o llámenos al ${site.phone}. Un profesional de la salud con licencia revisará su salud y sus objetivos y le explicará sus opciones.`,
  };
}

/** The FAQ of a site: the six questions, less those about services it does not offer. */
export function faqFor(site: Site): FaqItem[] {
  const insurance = site.costs?.insurance;
  return FAQ.filter((q) => !q.service || site.config.services[q.service]).map((q) =>
    // The specification's insurance answer stays; the city's own sentence follows it.
    q === INSURANCE_QUESTION && insurance ? { ...q, more: insurance } : q,
  );
}
