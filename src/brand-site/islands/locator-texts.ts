/*
 * The finder's texts the locator island writes (its live line, the ranked list's heading and
 * distances), in both languages: the island picks one by its box's language. Named imports, each
 * entry by name, so the bundle carries only these, not the static box's labels (esbuild keeps a
 * whole module for a namespace object).
 */
import {
  finderAway as finderAwayEn,
  finderContactNearest as finderContactNearestEn,
  finderFarNearest as finderFarNearestEn,
  finderGeoDenied as finderGeoDeniedEn,
  finderGeoFailed as finderGeoFailedEn,
  finderInvalid as finderInvalidEn,
  finderLessThanAMile as finderLessThanAMileEn,
  finderLoadFailed as finderLoadFailedEn,
  finderLocating as finderLocatingEn,
  finderLooking as finderLookingEn,
  finderMiles as finderMilesEn,
  finderNearestHeading as finderNearestHeadingEn,
  finderNearestTo as finderNearestToEn,
  finderResultsTitle as finderResultsTitleEn,
  finderUnknownZip as finderUnknownZipEn,
  finderYourLocation as finderYourLocationEn,
} from '../../texts/finder.js';
import {
  finderAway as finderAwayEs,
  finderContactNearest as finderContactNearestEs,
  finderFarNearest as finderFarNearestEs,
  finderGeoDenied as finderGeoDeniedEs,
  finderGeoFailed as finderGeoFailedEs,
  finderInvalid as finderInvalidEs,
  finderLessThanAMile as finderLessThanAMileEs,
  finderLoadFailed as finderLoadFailedEs,
  finderLocating as finderLocatingEs,
  finderLooking as finderLookingEs,
  finderMiles as finderMilesEs,
  finderNearestHeading as finderNearestHeadingEs,
  finderNearestTo as finderNearestToEs,
  finderResultsTitle as finderResultsTitleEs,
  finderUnknownZip as finderUnknownZipEs,
  finderYourLocation as finderYourLocationEs,
} from '../../texts/es/finder.js';

const en = {
  finderAway: finderAwayEn,
  finderContactNearest: finderContactNearestEn,
  finderFarNearest: finderFarNearestEn,
  finderGeoDenied: finderGeoDeniedEn,
  finderGeoFailed: finderGeoFailedEn,
  finderInvalid: finderInvalidEn,
  finderLessThanAMile: finderLessThanAMileEn,
  finderLoadFailed: finderLoadFailedEn,
  finderLocating: finderLocatingEn,
  finderLooking: finderLookingEn,
  finderMiles: finderMilesEn,
  finderNearestHeading: finderNearestHeadingEn,
  finderNearestTo: finderNearestToEn,
  finderResultsTitle: finderResultsTitleEn,
  finderUnknownZip: finderUnknownZipEn,
  finderYourLocation: finderYourLocationEn,
};

/** The island's texts in each language (English, Spanish): typed as the English set, so neither can lack one. */
export const ISLAND_TEXTS: Record<'en' | 'es', typeof en> = {
  en,
  es: {
    finderAway: finderAwayEs,
    finderContactNearest: finderContactNearestEs,
    finderFarNearest: finderFarNearestEs,
    finderGeoDenied: finderGeoDeniedEs,
    finderGeoFailed: finderGeoFailedEs,
    finderInvalid: finderInvalidEs,
    finderLessThanAMile: finderLessThanAMileEs,
    finderLoadFailed: finderLoadFailedEs,
    finderLocating: finderLocatingEs,
    finderLooking: finderLookingEs,
    finderMiles: finderMilesEs,
    finderNearestHeading: finderNearestHeadingEs,
    finderNearestTo: finderNearestToEs,
    finderResultsTitle: finderResultsTitleEs,
    finderUnknownZip: finderUnknownZipEs,
    finderYourLocation: finderYourLocationEs,
  },
};
