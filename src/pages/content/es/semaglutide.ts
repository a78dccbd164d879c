/**
 * Spanish (es-US) counterpart of `../semaglutide.ts`.
 *
 * Copy of the page at /semaglutide/ (spec section 2, "/semaglutide"): how it works, the program, six
 * benefits and who is and is not a candidate.
 */
import type { Site } from '../../page-model.js';
import type { Hero, PageMeta, Point } from '../types.js';

/** Title and description of the page (semaglutideMeta). */
export function semaglutideMeta(site: Site): PageMeta {
  return {
    title: `Pérdida de peso con semaglutida en ${site.city}, ${site.stateCode} | ${site.name}`,
    description: `Pérdida de peso con semaglutida bajo supervisión médica en ${site.city}, ${site.stateCode}: inyecciones semanales, monitoreo médico y apoyo en el estilo de vida de parte de un profesional de la salud con licencia.`,
  };
}

/** Hero of the page (semaglutideHero). */
export function semaglutideHero(site: Site): Hero {
  return {
    eyebrow: `Pérdida de peso con supervisión médica en ${site.city}`,
    title: 'Programa de pérdida de peso con semaglutida',
    lead: 'Un programa supervisado por un médico que combina inyecciones de semaglutida una vez por semana con controles periódicos y apoyo práctico en el estilo de vida, para adultos a quienes les ha costado bajar de peso por su cuenta.',
  };
}

/** How the medication works, in plain language. */
export const SEMAGLUTIDE_HOW_IT_WORKS: string[] = [
  'La semaglutida es un agonista del receptor de GLP-1. Actúa como el GLP-1, una hormona que su intestino libera después de comer y que le indica a su cerebro que está satisfecho. Bajo sus nombres de marca, la semaglutida está aprobada por la FDA para el control crónico del peso en adultos con obesidad, o con sobrepeso y al menos una afección de salud relacionada con el peso.',
  'Al actuar sobre los centros del apetito en el cerebro, la semaglutida reduce el hambre y los antojos, por lo que muchas personas se sienten satisfechas con porciones más pequeñas. También retrasa el vaciamiento gástrico, es decir, los alimentos salen del estómago más lentamente y usted se siente lleno por más tiempo después de comer.',
  'La semaglutida también ayuda a regular el azúcar en la sangre, ya que estimula al páncreas a liberar insulina cuando el azúcar en la sangre sube. Funciona mejor junto con una dieta reducida en calorías y más actividad física, y solo se receta después de que un profesional de la salud con licencia ha revisado sus antecedentes médicos y sus análisis de sangre.',
  'Los efectos secundarios más comunes son náuseas, diarrea, vómitos y estreñimiento, que a menudo disminuyen a medida que el cuerpo se adapta. Las dosis comienzan bajas y se aumentan gradualmente para ayudarle a tolerar el medicamento.',
];

/** The three parts of the program. */
export const SEMAGLUTIDE_PROGRAM: Point[] = [
  {
    title: 'Inyecciones semanales',
    description:
      'Una pequeña inyección una vez por semana, que comienza con una dosis baja que se aumenta paso a paso. Le enseñamos a inyectarse en casa con confianza.',
    icon: 'syringe',
  },
  {
    title: 'Monitoreo médico',
    description:
      'Controles periódicos de su peso, su presión arterial, su azúcar en la sangre y cualquier efecto secundario, para que su profesional de la salud pueda ajustar su dosis de forma segura.',
    icon: 'stethoscope',
  },
  {
    title: 'Apoyo en el estilo de vida',
    description:
      'Orientación sobre nutrición, actividad física y hábitos que le ayudan a seguir avanzando durante el tratamiento y a mantener sus resultados después.',
    icon: 'leaf',
  },
];

/** The six benefits; the first carries the spec's 15-20% claim. */
export const SEMAGLUTIDE_BENEFITS: Point[] = [
  {
    title: 'Pérdida de peso significativa',
    description:
      'En estudios clínicos, las personas que usaron semaglutida junto con cambios en la alimentación y la actividad física perdieron en promedio un 15-20% de su peso corporal. Los resultados individuales varían.',
    icon: 'scale',
  },
  {
    title: 'Menos apetito y antojos',
    description: 'Muchos pacientes se sienten llenos antes y piensan menos en la comida, lo que facilita comer de forma más saludable.',
    icon: 'target',
  },
  {
    title: 'Mejor control del azúcar en la sangre',
    description: 'La semaglutida ayuda al cuerpo a controlar el azúcar en la sangre, lo que puede beneficiar a personas con resistencia a la insulina o prediabetes.',
    icon: 'droplet',
  },
  {
    title: 'Salud cardíaca y metabólica',
    description: 'Perder el exceso de peso puede mejorar la presión arterial, el colesterol y otros marcadores de salud metabólica.',
    icon: 'heart',
  },
  {
    title: 'Una dosis por semana',
    description: 'Una sola inyección semanal se adapta fácilmente a una agenda ocupada, sin pastillas diarias que recordar.',
    icon: 'calendar',
  },
  {
    title: 'Progreso supervisado y sostenible',
    description: 'El seguimiento médico periódico y el apoyo en el estilo de vida le ayudan a crear hábitos que duren más allá del medicamento.',
    icon: 'activity',
  },
];

/** Who may be a good candidate, following the spec's list. */
export const GOOD_CANDIDATES: string[] = [
  'Adultos con un IMC de 30 o más, o un IMC de 27 o más con afecciones de salud relacionadas con el peso',
  'Personas comprometidas a hacer cambios en su estilo de vida, en la alimentación y la actividad física',
  'Personas cuyos intentos anteriores de bajar de peso no han tenido éxito',
  'Personas que puedan comprometerse con un monitoreo médico periódico',
  'Personas sin contraindicaciones para los medicamentos GLP-1',
];

/** Who should not take the medication, following the spec's list. */
export const NOT_SUITABLE: string[] = [
  'Personas con antecedentes personales o familiares de carcinoma medular de tiroides',
  'Personas con síndrome de neoplasia endocrina múltiple tipo 2 (MEN 2)',
  'Personas con gastroparesia grave u otros trastornos gastrointestinales graves',
  'Cualquier persona que esté embarazada o planee un embarazo',
  'Personas con antecedentes de pancreatitis',
];

/** The closing call to action of the page (semaglutideCta). */
export function semaglutideCta(site: Site): { title: string; lead: string } {
  return {
    title: 'Descubra si la semaglutida es adecuada para usted',
    lead: `Programe una consulta con ${site.name} en ${site.city} o llame al ${site.phone}. Un profesional de la salud con licencia revisará sus antecedentes médicos y sus análisis de sangre antes de recomendarle un tratamiento.`,
  };
}
