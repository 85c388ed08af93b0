import assert from 'node:assert/strict';
import type { DuckDBConnectionLike } from '../../src/duckdb/DuckDBConnectionLike';
import { factQueries, type HistoryFacts } from '../helpers/historyFacts';

const rows = async (db: DuckDBConnectionLike, sql: string) => (await db.runAndReadAll(sql)).getRowObjectsJson();

/** Reads the facts back from `updates` and `events` (tables, or read_parquet(...) of files) and compares them with the source's. */
export const assertHoldsHistory = async (db: DuckDBConnectionLike, updates: string, events: string, facts: HistoryFacts, why = ''): Promise<void> => {
  const q = factQueries(updates, events);
  const [counts] = await rows(db, q.counts);
  assert.deepEqual(
    { updates: Number(counts!.updates), distinct_updates: Number(counts!.distinct_updates), events: Number(counts!.events), distinct_events: Number(counts!.distinct_events) },
    { updates: facts.updates, distinct_updates: facts.updates, events: facts.events, distinct_events: facts.events },
    `counts: no row lost, none twice ${why}`,
  );
  assert.deepEqual(Object.fromEntries((await rows(db, q.perDay)).map((r) => [String(r.day), Number(r.n)])), facts.perDay, `per day ${why}`);
  assert.deepEqual(Object.fromEntries((await rows(db, q.perTemplate)).map((r) => [String(r.t), Number(r.n)])), facts.perTemplate, `per template ${why}`);
  assert.equal(String((await rows(db, q.amuletCreated))[0]!.s), facts.amuletCreated, `Amulet created, exact ${why}`);
  assert.deepEqual((await rows(db, q.ids)).map((r) => String(r.update_id)), facts.ids, `the update ids ${why}`);
};
