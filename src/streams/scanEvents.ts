import { asyncScheduler, defer, map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { EventHistoryItem, EventHistoryRequest } from '../generated/scan/schemas.js';
import { scanOperations } from '../generated/scan/operations.js';
import { Checks } from '../validation/checks.js';
import { Timestamp } from '../codecs/common/primitives.js';
import type { EventsCheckpoint } from './checkpoints.js';
import { cursorOfEvent } from './checkpointOf.js';
import { invariantViolation, stopAfter } from './invariantViolation.js';
import type { Heartbeat } from './heartbeat.js';
import { DEFAULT_TAIL_INTERVAL_MS, TAIL_RETRY, type TailingStreamOptions } from './options.js';
import { pageRequest } from './pageRequest.js';
import { pager, type Step } from './pager.js';
import { initialScanRead, scanPageRequest, scanPageStep, type ScanReadState } from './scanPaging.js';

/**
 * Options of `scan.events`.
 * @category Streams
 * @since 0.2.0
 */
export type ScanEventsOptions = TailingStreamOptions<EventsCheckpoint>;

type Element = EventHistoryItem | Heartbeat<EventsCheckpoint>;
interface State {
  readonly read: ScanReadState;
  /** Wait this long before asking (a tail poll). */
  readonly waitMs: number | undefined;
}

const checkOptions = (options: ScanEventsOptions): Checks => {
  const checks = new Checks();
  const from = options.from;
  if (from !== undefined) {
    checks
      .check(from.stream === 'scan.events', 'from.stream', "must be 'scan.events'")
      .nonNegativeInt(from.migration_id, 'from.migration_id')
      .check(Timestamp.is(from.record_time), 'from.record_time', 'must be an ISO-8601 UTC instant')
      .check(from.update_id === undefined || (typeof from.update_id === 'string' && from.update_id.length > 0), 'from.update_id', 'must be an update id when given');
  }
  if (options.tail?.intervalMs !== undefined) checks.duration(options.tail.intervalMs, 'tail.intervalMs');
  return checks;
};

/** The paging rule of the update history names its items `transactions`; here they are `events`. */
const renamePaths = (error: CantonError): CantonError =>
  error._tag === 'DecodeError' ? { ...error, issues: error.issues.map((i) => ({ ...i, path: i.path.replace(/^transactions/, 'events') })) } : error;

/**
 * Scan's event history (`POST /v0/events`) as a cold stream of EventHistoryItem (see
 * `ScanGroup.events`). It pages exactly like `scan.updates`: the `after` cursor is the
 * `(migration_id, record_time)` of the last event (of its update, else of its verdict), each page
 * overlaps the microsecond before it so that events sharing a record time are seen across page
 * boundaries (the repeated ones dropped by update id), and only an empty answer strictly after the
 * last event is the end. Events never go backwards and an update id never comes twice at one
 * cursor, or the stream ends with a `DecodeError` of reason `invariant`; so does an event with
 * neither update nor verdict, which has no place in the order.
 * @internal
 */
export const scanEvents = (transport: Transport, request: EventHistoryRequest, options: ScanEventsOptions = {}): Observable<E.Either<CantonError, Element>> =>
  checked(
    () => checkOptions(options).result('scan.events options', request),
    (req) =>
      defer(() => {
        const tailMs = options.tail ? (options.tail.intervalMs ?? DEFAULT_TAIL_INTERVAL_MS) : undefined;
        const retry = options.tail ? { ...TAIL_RETRY, ...options.retry } : options.retry;
        const { after: requestedAfter, page_size: pageSize, ...rest } = req;
        const from = options.from;
        const start = from
          ? initialScanRead({ migration_id: from.migration_id, record_time: from.record_time }, from.update_id)
          : initialScanRead(requestedAfter ? { migration_id: requestedAfter.after_migration_id, record_time: requestedAfter.after_record_time } : undefined, undefined);

        const step = (page: ReadonlyArray<EventHistoryItem>, state: State): E.Either<CantonError, Step<State, Element>> => {
          // The history's paging rule works on items with an update id and a cursor: an event's
          // update, or for a verdict alone a stand-in with the verdict's cursor.
          const keys: UpdateHistoryItemV2[] = [];
          const eventOf = new Map<object, EventHistoryItem>();
          for (let i = 0; i < page.length; i++) {
            const event = page[i]!;
            const cursor = cursorOfEvent(event);
            if (cursor === undefined) {
              const failure = invariantViolation(`events.${i}`, 'an event with an update or a verdict', event, 'an event without either has no place in the history');
              // The events before it are handed on as far as they are valid.
              const before = scanPageStep(state.read, pageSize, keys);
              return stopAfter(before.items.map((k) => eventOf.get(k)!), before.failure === undefined ? failure : renamePaths(before.failure));
            }
            const key = event.update ?? ({ update_id: cursor.update_id, migration_id: cursor.migration_id, record_time: cursor.record_time } as unknown as UpdateHistoryItemV2);
            keys.push(key);
            eventOf.set(key, event);
          }
          const r = scanPageStep(state.read, pageSize, keys);
          const items = r.items.map((k) => eventOf.get(k)!);
          if (r.failure !== undefined) return stopAfter(items, renamePaths(r.failure));
          if (!r.caughtUp) return E.right({ items, next: { read: r.next, waitMs: undefined } });
          const { cursor, tied } = r.next;
          const last = tied[tied.length - 1];
          const checkpoint: EventsCheckpoint | undefined = cursor && { stream: 'scan.events', ...cursor, ...(last !== undefined ? { update_id: last } : {}) };
          const out: Element[] = options.heartbeats ? [...items, { _tag: 'Heartbeat', checkpoint, polledAt: asyncScheduler.now() }] : items;
          return E.right({ items: out, next: tailMs !== undefined ? { read: r.next, waitMs: tailMs } : undefined });
        };

        const page = (state: State) => {
          const body: EventHistoryRequest = { ...rest, ...scanPageRequest(state.read, pageSize) };
          return pageRequest(() => invokeOperation(transport, scanOperations.getEventHistory, [body]), retry, state.waitMs).pipe(map(E.chain((response) => step(response.events, state))));
        };
        return pager({ page }, { read: start, waitMs: undefined }, options);
      }),
  );
