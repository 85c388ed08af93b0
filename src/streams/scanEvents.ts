import type { EventHistoryItem, EventHistoryRequest, EventHistoryResponse } from '../generated/scan/schemas.js';
import { getEventHistory } from '../generated/scan/ops/getEventHistory.js';
import { getLatestEventRecordTime } from '../generated/scan/ops/getLatestEventRecordTime.js';
import type { EventsCheckpoint } from './checkpoints.js';
import type { TailingStreamOptions } from './options.js';
import { scanCursorRead, type ScanCursorRecords, type ScanKeyed } from '../paging/byScanCursor.js';
import { invariantViolation } from '../paging/invariantViolation.js';
import { utcTimestamp } from '../paging/utcTimestamp.js';
import { checkpointCodecs } from './checkpointCodecs.js';
import { recordStream, type ReadContext } from './recordStream.js';

/**
 * Options of `scan.events`.
 * @category Streams
 * @since 0.2.0
 */
export type ScanEventsOptions = TailingStreamOptions<EventsCheckpoint>;

/**
 * The key an event pages by: its update's cursor, else its verdict's; its record time read as the
 * UTC instant it names (the generated codec leaves it a plain string, and RFC 3339 allows an
 * offset). An event without either, or with a time that is no RFC 3339 time, has no place in the
 * order: the page's records end before it, with an invariant Left at its path.
 */
const eventRecords = (events: ReadonlyArray<EventHistoryItem>): ScanCursorRecords<EventHistoryItem> => {
  const keys: ScanKeyed[] = [];
  for (let i = 0; i < events.length; i++) {
    const event = events[i]!;
    const source = event.update != null ? { at: 'update', of: event.update } : event.verdict != null ? { at: 'verdict', of: event.verdict } : undefined;
    if (source === undefined) {
      return { values: events.slice(0, i), keys, failure: invariantViolation(`events.${i}`, 'an event with an update or a verdict', event, 'an event without either has no place in the history') };
    }
    const of = source.of as { update_id: string; migration_id: number; record_time: unknown; event?: { migration_id: number } };
    const recordTime = utcTimestamp(of.record_time);
    if (recordTime === undefined) {
      return { values: events.slice(0, i), keys, failure: invariantViolation(`events.${i}.${source.at}.record_time`, 'an RFC 3339 time', of.record_time, 'an event without a valid record time has no place in the order') };
    }
    keys.push({ update_id: of.update_id, migration_id: of.event?.migration_id ?? of.migration_id, record_time: recordTime });
  }
  return { values: events, keys };
};

/**
 * Scan's event history (`POST /v0/events`; see `ScanGroup.events`, `ScanGroup.pages.events`). It
 * pages exactly like `scan.updates` (the Scan cursor family): the `after` cursor is the
 * `(migration_id, record_time)` of the last event (of its update, else of its verdict), each page
 * overlaps the microsecond before it so that events sharing a record time are seen across page
 * boundaries (the repeated ones dropped by update id), and only an empty answer strictly after the
 * last event is the end. Events never go backwards and an update id never comes twice at one
 * cursor, or the stream ends with a `DecodeError` of reason `invariant`; so does an event with
 * neither update nor verdict, or without a valid record time.
 * @example
 * ```ts
 * scanEventsStream.items(transport, { page_size: 100 }).subscribe(console.log);
 * ```
 * @internal
 */
export const scanEventsStream = /*#__PURE__*/ recordStream({
  name: 'scan.events',
  family: 'scan cursor',
  checkpoint: checkpointCodecs['scan.events'],
  items: 'values',
  tails: true,
  requestRequired: true,
  serverEnd: getLatestEventRecordTime,
  read: ({ call, tailMs }: ReadContext, request: EventHistoryRequest, options: ScanEventsOptions) =>
    scanCursorRead(
      { stream: 'scan.events' as const, tailMs, itemsPath: 'events', request: (body) => call(getEventHistory, [body]), records: (response: EventHistoryResponse) => eventRecords(response.events) },
      request,
      options.from,
    ),
});

/** The page form of `scan.events` (see `ScanGroup.pages.events`). @internal */
export const scanEventsPages = scanEventsStream.pages;

/** The item form of `scan.events`: its events, and heartbeats when asked for (see `ScanGroup.events`). @internal */
export const scanEvents = scanEventsStream.items;
