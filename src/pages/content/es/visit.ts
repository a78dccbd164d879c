/**
 * Spanish (es-US) counterpart of ../visit.ts: the copy of what patients look for first (issue 23):
 * the week's hours, the dated exceptions, the way there, and whether the clinic takes new patients
 * or sees them by video. Said plainly and promising nothing the clinic has not said in its config.
 */
import type { Site } from '../../page-model.js';

/** The home page's section with the hours, the address and the facts. */
export function visitSection(site: Site): { title: string } {
  // No lead paragraph: on a phone the section follows the hero, and its hours must be within the
  // first two screens (issue 35); the heading says what it holds.
  return { title: `Horario y ubicación en ${site.city}` };
}

export const HOURS_TITLE = 'Horario de atención';
export const SPECIAL_HOURS_TITLE = 'Horario especial';
export const ADDRESS_TITLE = 'Dirección';
export const DIRECTIONS_LINK = 'Cómo llegar';
/** Said to screen readers after the link text: the link leaves the site. */
export const DIRECTIONS_WHERE = ' (abre Google Maps)';
export const BOOK_ONLINE_TITLE = 'Citas en línea';
export const BOOK_ONLINE_LINK = 'Programe una consulta en línea';
export const BOOK_ONLINE_NOTE = 'Elija un horario en nuestra página de citas en línea, o envíenos un mensaje y nuestro equipo se comunicará con usted en un plazo de 24 horas.';

/** A fact the config states, as a line patients scan: what it is and what it means for them. */
export interface VisitFact {
  icon: 'check-circle' | 'x-circle' | 'users' | 'phone';
  title: string;
  description: string;
}

/** The facts the config states (a fact left out of the config is not shown, neither yes nor no). */
export function visitFacts(site: Site): VisitFact[] {
  const c = site.config;
  const facts: VisitFact[] = [];
  if (c.isAcceptingNewPatients === true) {
    facts.push({ icon: 'check-circle', title: 'Aceptamos pacientes nuevos', description: 'Los pacientes nuevos pueden programar una primera consulta.' });
  } else if (c.isAcceptingNewPatients === false) {
    facts.push({
      icon: 'x-circle',
      title: 'Por ahora no aceptamos pacientes nuevos',
      description: 'Los pacientes actuales pueden programar sus visitas de seguimiento como de costumbre. Llámenos para preguntar cuándo habrá nuevas citas disponibles.',
    });
  }
  if (c.telehealth === true) {
    facts.push({
      icon: 'phone',
      title: 'Visitas por video disponibles',
      description: 'Algunas visitas pueden hacerse por video seguro. Su profesional de la salud decide cuándo se necesita una visita en persona o análisis de sangre.',
    });
  } else if (c.telehealth === false) {
    facts.push({ icon: 'users', title: 'Solo visitas en persona', description: 'Todas las visitas se realizan en la clínica.' });
  }
  return facts;
}

/** The heading over the city's own questions on the home page, after the six of the specification (the specification notes, decision 12). */
export function localFaqTitle(site: Site): string {
  return `Preguntas sobre nuestra clínica de ${site.city}`;
}
