/**
 * Spanish (es-US) counterpart of `../vitamins.ts`.
 *
 * Copy of the Vitamin Injections page (docs/decisions/008-service-toggles.md): B12 and other nutrients, who may
 * benefit and deficiency testing.
 */
import type { ServicePageCopy } from '../types.js';

/** The Vitamin Injections page. */
export const VITAMIN_PAGE: ServicePageCopy = {
  meta: (site) => ({
    title: `Inyecciones de vitaminas en ${site.city}, ${site.stateCode} | ${site.name}`,
    description: `Inyecciones de vitamina B12 y otras vitaminas en ${site.city}, ${site.stateCode}, guiadas por análisis para detectar deficiencias y recetadas por un profesional de la salud con licencia.`,
  }),
  hero: (site) => ({
    eyebrow: `Inyecciones de vitaminas en ${site.city}`,
    title: 'Inyecciones de vitaminas según sus análisis',
    lead: 'Cuando los análisis de sangre muestran una deficiencia, o cuando a su cuerpo le cuesta absorber los nutrientes de los alimentos, las inyecciones de vitaminas pueden ayudar a restablecer niveles saludables. Primero hacemos los análisis y tratamos lo que muestran los resultados.',
  }),
  intro: [
    'Los niveles bajos de vitaminas como la B12 y la vitamina D son comunes y pueden contribuir al cansancio, la debilidad, el estado de ánimo bajo, el entumecimiento o el hormigueo, y otros síntomas. Algunas personas no pueden absorber lo suficiente de los alimentos o de las tabletas debido a la edad, a afecciones digestivas, a una cirugía para la pérdida de peso o al uso prolongado de ciertos medicamentos.',
    'Una inyección administra la vitamina directamente en el músculo, sin pasar por el sistema digestivo. Es más útil cuando un análisis de sangre ha confirmado una deficiencia. En personas con niveles normales, no se ha demostrado que las vitaminas adicionales aumenten la energía; por eso siempre hacemos análisis antes de tratar.',
  ],
  sections: [
    {
      title: 'Opciones comunes',
      points: [
        {
          title: 'Vitamina B12',
          description: 'Las inyecciones de B12 tratan una deficiencia confirmada, especialmente cuando la absorción en el intestino está reducida. La B12 contribuye a la salud de los nervios y a la producción de glóbulos rojos.',
          icon: 'syringe',
        },
        {
          title: 'Vitamina D',
          description: 'Los niveles de vitamina D se miden con un análisis de sangre. Los niveles bajos suelen tratarse con suplementos orales, en una dosis que su profesional de la salud establece y vuelve a revisar.',
          icon: 'sun',
        },
        {
          title: 'Otros nutrientes',
          description: 'Cuando los análisis de sangre muestran otra deficiencia, su profesional de la salud le recomendará la forma de reposición más adecuada, por vía oral o inyectable.',
          icon: 'pill',
        },
      ],
    },
    {
      title: 'Quiénes pueden beneficiarse',
      lead: 'Las inyecciones de vitaminas pueden considerarse para personas con una deficiencia confirmada por análisis de sangre, entre ellas:',
      points: [
        {
          title: 'Problemas de absorción',
          description: 'Personas con anemia perniciosa, afecciones digestivas o antecedentes de cirugía para la pérdida de peso.',
          icon: 'activity',
        },
        {
          title: 'Ciertos medicamentos',
          description: 'El uso prolongado de metformina o de medicamentos que reducen el ácido del estómago puede disminuir los niveles de B12 con el tiempo.',
          icon: 'clipboard',
        },
        {
          title: 'Alimentación y edad',
          description: 'Tanto las dietas basadas en plantas como la edad avanzada aumentan el riesgo de tener la B12 baja.',
          icon: 'leaf',
        },
      ],
    },
  ],
  steps: [
    {
      step: 1,
      title: 'Consulta',
      description: 'Un profesional de la salud con licencia revisa sus síntomas, su alimentación, sus medicamentos y sus antecedentes médicos.',
    },
    {
      step: 2,
      title: 'Análisis para detectar deficiencias',
      description: 'Los análisis de sangre miden los niveles de vitaminas y otros marcadores relacionados para confirmar si hay una deficiencia.',
    },
    {
      step: 3,
      title: 'Tratamiento y nuevo control',
      description: 'Si se detecta una deficiencia, usted recibe un plan de dosis, y los análisis de sangre de seguimiento confirman que sus niveles están mejorando.',
    },
  ],
  safety: [
    'Las inyecciones de vitaminas solo se administran después de hacer análisis y de una evaluación por parte de un profesional de la salud con licencia.',
    'No sustituyen una alimentación equilibrada ni el tratamiento de la causa de fondo de una deficiencia.',
    'Algunas vitaminas, incluida la vitamina D, pueden ser perjudiciales en exceso; por eso la dosis se basa en los resultados de sus análisis y los niveles se vuelven a revisar.',
    'Los efectos secundarios suelen ser leves, como dolor en el lugar de la inyección; informe a su profesional de la salud sobre cualquier alergia antes del tratamiento.',
  ],
  cta: (site) => ({
    title: 'Averigüe si tiene niveles bajos',
    lead: `Programe una consulta con ${site.name} en ${site.city} o llame al ${site.phone} para que le hagan análisis de sus niveles de vitaminas.`,
  }),
};
