import Database from 'better-sqlite3';
import { migrate } from '../store/migrations.js';
import { createSqliteCityStore } from './sqlite-store.js';
import type { CityStore } from './types.js';

/**
 * The SQLite city store on a database in memory: for apps made without a data folder's store
 * (route tests about something else, benches). Same code and schema as the file, gone on exit.
 */
export function memoryCityStore(now?: () => Date): CityStore {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, ':memory:');
  return createSqliteCityStore(db, now);
}
