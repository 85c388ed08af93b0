import { asyncScheduler, defer, map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked, send } from '../client/send.js';
import { UpdateHistoryResponse } from '../codecs/scan/UpdateHistoryResponse.js';
import { UpdateHistoryResponseV2 } from '../codecs/scan/UpdateHistoryResponseV2.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { UpdateHistoryRequestV2 } from '../codecs/scan/UpdateHistoryRequestV2.js';
import { compareTimestamps } from '../time/compareTimestamps.js';
import { validateUpdateHistoryRequest } from '../validation/validateUpdateHistoryRequest.js';
import { Checks } from '../validation/checks.js';
import { Timestamp } from '../codecs/common/primitives.js';
import type { ScanCheckpoint } from './checkpoints.js';
import { cursorOfItem } from './checkpointOf.js';
import { invariantViolation, stopAfter } from './invariantViolation.js';
import type { Heartbeat } from './heartbeat.js';
import { DEFAULT_TAIL_INTERVAL_MS, TAIL_RETRY, type TailingStreamOptions } from './options.js';
import { pageRequest } from './pageRequest.js';
import { pager, type Step } from './pager.js';

/**
 * Options of `scan.updates`.
 * @category Streams
 * @since 0.1.0
 */
export interface ScanUpdatesOptions extends TailingStreamOptions<ScanCheckpoint> {
  /** `v2` (default) reads `POST /v2/updates`; `v1` the deprecated `POST /v1/updates` (items carry `offset`). */
  readonly version?: 'v1' | 'v2';
}

type Item = UpdateHistoryItem | UpdateHistoryItemV2;
type Element = Item | Heartbeat<ScanCheckpoint>;
interface Cursor {
  readonly migration_id: number;
  readonly record_time: string;
}
interface State {
  readonly after: Cursor | undefined;
  /** Wait this long before asking (a tail poll). */
  readonly waitMs: number | undefined;
}

/** Lexicographic order of `(migration_id, record_time)`, with exact timestamp comparison. @internal */
export const compareCursors = (a: Cursor, b: Cursor): number =>
  a.migration_id !== b.migration_id ? (a.migration_id < b.migration_id ? -1 : 1) : compareTimestamps(a.record_time, b.record_time);

const checkOptions = (options: ScanUpdatesOptions) => {
  const checks = new Checks();
  const from = options.from;
  if (from !== undefined) {
    checks
      .check(from.stream === 'scan.updates', 'from.stream', "must be 'scan.updates'")
      .nonNegativeInt(from.migration_id, 'from.migration_id')
      .check(Timestamp.is(from.record_time), 'from.record_time', 'must be an ISO-8601 UTC instant');
  }
  if (options.tail?.intervalMs !== undefined) checks.duration(options.tail.intervalMs, 'tail.intervalMs');
  return checks;
};

/**
 * The Scan update history as a cold stream of items (see `ScanGroup.updates`). Pages are
 * requested after the `(migration_id, record_time)` of the last item; a page shorter than
 * `page_size` is the end. Every item must come strictly after the one before it, or the stream
 * ends with a `DecodeError` of reason `invariant`.
 * @internal
 */
export const scanUpdates = (
  transport: Transport,
  request: UpdateHistoryRequestV2,
  options: ScanUpdatesOptions = {},
): Observable<E.Either<CantonError, Element>> =>
  checked(
    () => {
      const r = validateUpdateHistoryRequest(request);
      if (E.isLeft(r)) return r;
      return checkOptions(options).result('scan.updates options', r.right);
    },
    (req) =>
      defer(() => {
        const version = options.version ?? 'v2';
        const tailMs = options.tail ? (options.tail.intervalMs ?? DEFAULT_TAIL_INTERVAL_MS) : undefined;
        const retry = options.retry ?? (options.tail ? TAIL_RETRY : undefined);
        const codec = version === 'v1' ? UpdateHistoryResponse : UpdateHistoryResponseV2;
        const { after: requestedAfter, ...rest } = req;
        const start: Cursor | undefined = options.from
          ? { migration_id: options.from.migration_id, record_time: options.from.record_time }
          : requestedAfter
            ? { migration_id: requestedAfter.after_migration_id, record_time: requestedAfter.after_record_time }
            : undefined;

        const step = (items: ReadonlyArray<Item>, state: State): E.Either<CantonError, Step<State, Element>> => {
          let last = state.after;
          for (let i = 0; i < items.length; i++) {
            const cursor = cursorOfItem(items[i]!);
            if (last !== undefined && compareCursors(cursor, last) <= 0) {
              return stopAfter(
                items.slice(0, i),
                invariantViolation(`transactions.${i}`, `an item after (${last.migration_id}, ${last.record_time})`, cursor, 'Scan items must strictly increase by (migration_id, record_time)'),
              );
            }
            last = cursor;
          }
          // A short page is the end of the history, as of now.
          const caughtUp = items.length < req.page_size;
          const out: Element[] = caughtUp && options.heartbeats ? [...items, { _tag: 'Heartbeat', checkpoint: last && { stream: 'scan.updates', ...last }, polledAt: asyncScheduler.now() }] : [...items];
          const next = !caughtUp ? { after: last, waitMs: undefined } : tailMs !== undefined ? { after: last, waitMs: tailMs } : undefined;
          return E.right({ items: out, next });
        };

        const page = (state: State) => {
          const body = state.after
            ? { ...rest, after: { after_migration_id: state.after.migration_id, after_record_time: state.after.record_time } }
            : rest;
          return pageRequest(() => send(transport, { method: 'POST', path: `/${version}/updates`, body }, codec), retry, state.waitMs).pipe(
            map(E.chain((response) => step(response.transactions as ReadonlyArray<Item>, state))),
          );
        };
        return pager({ page }, { after: start, waitMs: undefined }, options);
      }),
  );
