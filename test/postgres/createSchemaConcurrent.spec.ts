import assert from 'node:assert/strict';
import * as E from 'fp-ts/lib/Either.js';
import type pg from 'pg';
import { postgresSink } from '../../src/postgres/postgresSink';
import { requireOrSkip } from '../helpers/localServers';
import { postgresMissing, startPostgres, type PostgresServer } from '../helpers/postgresServer';

describe('postgresSink createSchema, two processes at once on a fresh database', function () {
  this.timeout(120_000);
  let server: PostgresServer | undefined;
  const opened: pg.Client[] = [];

  before(async function () {
    requireOrSkip(this, postgresMissing());
    server = await startPostgres();
  });
  after(async () => {
    await Promise.all(opened.map((c) => c.end().catch(() => undefined)));
    await server?.stop();
  });

  const connect = async () => {
    const c = await server!.connect();
    opened.push(c);
    return c;
  };

  it('20 pairs of connections creating the same tables at the same moment: every call succeeds, the tables exist once', async () => {
    // Each pair on a schema of its own, fresh: without serialisation most pairs collide in the
    // catalogue (pg_type_typname_nsp_index), since CREATE TABLE IF NOT EXISTS is not atomic.
    const [a, b] = [await connect(), await connect()];
    const failures: string[] = [];
    for (let i = 0; i < 20; i++) {
      const schema = `fresh_${i}`;
      await a.query(`CREATE SCHEMA ${schema}`);
      const results = await Promise.all([postgresSink({ db: a, stream: 'x', schema }).createSchema(), postgresSink({ db: b, stream: 'x', schema }).createSchema()]);
      for (const r of results) if (E.isLeft(r)) failures.push(`${schema}: ${r.left.message}`);
      const tables = await a.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name`, [schema]);
      assert.deepEqual(tables.rows.map((r: { table_name: string }) => r.table_name), ['canton_rx_checkpoints', 'canton_rx_items']);
    }
    assert.deepEqual(failures, []);
    // The lock is let go: a third connection creates a schema of its own without waiting.
    const c = await connect();
    await c.query('CREATE SCHEMA after_all');
    assert.ok(E.isRight(await postgresSink({ db: c, stream: 'x', schema: 'after_all' }).createSchema()));
    const held = await c.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'`);
    assert.equal(held.rows[0].n, 0);
  });
});
