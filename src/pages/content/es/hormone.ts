/**
 * Spanish (es-US) counterpart of `../hormone.ts`.
 *
 * Copy of the Hormone Optimization page (docs/decisions/008-service-toggles.md): a lab-guided look at hormonal
 * health that is broader than testosterone alone.
 */
import type { ServicePageCopy } from '../types.js';

/** The Hormone Optimization page. */
export const HORMONE_PAGE: ServicePageCopy = {
  meta: (site) => ({
    title: `Optimización hormonal en ${site.city}, ${site.stateCode} | ${site.name}`,
    description: `Optimización hormonal para hombres en ${site.city}, ${site.stateCode}: tiroides, DHEA, estradiol y testosterona evaluados con análisis de sangre y tratados solo cuando es necesario.`,
  }),
  hero: (site) => ({
    eyebrow: `Optimización hormonal en ${site.city}`,
    title: 'Optimización hormonal para hombres',
    lead: 'La testosterona es solo una parte de la salud hormonal. Analizamos el panorama completo con análisis de sangre exhaustivos y recomendamos tratamiento solo cuando sus resultados y sus síntomas lo respaldan.',
  }),
  intro: [
    'Las hormonas trabajan en conjunto. El cansancio, el aumento de peso, el estado de ánimo bajo, el mal sueño o la libido baja pueden deberse a la testosterona baja, pero también pueden reflejar una tiroides hipoactiva, cambios en el estradiol, DHEA baja, prolactina alta o problemas no relacionados con las hormonas, como la apnea del sueño o los efectos secundarios de algún medicamento.',
    'La optimización hormonal comienza con una evaluación completa y un panel amplio de análisis, para que cualquier tratamiento se dirija a la causa real de sus síntomas. El objetivo son niveles sanos y equilibrados que sean seguros para usted, no el número más alto que pueda mostrar un análisis.',
  ],
  sections: [
    {
      title: 'Qué evaluamos',
      lead: 'Su profesional de la salud elige las pruebas que corresponden a sus síntomas y antecedentes. Un panel puede incluir:',
      points: [
        {
          title: 'Testosterona y hormonas relacionadas',
          description: 'Testosterona total y libre, SHBG, LH y FSH, para saber si los niveles están bajos y por qué.',
          icon: 'activity',
        },
        {
          title: 'Función tiroidea',
          description: 'TSH y niveles de hormona tiroidea, ya que una tiroides hipoactiva puede causar cansancio, aumento de peso y estado de ánimo bajo.',
          icon: 'zap',
        },
        {
          title: 'DHEA y marcadores suprarrenales',
          description: 'DHEA-S y, cuando los síntomas lo sugieren, otros marcadores suprarrenales que influyen en la energía y el equilibrio hormonal.',
          icon: 'battery',
        },
        {
          title: 'Equilibrio del estradiol',
          description: 'Los hombres necesitan algo de estradiol para la salud ósea, cerebral y sexual; los niveles demasiado altos o demasiado bajos pueden causar síntomas.',
          icon: 'target',
        },
      ],
    },
    {
      title: 'Cómo abordamos el tratamiento',
      points: [
        {
          title: 'Tratamos lo que muestran los análisis',
          description: 'El tratamiento solo lo receta un profesional de la salud con licencia, y solo cuando los resultados de los análisis y los síntomas indican un desequilibrio específico.',
          icon: 'flask',
        },
        {
          title: 'Primero el estilo de vida, cuando ayuda',
          description: 'El sueño, la alimentación, el ejercicio, el alcohol y el estrés afectan las hormonas, y los abordamos junto con cualquier medicamento.',
          icon: 'leaf',
        },
        {
          title: 'Remisión cuando es necesaria',
          description: 'Si los resultados sugieren una afección de la glándula pituitaria, de las glándulas suprarrenales u otra afección de fondo, lo remitimos a su médico o a un especialista.',
          icon: 'stethoscope',
        },
      ],
    },
  ],
  steps: [
    {
      step: 1,
      title: 'Consulta',
      description: 'Un profesional de la salud con licencia revisa sus síntomas, sus antecedentes médicos, sus medicamentos y sus objetivos.',
    },
    {
      step: 2,
      title: 'Análisis de sangre completos',
      description: 'Un panel hormonal adaptado a usted, por lo general con una muestra tomada por la mañana, ofrece una referencia inicial clara.',
    },
    {
      step: 3,
      title: 'Plan personalizado',
      description: 'Su profesional de la salud le explica sus resultados y, si el tratamiento es apropiado, sus beneficios, sus riesgos y el monitoreo que necesita.',
    },
    {
      step: 4,
      title: 'Seguimiento y monitoreo',
      description: 'Los análisis de sangre repetidos y las visitas periódicas controlan sus niveles y sus síntomas para que el plan pueda ajustarse de forma segura.',
    },
  ],
  safety: [
    'Los tratamientos hormonales solo se recetan después de una evaluación por parte de un profesional de la salud con licencia y no son adecuados para todos.',
    'Algunas terapias hormonales pueden afectar la fertilidad, el recuento de glóbulos rojos, el colesterol o la salud de la próstata; por eso, el monitoreo continuo con análisis de sangre forma parte de todos los planes.',
    'Los productos hormonales de venta libre, incluidos los suplementos de DHEA, pueden interactuar con el tratamiento recetado; informe a su profesional de la salud sobre todo lo que toma.',
    'Los resultados varían de una persona a otra, y no todos los síntomas tienen una causa hormonal.',
  ],
  cta: (site) => ({
    title: 'Obtenga una visión clara de sus hormonas',
    lead: `Programe una consulta con ${site.name} en ${site.city} o llame al ${site.phone} para comenzar con una evaluación completa y análisis de sangre.`,
  }),
};
