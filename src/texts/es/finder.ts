import type { Message } from '../message.js';

/*
 * Spanish (es-US) counterpart of ../finder.ts: the brand site's "find your clinic" box (issue 24
 * and 36, decision 020): its labels, rendered in the static page (src/brand-site/locator-markup.tsx),
 * and the answers the island writes in its live line (src/brand-site/islands/locator.ts). One
 * export an entry, so the island carries only the ones it reads. A text that names a value is a
 * function of strings.
 */

/** The box's heading and its search button. */
export const finderTitle = { title: 'Encuentre su clínica' } satisfies Message;
/** Under the heading, with script: what the box does. */
export const finderIntro = { title: 'Ingrese su código postal, o use su ubicación, para ver nuestras clínicas de la más cercana a la más lejana.' } satisfies Message;
/** Under the heading, without script: the list by state is the box. */
export const finderIntroNoScript = { title: 'Elija la clínica más cercana a usted.' } satisfies Message;
export const finderZipLabel = { title: 'Código postal' } satisfies Message;
export const finderUseLocation = { title: 'Usar mi ubicación' } satisfies Message;
/** The ranked list's heading before any search (it is hidden until one). */
export const finderResultsTitle = { title: 'Clínicas más cercanas' } satisfies Message;
/** The ranked list's heading after a search: "Más cercanas a 33544", "Más cercanas a su ubicación". */
export const finderNearestHeading = (place: string): Message => ({ title: `Más cercanas a ${place}` });
/** The place of a search by the browser's location, in the lines above. */
export const finderYourLocation = { title: 'su ubicación' } satisfies Message;

/** A distance: "menos de 1 milla", or `finderMiles('4')`, "4 millas" (the number as written for a reader). */
export const finderLessThanAMile = { title: 'menos de 1 milla' } satisfies Message;
export const finderMiles = (miles: string): Message => ({ title: miles === '1' ? '1 milla' : `${miles} millas` });
/** A card's distance in the ranked list: "a 4 millas". */
export const finderAway = (distance: string): Message => ({ title: `a ${distance}` });

/** The live line after a search with a clinic near: "Más cercana a 33544: Wesley Chapel, a 4 millas." */
export const finderNearestTo = (place: string, clinic: string, distance: string): Message => ({
  title: distance ? `Más cercana a ${place}: ${clinic}, a ${distance}.` : `Más cercana a ${place}: ${clinic}.`,
});
/**
 * The live line when every clinic is far (more than locator-core.ts FAR_MILES): the brand, the
 * nearest clinic's place and its distance, "La clínica de Northstar Men's Health más cercana está
 * en Tampa, FL, a 412 millas."; the line goes on with a link to that clinic's contact form
 * (finderContactNearest).
 */
export const finderFarNearest = (brand: string, place: string, distance: string): Message => ({
  title: `La clínica de ${brand} más cercana está en ${place}, a ${distance}.`,
});
/** The link after finderFarNearest, to the nearest clinic's contact form. */
export const finderContactNearest = (city: string): Message => ({ title: `Envíe un mensaje a nuestra clínica de ${city}` });

/** While the ZIP codes load (the first search, or a ZIP outside the listed states). */
export const finderLooking = (zip: string): Message => ({ title: `Buscando el código postal ${zip}…` });
/** What was typed is not a ZIP code. */
export const finderInvalid = { title: 'Ingrese un código postal de 5 dígitos, por ejemplo, 33607.' } satisfies Message;
/** A well-formed ZIP that no table holds: not a ZIP at all, or a ZIP of PO boxes or one business, which has no area on the map. */
export const finderUnknownZip = (zip: string): Message => ({
  title: `No encontramos el código postal ${zip}.`,
  hint: 'Revíselo, ingrese el código postal de una dirección física (los códigos postales de apartados postales no están en nuestro mapa) o elija una clínica de la lista.',
});
export const finderLoadFailed = { title: 'No se cargó la lista de códigos postales.', hint: 'Revise su conexión e inténtelo de nuevo.' } satisfies Message;
export const finderLocating = { title: 'Buscando su ubicación…' } satisfies Message;
export const finderGeoDenied = { title: 'Su navegador no compartió su ubicación.', hint: 'En su lugar, ingrese su código postal.' } satisfies Message;
export const finderGeoFailed = { title: 'No se pudo encontrar su ubicación.', hint: 'En su lugar, ingrese su código postal.' } satisfies Message;
