import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { flattenUpdates } from '../../src/analytics/flattenUpdates';
import { historyColumns } from '../../src/analytics/historyColumns';
import { ndjsonStage } from '../../src/duckdb/ndjsonStage';
import type { SinkItem } from '../../src/sinks/Sink';
import { scanHistory } from '../helpers/scanHistory';

describe('ndjsonStage', () => {
  let root: string;
  beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'canton-rx-stage-spec-'))));
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('gathers rows a file per table and partition; read back, every column has its type and value: JSON null apart from missing, lists, decimals and microseconds exact', async () => {
    const stage = ndjsonStage(root);
    const rows = flattenUpdates(scanHistory(30) as unknown as SinkItem[], { activity: true });
    const [first] = rows.events;
    const odd = [
      { ...first!, event_index: 1000, payload: null, exercise_result: undefined, signatories: ['a, b', 'tab\there', 'q"uote', 'ünï 😀', ''], observers: [] },
      { ...first!, event_index: 1001, migration_id: null, payload: { n: '12345678901234567890.1234567890' }, exercise_result: null, record_time: '2026-11-25T23:59:59.999999Z', day: '2026-11-25' },
    ];
    await stage.add({ ...rows, events: [...rows.events, ...odd] }, ['updates', 'events', 'transfers', 'balance_changes']);
    const parts = stage.parts();
    // scanHistory's three migrations, one day: a file per table and migration (and the ledger's row on its own day).
    assert.deepEqual([...new Set(parts.map((p) => `${p.table}/${p.migration}/${p.day}`))].length, parts.length);
    assert.ok(parts.some((p) => p.table === 'events' && p.migration === 'ledger' && p.day === '2026-11-25'));
    const db = await (await DuckDBInstance.create(':memory:')).connect();
    const all = (t: string) => parts.filter((p) => p.table === t).map((p) => `(${stage.select(p)})`).join(' UNION ALL ');
    const described = (await db.runAndReadAll(`DESCRIBE ${all('events')}`)).getRowObjectsJson().map((r) => [r.column_name, r.column_type]);
    assert.deepEqual(described, historyColumns.events.map((c) => [c.name, c.type === 'TIMESTAMPTZ' ? 'TIMESTAMP WITH TIME ZONE' : c.type]));
    const back = (await db.runAndReadAll(`SELECT event_index, payload::VARCHAR AS p, exercise_result IS NULL AS no_result, exercise_result::VARCHAR AS r, signatories, observers, strftime(record_time, '%Y-%m-%dT%H:%M:%S.%fZ') AS t FROM (${all('events')}) WHERE event_index >= 1000 ORDER BY 1`)).getRowObjectsJson();
    assert.deepEqual(back[0], { event_index: 1000, p: 'null', no_result: true, r: null, signatories: odd[0]!.signatories, observers: [], t: odd[0]!.record_time });
    assert.deepEqual(back[1]!.p, '{"n":"12345678901234567890.1234567890"}');
    assert.deepEqual([back[1]!.no_result, back[1]!.r, back[1]!.t], [false, 'null', '2026-11-25T23:59:59.999999Z']);
    const count = (await db.runAndReadAll(`SELECT count(*) AS n FROM (${all('events')})`)).getRowObjectsJson()[0]!.n;
    assert.equal(Number(count), rows.events.length + 2);
    const fees = (await db.runAndReadAll(`SELECT sum(fees_burned)::VARCHAR AS s FROM (${all('transfers')})`)).getRowObjectsJson()[0]!.s;
    const { sumDecimals } = await import('../../src/codecs/common/sumDecimals');
    assert.equal(fees, sumDecimals(rows.transfers!.map((t) => t.fees_burned)));
    const dir = parts[0]!.path.slice(0, parts[0]!.path.lastIndexOf('/'));
    assert.ok(existsSync(dir));
    await stage.clear();
    assert.deepEqual(stage.parts(), []);
    assert.ok(!existsSync(dir), 'clear removes the staged files');
    assert.deepEqual(readdirSync(root), []);
  });
});
