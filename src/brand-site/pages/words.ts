import type { Lang } from '../../config/languages.js';

/**
 * The words of the brand site's own pages (issue 40 item 5) that are not the city pages' copy
 * (src/pages/content/) or the patient's texts (src/texts/): the footer, the directory, the home,
 * a treatment's "where to get it", the brand's policies and its not-found page. Spanish is es-US,
 * formal (usted), with the glossary's terms (src/pages/content/es/glossary.ts). Typed as one
 * interface, so tsc fails when a language lacks a word. A text that names a value is a function.
 */
export interface BrandWords {
  /** Joins names as a sentence lists them: `Florida, Georgia and Texas`. */
  list: (names: readonly string[]) => string;
  /** `1 clinic`, `3 clinics`. */
  clinics: (n: number) => string;

  // The footer (chrome.tsx).
  clinicsByState: string;
  explore: string;
  brandHome: (name: string) => string;
  allLocations: string;

  // The directory and the states' pages (directory.tsx).
  locationsTitle: (name: string) => string;
  directoryDescription: (name: string, clinics: number, where: string) => string;
  ourLocations: string;
  directoryLead: (clinics: number, where: string) => string;
  stateTitle: (state: string, name: string) => string;
  /** The states' page heading and the home's eyebrow and title: `Men's Health Clinics in Florida`. */
  mensHealthClinicsIn: (where: string) => string;
  /** The heading of a state's list: `3 clinics in Florida`. */
  clinicsIn: (clinics: number, where: string) => string;

  // The home (home.tsx).
  whatOurClinicsTreat: string;
  servicesLead: string;

  // A treatment's page (treatment.tsx).
  offeredIn: (cities: readonly string[]) => string;
  atAllLocations: (n: number) => string;
  atLocations: (n: number) => string;
  whereToGetIt: string;
  whereLead: (where: string) => string;
  scheduleIn: (city: string) => string;

  // The policies (legal.tsx).
  privacyDescription: (name: string) => string;
  termsDescription: (name: string) => string;
  privacyOpening: (name: string, where: string) => string;
  termsOpening: (name: string, where: string) => string;
  governingLaw: (law: string) => string;
  /** A location's line in the governing law's list: `Tampa, FL: the laws of the State of Florida; the courts of Hillsborough County, Florida`. */
  governingLawAt: (place: string, law: string, courts: string) => string;
  /** Before the brand's email in the policies' contact lines. */
  email: string;

  // The not-found page (not-found.tsx).
  treatments: string;
  stateLocations: (state: string) => string;
}

const EN: BrandWords = {
  list: (names) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`),
  clinics: (n) => `${n} ${n === 1 ? 'clinic' : 'clinics'}`,

  clinicsByState: 'Clinics by State',
  explore: 'Explore',
  brandHome: (name) => `${name} home`,
  allLocations: 'All locations',

  locationsTitle: (name) => `Locations | ${name}`,
  directoryDescription: (name, n, where) => `Addresses, phone numbers and opening hours of the ${name} ${EN.clinics(n)} in ${where}.`,
  ourLocations: 'Our Locations',
  directoryLead: (n, where) => `${EN.clinics(n)} in ${where}. Choose a clinic to see its services, hours and how to reach it.`,
  stateTitle: (state, name) => `${state} Locations | ${name}`,
  mensHealthClinicsIn: (where) => `Men's Health Clinics in ${where}`,
  clinicsIn: (n, where) => `${capitalized(EN.clinics(n))} in ${where}`,

  whatOurClinicsTreat: 'What Our Clinics Treat',
  servicesLead: "Physician-supervised treatments for men, each prescribed after a medical evaluation. Each treatment's page says which clinics offer it.",

  offeredIn: (cities) => `Offered in ${EN.list(cities)}`,
  atAllLocations: (n) => `At all ${n} locations`,
  atLocations: (n) => `At ${n} locations`,
  whereToGetIt: 'Where to Get It',
  whereLead: (where) => `${where}. A consultation with a licensed provider comes first: choose a clinic to schedule yours.`,
  scheduleIn: (city) => `Schedule in ${city}`,

  privacyDescription: (name) => `How ${name} and its clinics collect, use and protect your personal and health information, and your rights under HIPAA.`,
  termsDescription: (name) => `Terms of use for the ${name} website and the services of its clinics: medical disclaimer, payment, cancellations and governing law.`,
  privacyOpening: (name, where) =>
    `This Privacy Policy explains how ${name} ("we", "us" or "our"), which runs men's health clinics in ${where}, collects, uses and protects information about visitors to our website and about our patients at each of our clinics.`,
  termsOpening: (name, where) =>
    `These Terms & Conditions govern your use of the website of ${name} ("we", "us" or "our") and of the services we provide at our clinics in ${where}. By using this website or our services, you agree to these terms. If you do not agree, please do not use the website.`,
  governingLaw: (law) =>
    `These terms and your use of this website are governed by the laws of the State of ${law}, without regard to its conflict of law rules. A dispute arising from the services of one of our clinics is governed by the law, and will be resolved in the courts, named for that clinic below. Any other dispute will be resolved in the courts of the State of ${law}.`,
  governingLawAt: (place, law, courts) => `${place}: the laws of the State of ${law}; the courts of ${courts}, ${law}`,
  email: 'Email: ',

  treatments: 'Treatments',
  stateLocations: (state) => `${state} locations`,
};

/** Spanish 'and': `e` before a word that starts with the sound /i/ (`Florida e Illinois`), else `y` (as src/pages/content/es/home.ts). */
const y = (next: string) => (/^h?[ií](?![aeiouáéíóú])/i.test(next) ? 'e' : 'y');

const ES: BrandWords = {
  list: (names) => {
    if (names.length <= 1) return names[0] ?? '';
    const last = names[names.length - 1]!;
    return `${names.slice(0, -1).join(', ')} ${y(last)} ${last}`;
  },
  clinics: (n) => `${n} ${n === 1 ? 'clínica' : 'clínicas'}`,

  clinicsByState: 'Clínicas por estado',
  explore: 'Explorar',
  brandHome: (name) => `Página de inicio de ${name}`,
  allLocations: 'Todas las ubicaciones',

  locationsTitle: (name) => `Ubicaciones | ${name}`,
  directoryDescription: (name, n, where) =>
    n === 1
      ? `Dirección, teléfono y horario de atención de la clínica de ${name} en ${where}.`
      : `Direcciones, teléfonos y horarios de atención de las ${n} clínicas de ${name} en ${where}.`,
  ourLocations: 'Nuestras ubicaciones',
  directoryLead: (n, where) => `${ES.clinics(n)} en ${where}. Elija una clínica para ver sus servicios, su horario y cómo llegar.`,
  stateTitle: (state, name) => `Ubicaciones en ${state} | ${name}`,
  mensHealthClinicsIn: (where) => `Clínicas de salud masculina en ${where}`,
  clinicsIn: (n, where) => `${capitalized(ES.clinics(n))} en ${where}`,

  whatOurClinicsTreat: 'Lo que tratamos en nuestras clínicas',
  servicesLead:
    'Tratamientos supervisados por médicos para hombres, cada uno recetado después de una evaluación médica. La página de cada tratamiento indica qué clínicas lo ofrecen.',

  offeredIn: (cities) => `Disponible en ${ES.list(cities)}`,
  atAllLocations: (n) => `En nuestras ${n} ubicaciones`,
  atLocations: (n) => `En ${n} ubicaciones`,
  whereToGetIt: 'Dónde recibir el tratamiento',
  whereLead: (where) => `${where}. Primero tendrá una consulta con un profesional de la salud con licencia: elija una clínica para programar la suya.`,
  scheduleIn: (city) => `Programar consulta en ${city}`,

  privacyDescription: (name) => `Cómo ${name} y sus clínicas recopilan, usan y protegen su información personal y de salud, y sus derechos según la ley HIPAA.`,
  termsDescription: (name) => `Términos de uso del sitio web de ${name} y de los servicios de sus clínicas: aviso médico, pago, cancelaciones y ley aplicable.`,
  privacyOpening: (name, where) =>
    `Esta Política de privacidad explica cómo ${name} ("nosotros", "nos" o "nuestro"), que administra clínicas de salud masculina en ${where}, recopila, usa y protege la información sobre los visitantes de nuestro sitio web y sobre nuestros pacientes en cada una de nuestras clínicas.`,
  termsOpening: (name, where) =>
    `Estos Términos del servicio rigen el uso que usted haga del sitio web de ${name} ("nosotros", "nos" o "nuestro") y de los servicios que prestamos en nuestras clínicas de ${where}. Al usar este sitio web o nuestros servicios, usted acepta estos términos. Si no los acepta, le pedimos que no use el sitio web.`,
  governingLaw: (law) =>
    `Estos términos y el uso que usted haga de este sitio web se rigen por las leyes del Estado de ${law}, sin tener en cuenta sus normas sobre conflicto de leyes. Una disputa que surja de los servicios de una de nuestras clínicas se rige por las leyes que se indican para esa clínica a continuación y se resolverá en los tribunales indicados para ella. Cualquier otra disputa se resolverá en los tribunales del Estado de ${law}.`,
  governingLawAt: (place, law, courts) => `${place}: las leyes del Estado de ${law}; los tribunales de ${courts}, ${law}`,
  email: 'Correo electrónico: ',

  treatments: 'Tratamientos',
  stateLocations: (state) => `Ubicaciones en ${state}`,
};

function capitalized(t: string): string {
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** The brand pages' words in each language. */
export const BRAND_WORDS: Record<Lang, BrandWords> = { en: EN, es: ES };
