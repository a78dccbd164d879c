/**
 * Spanish (es-US) counterpart of `../trt.ts`.
 *
 * Copy of the TRT page (spec section 2, "/trt-therapy"): low testosterone, three treatment options,
 * eight benefits and the four-step process.
 */
import type { Site } from '../../page-model.js';
import type { Hero, PageMeta, Point, ProcessStep } from '../types.js';

/** Title and description of the TRT page. */
export function trtMeta(site: Site): PageMeta {
  return {
    title: `Terapia TRT en ${site.city}, ${site.stateCode} | ${site.name}`,
    description: `Terapia de reemplazo de testosterona en ${site.city}, ${site.stateCode}: diagnóstico confirmado por análisis de sangre, opciones inyectables y orales, y monitoreo continuo por parte de un profesional de la salud con licencia.`,
  };
}

/** Hero of the TRT page. */
export function trtHero(site: Site): Hero {
  return {
    eyebrow: `Terapia de reemplazo de testosterona en ${site.city}`,
    title: 'Terapia TRT para hombres',
    lead: 'Si el cansancio, la libido baja o los cambios en el estado de ánimo y en la composición corporal están afectando su vida, la testosterona baja puede ser una de las causas. Le hacemos los análisis, le explicamos sus resultados y elaboramos un plan de tratamiento con monitoreo solo si lo necesita.',
  };
}

/** What low testosterone is and its common symptoms. */
export const TRT_INTRO: string[] = [
  'La testosterona es la principal hormona sexual masculina. Interviene en el deseo sexual, la fuerza de los músculos y los huesos, la producción de glóbulos rojos, la energía y el estado de ánimo. Sus niveles disminuyen gradualmente con la edad, y algunos hombres producen muy poca testosterona debido a afecciones médicas, medicamentos, lesiones o problemas en los testículos o en la glándula pituitaria. Cuando los niveles bajos causan síntomas, la afección se llama hipogonadismo, o testosterona baja.',
  'Los síntomas comunes incluyen poco deseo sexual, dificultades de erección, cansancio y falta de energía, disminución de la masa y la fuerza musculares, aumento de la grasa corporal, estado de ánimo bajo o irritabilidad, y dificultad para concentrarse. Estos síntomas también pueden tener otras causas, como dormir mal, problemas de tiroides o depresión; por eso, el diagnóstico requiere tanto una historia clínica cuidadosa como análisis de sangre, que por lo general se repiten con una muestra tomada por la mañana.',
  'La TRT no es adecuada para todos. Puede reducir la producción de espermatozoides y la fertilidad y aumentar el recuento de glóbulos rojos, y no se usa en hombres con ciertas afecciones, como el cáncer de próstata o de mama. Su profesional de la salud revisará estos riesgos con usted antes de comenzar cualquier tratamiento.',
];

/** The three treatment options, in the spec's order. */
export const TRT_OPTIONS: Point[] = [
  {
    title: 'Testosterona inyectable comercial',
    description:
      'Inyecciones de testosterona aprobadas por la FDA, como el cipionato de testosterona, dispensadas por una farmacia con licencia. Las inyecciones son la forma de TRT más establecida, y su profesional de la salud define la dosis y la frecuencia según los resultados de sus análisis.',
    icon: 'syringe',
  },
  {
    title: 'TRT oral con enclomifeno',
    description:
      'El enclomifeno es un medicamento oral que le indica al cuerpo que produzca más de su propia testosterona en lugar de reemplazarla, lo que puede ayudar a preservar la fertilidad. No está aprobado por la FDA; cuando es apropiado, se receta fuera de indicación (off-label) como medicamento compuesto, y su profesional de la salud hablará con usted sobre la evidencia y los riesgos.',
    icon: 'pill',
  },
  {
    title: 'Testosterona más HCG de marca',
    description:
      'Terapia con testosterona combinada con HCG (gonadotropina coriónica humana) farmacéutica de marca, que ayuda a que los testículos sigan produciendo testosterona y espermatozoides. Su uso junto con la TRT es fuera de indicación (off-label) y se considera para hombres a quienes les preocupa la fertilidad o el tamaño de los testículos.',
    icon: 'flask',
  },
];

/** The eight benefits men may notice when low testosterone is treated. */
export const TRT_BENEFITS: Point[] = [
  {
    title: 'Más energía',
    description: 'Muchos hombres con testosterona baja dicen sentir menos cansancio y más resistencia una vez que sus niveles se restablecen.',
    icon: 'battery',
  },
  {
    title: 'Mejor libido',
    description: 'El deseo y la función sexual suelen mejorar cuando se trata la testosterona baja, aunque los resultados varían.',
    icon: 'heart',
  },
  {
    title: 'Mejor estado de ánimo',
    description: 'Algunos hombres notan menos irritabilidad y un estado de ánimo más estable a medida que sus niveles de testosterona se normalizan.',
    icon: 'sun',
  },
  {
    title: 'Masa muscular y fuerza',
    description: 'Junto con el entrenamiento de fuerza, la TRT puede ayudar a desarrollar masa muscular magra y fuerza.',
    icon: 'dumbbell',
  },
  {
    title: 'Composición corporal más saludable',
    description: 'El tratamiento puede ayudar a reducir la grasa corporal, especialmente si se combina con una buena alimentación y ejercicio.',
    icon: 'scale',
  },
  {
    title: 'Densidad ósea',
    description: 'La testosterona contribuye a la fortaleza de los huesos, y tratar una deficiencia puede ayudar a mantener la densidad ósea.',
    icon: 'shield',
  },
  {
    title: 'Concentración y claridad mental',
    description: 'Algunos pacientes dicen tener mejor concentración y más motivación una vez que sus niveles están en un rango saludable.',
    icon: 'brain',
  },
  {
    title: 'Calidad de vida',
    description: 'Al tratar los síntomas de la testosterona baja, muchos hombres vuelven a sentirse como ellos mismos en su vida diaria.',
    icon: 'activity',
  },
];

/** The four-step TRT process. */
export const TRT_STEPS: ProcessStep[] = [
  {
    step: 1,
    title: 'Consulta inicial',
    description:
      'Un profesional de la salud con licencia revisa sus síntomas, sus antecedentes médicos, sus medicamentos y sus objetivos, incluido si tiene planes de tener hijos.',
  },
  {
    step: 2,
    title: 'Análisis de sangre',
    description:
      'Los análisis de sangre miden su testosterona y otros marcadores relacionados, como el hemograma, el PSA y otras hormonas, para confirmar el diagnóstico y comprobar que el tratamiento sea seguro para usted.',
  },
  {
    step: 3,
    title: 'Plan de tratamiento',
    description:
      'Si la TRT es adecuada para usted, su profesional de la salud le explica las opciones, los beneficios y los riesgos, y le receta un plan adaptado a sus resultados y objetivos.',
  },
  {
    step: 4,
    title: 'Monitoreo continuo',
    description:
      'Las visitas de seguimiento y los análisis de sangre periódicos controlan sus niveles, su recuento de glóbulos rojos y otros marcadores, para poder ajustar la dosis y detectar a tiempo los efectos secundarios.',
  },
];

/** The closing call to action of the TRT page. */
export function trtCta(site: Site): { title: string; lead: string } {
  return {
    title: 'Descubra si la testosterona baja lo está frenando',
    lead: `Programe una consulta con ${site.name} en ${site.city} o llame al ${site.phone}. Primero hacemos los análisis, y el tratamiento se receta solo si lo necesita.`,
  };
}
