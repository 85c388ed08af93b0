import { newPglite } from '../helpers/pglite';
import type { SqlClient } from '../../src/postgres/SqlClient';
import { postgresMissing, startPostgres, type PostgresServer } from '../helpers/postgresServer';

/** One PostgreSQL engine the sink is tested on: connections to one database, and how to end it. */
export interface Engine {
  readonly name: 'PGlite' | 'PostgreSQL';
  /** Why it cannot run here (undefined: it can). */
  readonly missing: () => string | undefined;
  /** Starts the engine; `connect()` answers a new connection each time (PGlite: the one instance). */
  start(): Promise<{ connect(): Promise<SqlClient & { end?(): Promise<void> }>; stop(): Promise<void>; url?: string; dataDir?: string }>;
}

export const engines: readonly Engine[] = [
  {
    name: 'PGlite',
    missing: () => undefined,
    start: async () => {
      const db = await newPglite();
      return { connect: async () => db, stop: () => db.close() };
    },
  },
  {
    name: 'PostgreSQL',
    missing: postgresMissing,
    start: async () => {
      const server: PostgresServer = await startPostgres();
      const opened: Array<{ end(): Promise<void> }> = [];
      return {
        url: server.url,
        connect: async () => {
          const c = await server.connect();
          opened.push(c);
          return c;
        },
        stop: async () => {
          await Promise.all(opened.map((c) => c.end().catch(() => undefined)));
          await server.stop();
        },
      };
    },
  },
];
