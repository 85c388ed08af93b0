import { defer, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import type { EventHistoryItem, EventHistoryRequest } from '../generated/scan/schemas.js';
import * as scanOperations from '../generated/scan/operations.js';
import { Checks } from '../validation/checks.js';
import type { EventsCheckpoint } from './checkpoints.js';
import type { Heartbeat } from './heartbeat.js';
import { DEFAULT_TAIL_INTERVAL_MS, TAIL_RETRY, type TailingStreamOptions } from './options.js';
import { initialScanRead, scanCursorPaging, type ScanCursorRecords, type ScanKeyed } from '../paging/byScanCursor.js';
import { invariantViolation } from '../paging/invariantViolation.js';
import { readPages } from '../paging/readPages.js';
import { meterPages } from '../telemetry/meterPages.js';
import type { Page } from '../paging/Page.js';
import { utcTimestamp } from '../paging/utcTimestamp.js';
import { itemsOf } from './itemsOf.js';
import { requireRequest } from '../validation/requireRequest.js';
import { checkpointCodecs } from './checkpointCodecs.js';

/**
 * Options of `scan.events`.
 * @category Streams
 * @since 0.2.0
 */
export type ScanEventsOptions = TailingStreamOptions<EventsCheckpoint>;

type Element = EventHistoryItem | Heartbeat<EventsCheckpoint>;

const checkOptions = (options: ScanEventsOptions): Checks => {
  const checks = new Checks();
  const from = options.from;
  checks.checkpoint(checkpointCodecs['scan.events'], from);
  if (options.tail?.intervalMs !== undefined) checks.duration(options.tail.intervalMs, 'tail.intervalMs');
  return checks;
};

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
 * Scan's event history (`POST /v0/events`) as a cold stream of pages (see
 * `ScanGroup.pages.events`). It pages exactly like `scan.updates` (the Scan cursor family): the
 * `after` cursor is the `(migration_id, record_time)` of the last event (of its update, else of
 * its verdict), each page overlaps the microsecond before it so that events sharing a record time
 * are seen across page boundaries (the repeated ones dropped by update id), and only an empty
 * answer strictly after the last event is the end. Events never go backwards and an update id
 * never comes twice at one cursor, or the stream ends with a `DecodeError` of reason `invariant`;
 * so does an event with neither update nor verdict, or without a valid record time.
 * @internal
 */
export const scanEventsPages = (transport: Transport, request: EventHistoryRequest, options: ScanEventsOptions = {}): Observable<E.Either<CantonError, Page<EventHistoryItem, EventsCheckpoint>>> =>
  checked(
    () => requireRequest(request, 'scan.events request') ?? checkOptions(options).result('scan.events options', request),
    (req) =>
      defer(() => {
        const tailMs = options.tail ? (options.tail.intervalMs ?? DEFAULT_TAIL_INTERVAL_MS) : undefined;
        const retry = options.tail ? { ...TAIL_RETRY, ...options.retry } : options.retry;
        const { after: requestedAfter, page_size: pageSize, ...rest } = req;
        const from = options.from;
        const start = from
          ? initialScanRead({ migration_id: from.migration_id, record_time: from.record_time }, from.update_id)
          : initialScanRead(requestedAfter ? { migration_id: requestedAfter.after_migration_id, record_time: requestedAfter.after_record_time } : undefined, undefined);
        const paging = scanCursorPaging({
          stream: 'scan.events' as const,
          pageSize,
          tailMs,
          itemsPath: 'events',
          request: (cursor) => invokeOperation(transport, scanOperations.getEventHistory, [{ ...rest, ...cursor }]),
          records: (response) => eventRecords(response.events),
        });
        return readPages(paging, start, { prefetch: options.prefetch, pull: options.pull, retry }).pipe(meterPages(transport.telemetry, 'scan.events'));
      }),
  );

/**
 * Scan's event history as a cold stream of EventHistoryItem (see `ScanGroup.events`): the records
 * of `scanEventsPages`, and heartbeats when asked for.
 * @internal
 */
export const scanEvents = (transport: Transport, request: EventHistoryRequest, options: ScanEventsOptions = {}): Observable<E.Either<CantonError, Element>> =>
  itemsOf(scanEventsPages(transport, request, options), options.heartbeats);
