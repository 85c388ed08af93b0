/**
 * The one thing the PostgreSQL sink needs of a driver: a single connection that runs a
 * parameterised statement. A `pg.Client` (or a client checked out of a `pg.Pool`, not the pool
 * itself, so that a sink's statements go to one server session) and a PGlite instance both fit
 * as they are. Each commit is a single statement (its own transaction), so several sinks may
 * share one connection.
 * @example
 * ```ts
 * import type { SqlClient } from 'canton-rx/postgres';
 * import { PGlite } from '@electric-sql/pglite';
 * import pg from 'pg';
 *
 * const embedded: SqlClient = new PGlite('./feed-data');
 * const server: SqlClient = new pg.Client({ connectionString: process.env.DATABASE_URL });
 * ```
 * @category Sinks
 * @since 0.2.0
 */
export interface SqlClient {
  // `any`: the drivers' own signatures (generic rows, typed parameters) must fit as they are.
  /** Runs one statement with `$1`, `$2`, ... parameters and answers its rows. */
  query(text: string, params?: any[]): Promise<{ rows: any[] }>;
}
