/**
 * `canton-rx/postgres`: a sink that stores a record stream's items and its checkpoint in
 * PostgreSQL in one transaction per page, for `drainInto`. It takes the connection you give it
 * (`pg` or PGlite, optional peer dependencies); canton-rx itself depends on neither.
 *
 * @packageDocumentation
 */

export { postgresSink } from './postgresSink.js';
export type { PostgresSink, PostgresSinkOptions } from './postgresSink.js';
export type { SqlClient } from './SqlClient.js';
