/**
 * A PostgreSQL sink for `drainInto`: a record stream's items and its checkpoint stored in one
 * transaction per page, exactly once. Node only.
 *
 * It takes the connection you give it (`pg` or PGlite, optional peer dependencies); canton-rx
 * itself depends on neither. See docs/sinks.md.
 *
 * @packageDocumentation
 * @module canton-rx/postgres
 */

export { postgresSink } from './postgresSink.js';
export type { PostgresSink, PostgresSinkOptions } from './postgresSink.js';
export type { SqlClient } from './SqlClient.js';
