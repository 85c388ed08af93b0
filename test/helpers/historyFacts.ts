import { sumDecimals } from '../../src/codecs/common/sumDecimals';

type Json = Record<string, unknown>;

/** What a reader of the tables must find, computed from the Scan items themselves (not through flattenUpdates). */
export interface HistoryFacts {
  readonly updates: number;
  readonly events: number;
  /** The update ids, sorted. */
  readonly ids: string[];
  /** Updates per UTC day of their record time. */
  readonly perDay: Record<string, number>;
  /** Events per `<package_name>:<entity>`. */
  readonly perTemplate: Record<string, number>;
  /** The exact sum of `amount.initialAmount` of the Amulet contracts created, as `sumDecimals` gives it. */
  readonly amuletCreated: string;
}

/** The facts of a Scan v2 history (transactions and reassignments). */
export const historyFacts = (items: ReadonlyArray<unknown>): HistoryFacts => {
  const perDay: Record<string, number> = {};
  const perTemplate: Record<string, number> = {};
  const amounts: string[] = [];
  let events = 0;
  const count = (e: Json) => {
    events++;
    const entity = String(e.template_id ?? '').split(':').pop() ?? '';
    const key = e.template_id === undefined ? '(none)' : `${String(e.package_name)}:${entity}`;
    perTemplate[key] = (perTemplate[key] ?? 0) + 1;
    if (e.event_type === 'created_event' && entity === 'Amulet') amounts.push(String(((e.create_arguments as Json).amount as Json).initialAmount));
  };
  for (const raw of items) {
    const item = raw as Json;
    const day = new Date(String(item.record_time)).toISOString().slice(0, 10);
    perDay[day] = (perDay[day] ?? 0) + 1;
    if ('events_by_id' in item) for (const e of Object.values(item.events_by_id as Record<string, Json>)) count(e);
    else {
      const event = item.event as Json;
      if ('created_event' in event) count({ ...(event.created_event as Json), event_type: 'assigned' });
      else count({});
    }
  }
  return { updates: items.length, events, ids: items.map((i) => String((i as Json).update_id)).sort(), perDay, perTemplate, amuletCreated: sumDecimals(amounts) };
};

/** The queries that read the same facts from tables (or Parquet files) `updates` and `events`, as DuckDB SQL. */
export const factQueries = (updates: string, events: string) => ({
  counts: `SELECT (SELECT count(*) FROM ${updates}) AS updates, (SELECT count(DISTINCT (migration_id, update_id)) FROM ${updates}) AS distinct_updates, (SELECT count(*) FROM ${events}) AS events, (SELECT count(DISTINCT (update_id, event_index)) FROM ${events}) AS distinct_events`,
  perDay: `SELECT strftime(day, '%Y-%m-%d') AS day, count(*) AS n FROM ${updates} GROUP BY 1`,
  perTemplate: `SELECT coalesce(package_name || ':' || entity_name, '(none)') AS t, count(*) AS n FROM ${events} GROUP BY 1`,
  amuletCreated: `SELECT coalesce(sum(CAST(payload->>'$.amount.initialAmount' AS DECIMAL(38,10))), 0)::VARCHAR AS s FROM ${events} WHERE kind = 'created' AND entity_name = 'Amulet'`,
  ids: `SELECT update_id FROM ${updates} ORDER BY update_id`,
});
