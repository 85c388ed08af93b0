import assert from 'node:assert/strict';
import { lz4Statement, schemaLockStatements, schemaStatements, tablesOf } from '../../src/postgres/postgresSchema';

describe('postgresSchema', () => {
  it('quotes the tables, with the schema when given', () => {
    assert.deepEqual(tablesOf('canton_rx_', undefined), { items: '"canton_rx_items"', checkpoints: '"canton_rx_checkpoints"', seqIndex: '"canton_rx_items_seq"' });
    assert.deepEqual(tablesOf('feed_', 'ops'), { items: '"ops"."feed_items"', checkpoints: '"ops"."feed_checkpoints"', seqIndex: '"feed_items_seq"' });
  });

  it('refuses a prefix or schema that is not a plain lower-case identifier, saying which', () => {
    assert.match(tablesOf('x"; DROP TABLE y; --', undefined) as string, /^tablePrefix /);
    assert.match(tablesOf('Feed_', undefined) as string, /^tablePrefix /);
    assert.match(tablesOf('ok_', 'a.b') as string, /^schema /);
  });

  it('one statement per query, each creating only what is missing', () => {
    const t = tablesOf('p_', undefined);
    assert.ok(typeof t !== 'string');
    const statements = schemaStatements(t);
    assert.equal(statements.length, 3);
    assert.ok(statements.every((s) => /^CREATE (TABLE|INDEX) IF NOT EXISTS /.test(s) && !s.includes(';')));
    assert.equal(lz4Statement(t), 'ALTER TABLE "p_items" ALTER COLUMN item SET COMPRESSION lz4');
  });

  it('one advisory lock per set of tables: the same key to take and to let go, another key for another schema', () => {
    const a = tablesOf('p_', 'one');
    const b = tablesOf('p_', 'two');
    assert.ok(typeof a !== 'string' && typeof b !== 'string');
    const [lock, unlock] = schemaLockStatements(a);
    assert.equal(lock, `SELECT pg_advisory_lock(hashtext('canton-rx schema "one"."p_items"'))`);
    assert.equal(unlock, lock.replace('pg_advisory_lock', 'pg_advisory_unlock'));
    assert.notEqual(schemaLockStatements(b)[0], lock);
  });
});
