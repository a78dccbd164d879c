/**
 * Spanish (es-US) counterpart of ../about.ts: the About page's copy (spec section 2, "/about"):
 * mission, four values, approach, three specialties and the default 'Why {city}' text.
 */
import type { Site } from '../../page-model.js';
import { offeredCare } from './home.js';
import type { Hero, PageMeta, Point } from '../types.js';

/** Title and description of the About page. */
export function aboutMeta(site: Site): PageMeta {
  return {
    title: `Acerca de ${site.name} | Salud masculina en ${site.city}, ${site.stateCode}`,
    description: `${site.name} ofrece, con supervisión médica, ${offeredCare(site, 3)} a hombres en ${site.city}, ${site.stateCode}.`,
  };
}

/** Hero of the About page. */
export function aboutHero(site: Site): Hero {
  return {
    eyebrow: `Acerca de ${site.name}`,
    title: `Atención de salud masculina en ${site.city}`,
    lead: 'Ayudamos a los hombres a entender qué hay detrás de sus síntomas y ofrecemos un tratamiento basado en la evidencia, personalizado y supervisado con cuidado.',
  };
}

/** The mission paragraphs. */
export function mission(site: Site): string[] {
  return [
    `${site.name} existe para ofrecer a los hombres de ${site.city} y sus alrededores una atención clara y médicamente sólida, que incluye ${offeredCare(site)}.`,
    'Muchos hombres viven durante años con cansancio, aumento de peso o poco deseo sexual porque se les dice que es algo normal de la edad. Nuestra misión es tomar en serio esas inquietudes, encontrar la causa mediante una evaluación adecuada y análisis de sangre, y ofrecer tratamiento solo cuando sea apropiado y seguro.',
  ];
}

/** The four values, each with an icon. */
export const VALUES: Point[] = [
  {
    title: 'El paciente primero',
    description: 'Escuchamos sus inquietudes y sus metas, y cada recomendación parte de lo que es adecuado para usted.',
    icon: 'heart',
  },
  {
    title: 'Medicina basada en la evidencia',
    description: 'Nos basamos en los resultados de laboratorio y en la evidencia médica actual, y somos honestos sobre lo que un tratamiento puede y no puede lograr.',
    icon: 'flask',
  },
  {
    title: 'Seguridad y seguimiento',
    description: 'Cada tratamiento lo receta un profesional de la salud con licencia y se acompaña de controles periódicos y análisis de sangre.',
    icon: 'shield',
  },
  {
    title: 'Comunicación clara',
    description: 'Le explicamos sus resultados, opciones, riesgos y costos en un lenguaje sencillo para que pueda tomar decisiones informadas.',
    icon: 'users',
  },
];

/** The approach paragraphs. */
export const APPROACH: string[] = [
  'La atención comienza con una consulta con un profesional de la salud con licencia, que revisa sus síntomas, su historial médico, sus medicamentos y sus metas. Luego se hacen análisis de sangre, para que cualquier diagnóstico se base en resultados medibles y no en suposiciones.',
  'Si el tratamiento es apropiado, su profesional de la salud le explica las opciones, sus beneficios y riesgos, y el seguimiento que requiere cada una. Su plan es personal: refleja sus resultados, su salud y sus preferencias, e incluye orientación sobre alimentación, ejercicio y sueño.',
  'Un tratamiento nunca se indica y se olvida. Las visitas de seguimiento periódicas y los análisis de sangre repetidos nos permiten evaluar su progreso, ajustar las dosis y detectar a tiempo los efectos secundarios. Si algo está fuera de nuestro alcance, se lo diremos y le recomendaremos consultar a su médico de atención primaria o a un especialista.',
];

/** The three specialties. */
export const SPECIALTIES: Point[] = [
  {
    service: 'trt',
    title: 'Terapia de reemplazo de testosterona',
    description: 'Diagnóstico de la testosterona baja con análisis de sangre, y tratamiento con opciones inyectables u orales bajo seguimiento continuo.',
    icon: 'syringe',
  },
  {
    service: 'semaglutide',
    title: 'Pérdida de peso con supervisión médica',
    description: 'Programas de pérdida de peso con semaglutida, con inyecciones semanales, seguimiento médico y apoyo para el estilo de vida.',
    icon: 'scale',
  },
  {
    service: 'nadTherapy',
    title: 'NAD+ y antienvejecimiento',
    description: 'Terapia con NAD+ y atención para un envejecimiento saludable, basadas en una evaluación de salud, pruebas de biomarcadores y un protocolo personalizado.',
    icon: 'sparkles',
  },
];

/** Default 'Why {city}' paragraphs, used when a config gives no local text. */
export function defaultWhyCity(site: Site): string[] {
  return [
    `${site.name} ofrece atención especializada en salud masculina en ${site.city}, ${site.stateName}. Los pacientes pueden ver a un profesional de la salud con licencia cerca de casa en lugar de viajar para recibir atención especializada como ${offeredCare(site)}.`,
    `Como estos tratamientos dependen de visitas de seguimiento periódicas y análisis de sangre, tener una clínica cerca facilita mantener el plan. Nuestro equipo de ${site.city} coordina sus visitas, sus análisis de sangre y su seguimiento para que su atención sea constante desde la primera consulta.`,
  ];
}

/** The clinic's description where its config gives none: the meta description of its home page and its JSON-LD. */
export function defaultDescription(name: string, city: string, stateName: string): string {
  return `${name} es una clínica de salud masculina en ${city}, ${stateName}, que ofrece terapia de reemplazo de testosterona, pérdida de peso médica y terapia con NAD+, bajo supervisión médica.`;
}
