/**
 * Spanish (es-US) counterpart of `../nad.ts`.
 *
 * Copy of the NAD+ page (spec section 2, "/nad-therapy"): what NAD+ is and why it declines, four
 * benefits, two options, nine conditions that may benefit and the four-step process.
 */
import type { Site } from '../../page-model.js';
import type { Hero, PageMeta, Point, ProcessStep } from '../types.js';

/** Title and description of the NAD+ page. */
export function nadMeta(site: Site): PageMeta {
  return {
    title: `Terapia con NAD+ en ${site.city}, ${site.stateCode} | ${site.name}`,
    description: `Terapia con NAD+ en ${site.city}, ${site.stateCode}: evaluación de salud, pruebas de biomarcadores y un protocolo de NAD+ personalizado, supervisado por un profesional de la salud con licencia.`,
  };
}

/** Hero of the NAD+ page. */
export function nadHero(site: Site): Hero {
  return {
    eyebrow: `Terapia con NAD+ en ${site.city}`,
    title: 'Terapia con NAD+ para la salud celular',
    lead: 'El NAD+ es una molécula de la que dependen todas las células para obtener energía y repararse. Evaluamos su salud, le explicamos lo que la investigación demuestra y lo que no, y le ayudamos a decidir si el apoyo con NAD+ se ajusta a sus objetivos.',
  };
}

/** What NAD+ is. */
export const NAD_WHAT_IS: string[] = [
  'El NAD+ (nicotinamida adenina dinucleótido) es una coenzima presente en todas las células del cuerpo. Ayuda a las mitocondrias a convertir los alimentos que usted come en energía utilizable, y lo necesitan las enzimas que reparan el ADN dañado y que ayudan a regular cómo responden las células al estrés.',
  'Como tantos procesos básicos dependen de él, los investigadores estudian si apoyar los niveles de NAD+ puede ayudar con la energía, el metabolismo y el envejecimiento saludable. Gran parte de esta investigación aún está en una etapa temprana, y los resultados en personas varían.',
];

/** Why NAD+ levels decline with age. */
export const NAD_DECLINE: string[] = [
  'Los estudios muestran que los niveles de NAD+ tienden a disminuir a medida que envejecemos. Parte de la razón es que el cuerpo usa más NAD+ con el tiempo: las enzimas que reparan el ADN y responden a la inflamación lo consumen más rápido a medida que el daño celular y la inflamación de bajo grado se acumulan con la edad.',
  'Al mismo tiempo, es posible que el cuerpo recicle y regenere el NAD+ con menos eficiencia. Factores del estilo de vida, como dormir mal, el exceso de alcohol, el estrés crónico y la inactividad, también pueden influir. La investigación sobre cuánto contribuyen estos cambios a los signos del envejecimiento, y sobre si restaurar el NAD+ puede revertirlos, sigue en curso.',
];

/** The four potential benefits of NAD+ therapy. */
export const NAD_BENEFITS: Point[] = [
  {
    title: 'Energía celular',
    description: 'El NAD+ es fundamental para la producción de energía en sus células, y algunos pacientes dicen sentir menos cansancio con el apoyo de NAD+.',
    icon: 'battery',
  },
  {
    title: 'Claridad mental',
    description: 'Algunos pacientes describen una mejor concentración y menos niebla mental, aunque la investigación en personas todavía es limitada.',
    icon: 'brain',
  },
  {
    title: 'Reparación celular',
    description: 'Las enzimas que reparan el ADN usan NAD+, y por eso se estudia como parte del envejecimiento saludable.',
    icon: 'shield',
  },
  {
    title: 'Salud metabólica',
    description: 'Las primeras investigaciones sugieren que el NAD+ puede favorecer un metabolismo saludable; los resultados varían de una persona a otra.',
    icon: 'activity',
  },
];

/** The two ways to support NAD+ levels. */
export const NAD_OPTIONS: Point[] = [
  {
    title: 'Suplementos como NMN y NR',
    description:
      'Precursores orales como el NMN (mononucleótido de nicotinamida) y el NR (ribósido de nicotinamida), que el cuerpo puede convertir en NAD+. Se venden como suplementos dietéticos, cuya eficacia la FDA no revisa, por lo que le ayudamos a elegirlos y usarlos de forma sensata.',
    icon: 'pill',
  },
  {
    title: 'Infusiones IV e inyecciones intramusculares',
    description:
      'NAD+ con receta, administrado como infusión intravenosa (IV) o como inyección intramuscular y preparado por una farmacia con licencia. El NAD+ no está aprobado por la FDA para tratar ninguna afección, por lo que solo se receta después de una evaluación, y las infusiones se administran lentamente y bajo supervisión.',
    icon: 'syringe',
  },
];

/** Nine conditions and goals that may benefit from NAD+ support; research is ongoing. */
export const NAD_CONDITIONS: string[] = [
  'Cansancio persistente o falta de energía, una vez descartadas otras causas médicas',
  'Disminución del vigor y la vitalidad relacionada con la edad',
  'Niebla mental o dificultad para concentrarse',
  'Recuperación lenta después del ejercicio o del esfuerzo físico',
  'Disminución de la resistencia física',
  'Agotamiento relacionado con el estrés',
  'Problemas de salud metabólica, junto con la atención médica habitual',
  'Objetivos de envejecimiento saludable y longevidad',
  'Salud celular general como parte de un plan antienvejecimiento',
];

/** The four-step NAD+ process. */
export const NAD_STEPS: ProcessStep[] = [
  {
    step: 1,
    title: 'Evaluación',
    description:
      'Un profesional de la salud con licencia revisa sus síntomas, sus antecedentes médicos, sus medicamentos y sus objetivos, y busca otras causas del cansancio o de la niebla mental.',
  },
  {
    step: 2,
    title: 'Pruebas de biomarcadores',
    description:
      'Los análisis de sangre revisan marcadores de salud metabólica, hormonal y general, lo que da una referencia inicial y ayuda a descartar afecciones que necesitan otro tratamiento.',
  },
  {
    step: 3,
    title: 'Protocolo personalizado',
    description:
      'Si el apoyo con NAD+ es apropiado, su profesional de la salud le recomienda suplementos, inyecciones o infusiones, le explica la evolución esperada y los posibles efectos secundarios, y establece un calendario.',
  },
  {
    step: 4,
    title: 'Optimización continua',
    description:
      'Las visitas de seguimiento y las pruebas repetidas permiten ver cómo se siente y cómo responde, y su protocolo se ajusta o se suspende según los resultados.',
  },
];

/** The closing call to action of the NAD+ page. */
export function nadCta(site: Site): { title: string; lead: string } {
  return {
    title: 'Conozca la terapia con NAD+',
    lead: `Programe una consulta con ${site.name} en ${site.city} o llame al ${site.phone} para saber si la terapia con NAD+ puede ajustarse a sus objetivos de salud.`,
  };
}
