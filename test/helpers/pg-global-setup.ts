import { startCluster } from '../../scripts/pg-cluster.mjs';

/**
 * The PostgreSQL every test of the PostgreSQL store talks to: TEST_DATABASE_URL when the caller
 * gives one, else a throwaway cluster started here (scripts/pg-cluster.mjs: Debian's postgresql,
 * initdb in a temporary folder, a free port) and stopped after the run. Each test file makes its
 * own database in it (test/helpers/pg.ts), so files never see each other's rows.
 */
export async function setup(): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) return () => undefined;
  const cluster = await startCluster({ fsync: false });
  process.env.TEST_DATABASE_URL = cluster.url;
  return () => cluster.stop();
}
