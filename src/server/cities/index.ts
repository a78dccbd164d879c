import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import type { CityRouteDeps } from './context.js';
import { cityDeployRoutes } from './deploy-routes.js';
import { importRoutes } from './import-routes.js';
import { cityReleaseRoutes } from './release-routes.js';
import { cityRoutes } from './routes.js';
import { versionRoutes } from './version-routes.js';
import { trashRoutes } from './trash-routes.js';
import { specialHoursBulkRoutes } from './special-hours-bulk-routes.js';

/**
 * Stored cities (docs/decisions/012-stored-cities.md): their configs with history, import and
 * export as YAML, deploy from a stored version, redeploy-all. Mounted in the admin API, behind
 * the admin guard like every /api route but the contact post.
 */
export function storedCityRoutes(d: CityRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Before the /:slug routes: `import` and `redeploy-all` are calls, not cities.
  app.route('/', importRoutes(d));
  app.route('/', specialHoursBulkRoutes(d));
  app.route('/', cityDeployRoutes(d));
  app.route('/', cityReleaseRoutes(d));
  app.route('/', cityRoutes(d));
  app.route('/', versionRoutes(d));
  app.route('/', trashRoutes(d));
  return app;
}

export type { CityRouteDeps } from './context.js';
export { builtFrom, sameBuild } from './built.js';
export { versionDeployer, type DeployPlace, type VersionDeployer } from './deploy-version.js';
export { createRedeployRunner, runView, type RedeployRunner, type RunView } from './redeploy-runner.js';
export { samplesDir, seedCities, SAMPLES_FLAG } from './seed.js';
export { createDoorwayCheck, type DoorwayCheck, type DoorwayFailure } from './doorway-check.js';
export { redeployForSpecialHours, scheduleSpecialHoursRedeploy, type SpecialHoursRedeployDeps } from './special-hours-redeploy.js';
export { scheduleTrashPurge } from './trash-routes.js';
export { createSqliteCityStore } from './sqlite-store.js';
export type { CityPin, CityStore, CityVersion, RedeployStore, RunRecord, SkippedCity } from './types.js';
export { notifyingCityStore, savedSites, type SavedSite } from './site-feed.js';
export { checkVersion } from './yaml.js';
