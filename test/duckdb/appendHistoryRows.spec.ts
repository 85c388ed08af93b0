import assert from 'node:assert/strict';
import { DuckDBInstance } from '@duckdb/node-api';
import { appendHistoryRows } from '../../src/duckdb/appendHistoryRows';
import { createHistoryTable } from '../../src/duckdb/duckdbTables';
import { flattenUpdates } from '../../src/analytics/flattenUpdates';
import type { SinkItem } from '../../src/sinks/Sink';
import { scanHistory } from '../helpers/scanHistory';

describe('appendHistoryRows', () => {
  it('appends every row with its values as typed columns: timestamps to the microsecond, lists, JSON (a JSON null apart from a missing value)', async () => {
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    await db.run(createHistoryTable('updates', 'updates'));
    await db.run(createHistoryTable('events', 'events'));
    const rows = flattenUpdates(scanHistory(20) as unknown as SinkItem[]);
    const bytes = await appendHistoryRows(db, { updates: 'updates', events: 'events' }, rows);
    assert.ok(bytes > 0);
    const back = (await db.runAndReadAll(`SELECT update_id, strftime(record_time, '%Y-%m-%dT%H:%M:%S.%fZ') AS t, event_count FROM updates`)).getRowObjectsJson();
    assert.deepEqual(back.map((r) => [r.update_id, r.t, Number(r.event_count)]), rows.updates.map((u) => [u.update_id, u.record_time, u.event_count]));
    const events = (await db.runAndReadAll(`SELECT event_id, payload::VARCHAR AS p, exercise_result IS NULL AS no_result, signatories FROM events`)).getRowObjectsJson();
    assert.equal(events.length, rows.events.length);
    events.forEach((e, i) => {
      const row = rows.events[i]!;
      assert.equal(e.event_id, row.event_id);
      assert.deepEqual(e.p === null ? undefined : JSON.parse(String(e.p)), row.payload);
      assert.equal(e.no_result, row.exercise_result === undefined);
      assert.deepEqual(e.signatories, row.signatories);
    });
  });

  it('stores every list exactly, the elements DuckDB reads back from text as text and the others (quotes, backslashes, control characters) as list values', async () => {
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    await db.run(createHistoryTable('updates', 'updates'));
    await db.run(createHistoryTable('events', 'events'));
    const [first] = flattenUpdates(scanHistory(1) as unknown as SinkItem[]).events;
    const lists = [['p1::1220aa', 'a, b', '[x]', "it's", 'ünï 😀', '', 'null', 'NULL', ' sp ', '{a}'], [], ['a"b'], ['c\\d'], ['tab\tnew\nline', 'x'], ['\u0000']];
    const events = lists.map((l, i) => ({ ...first!, event_index: i, signatories: l, observers: i % 2 === 0 ? null : l }));
    await appendHistoryRows(db, { updates: 'updates', events: 'events' }, { updates: [], events });
    const back = (await db.runAndReadAll('SELECT signatories, observers FROM events ORDER BY event_index')).getRowObjectsJson();
    assert.deepEqual(back.map((r) => r.signatories), lists);
    assert.deepEqual(back.map((r) => r.observers), lists.map((l, i) => (i % 2 === 0 ? null : l)));
  });
});
