import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Every embedded database Quire opens (the server's, the tests', the migration
 * tooling's shadow) carries the same extensions as the PostgreSQL it stands in
 * for: the migrations create `pg_trgm` for substring search by index.
 */
export function newPglite(dataDir?: string, options: Omit<PGliteOptions, 'extensions' | 'dataDir'> = {}): PGlite {
  return new PGlite({ ...options, ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
}
