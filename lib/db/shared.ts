import type { Database } from './client';

// The web server opens the database once (scripts/start.ts) and shares it with
// Next's separately bundled route handlers through globalThis. This module has
// no runtime imports, so route bundles never pull in the migration engine.
const globalKey = Symbol.for('quire.database');
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Database> };

export function setSharedDatabase(db: Promise<Database>): void {
  (globalThis as GlobalWithDb)[globalKey] = db;
}

/**
 * The database the server process opened. Route handlers never open one
 * themselves: opening means locking the data directory and migrating, which is
 * the server's start-up job, not a request's.
 */
export function sharedDatabase(): Promise<Database> {
  const db = (globalThis as GlobalWithDb)[globalKey];
  if (!db) throw new Error('The database is not open: start Quire with `npm start` or `npm run dev`.');
  return db;
}
