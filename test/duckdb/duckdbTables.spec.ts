import assert from 'node:assert/strict';
import { DuckDBInstance } from '@duckdb/node-api';
import { createHistoryTable, duckdbTables } from '../../src/duckdb/duckdbTables';
import { historyColumns } from '../../src/analytics/historyColumns';

describe('duckdbTables', () => {
  it('names the tables of a prefix, and refuses a prefix that is not lower-case letters, digits and _', () => {
    assert.deepEqual(duckdbTables('x_'), {
      updates: '"x_updates"',
      events: '"x_events"',
      transfers: '"x_transfers"',
      balance_changes: '"x_balance_changes"',
      checkpoints: '"x_canton_rx_checkpoints"',
      appendTo: { updates: 'x_updates', events: 'x_events', transfers: 'x_transfers', balance_changes: 'x_balance_changes' },
    });
    for (const bad of ['X', 'a-b', 'a"; DROP TABLE t; --', '1a']) assert.equal(typeof duckdbTables(bad), 'string', bad);
  });

  it('creates tables with exactly the columns and types of historyColumns', async () => {
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    for (const t of ['updates', 'events', 'transfers', 'balance_changes'] as const) {
      await db.run(createHistoryTable(`"${t}"`, t));
      const described = (await db.runAndReadAll(`DESCRIBE "${t}"`)).getRowObjectsJson().map((r) => [r.column_name, r.column_type]);
      assert.deepEqual(described, historyColumns[t].map((c) => [c.name, c.type === 'TIMESTAMPTZ' ? 'TIMESTAMP WITH TIME ZONE' : c.type]));
    }
  });
});
