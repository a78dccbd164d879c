import type { ClinicConfigInput } from '../config/schema.js';
import * as C from '../contract/cities.js';
import * as D from '../contract/deploys.js';
import { callRoute, readRoute, urlOfRoute } from './api.js';

export { call, type Answer } from './api.js';

/**
 * The calls of the saved cities (docs/decisions/012-stored-cities.md): the list, one city, save, import, delete,
 * deploy of a stored version and redeploy-all runs, typed by their contract (src/contract/cities.ts,
 * decision 026). Calls whose failure the operator must read return it as a value (`{ ok: false,
 * status, failure }`); plain reads throw (and are logged).
 */

export type { CitySummary, CityDetail, ImportFailure, Imported, RedeployRun, DoorwayLine, Release, CityReleases, HistoryLine, FieldChangeView, ImportPlanLine, TrashedCity } from '../contract/cities.js';

const city = (slug: string) => ({ params: { slug } });

export const listCities = () => readRoute(C.listCities).then((r) => r.cities);
export const getCity = (slug: string) => readRoute(C.getCity, city(slug));
export const createCity = (config: ClinicConfigInput) => callRoute(C.createCity, { body: { config } });
export const saveCity = (slug: string, config: ClinicConfigInput, baseVersion: number) => callRoute(C.saveCity, { ...city(slug), body: { config, baseVersion } });
/** Delete: to the trash, its site live unless `offline`; `forget` deletes it for good now, site and versions. */
export const deleteCity = (slug: string, o: { forget?: boolean; offline?: boolean } = {}) =>
  callRoute(C.deleteCity, { ...city(slug), query: o.forget ? { history: 'delete' } : o.offline ? { site: 'offline' } : undefined });
export const listTrash = () => readRoute(C.listTrash).then((r) => r.cities);
export const restoreFromTrash = (slug: string) => callRoute(C.restoreFromTrash, city(slug));
export const importFiles = (files: { name: string; text: string }[], expect?: Record<string, number | null>) => callRoute(C.importCities, { body: { files, ...(expect ? { expect } : {}) } });
/** What an import would do, file by file, nothing saved (issue 39 item 2). */
export const planImport = (files: { name: string; text: string }[]) => callRoute(C.planImport, { body: { files } });
export const deployCity = (slug: string, version: number, confirmDoorway?: boolean) =>
  callRoute(C.deployCity, { ...city(slug), body: { version, ...(confirmDoorway ? { confirmDoorway: true } : {}) } });

/** GET /api/doorway-check: every saved city's verdict and score against its closest sibling. */
export const doorwayCheck = () => readRoute(C.doorwayCheck);
/** Starts Redeploy all if the server would still do what the dialog showed (`expect`); else a 409 with the new `plan`. */
export const startRedeploy = (expect?: D.PlanExpectationView) => callRoute(D.startRedeploy, { body: expect ? { expect } : {} });
/** What Redeploy all would do now (issue 39 item 5), nothing started. */
export const planRedeploy = () => callRoute(D.planRedeploy);
/** The last runs, with who started each. */
export const redeployRuns = () => readRoute(D.redeployRuns).then((r) => r.runs);
export type { RedeployPlanView, PlanExpectationView } from '../contract/deploys.js';
export const getRun = (id: string) => readRoute(C.getRedeploy, { params: { id } }).then((r) => r.run);
export const latestRun = () => readRoute(C.latestRedeploy).then((r) => r.run);
export const exportUrl = (slug: string) => urlOfRoute(C.exportCity, city(slug));

export const cityReleases = (slug: string) => readRoute(C.cityReleases, city(slug));
/** A city's history (issue 39 item 1): its versions newest first, what changed in each; two compared; an earlier one restored as the newest. */
export const cityHistory = (slug: string) => readRoute(C.cityHistory, city(slug)).then((r) => r.versions);
export const compareVersions = (slug: string, from: number, to: number) => readRoute(C.compareVersions, { ...city(slug), query: { from: String(from), to: String(to) } });
export const cityVersion = (slug: string, version: number) => readRoute(C.cityVersion, { params: { slug, version: String(version) } });
export const restoreVersion = (slug: string, version: number, baseVersion: number) => callRoute(C.restoreVersion, { params: { slug, version: String(version) }, body: { baseVersion } });
/** Makes one of the city's releases live (back or forward); an older one pins the city. */
export const makeLive = (slug: string, release: string) => callRoute(C.makeCityReleaseLive, { params: { slug, id: release } });
/** Takes the city's site offline; the path names the live release the page showed. */
export const takeOffline = (slug: string, liveRelease: string) => callRoute(C.takeCityOffline, { params: { slug, id: liveRelease } });
export const unpinCity = (slug: string) => callRoute(C.unpinCity, city(slug));
