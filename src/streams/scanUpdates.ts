import { asyncScheduler, defer, finalize, map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked, send } from '../client/send.js';
import { UpdateHistoryResponse } from '../codecs/scan/UpdateHistoryResponse.js';
import { UpdateHistoryResponseV2 } from '../codecs/scan/UpdateHistoryResponseV2.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { UpdateHistoryRequestV2 } from '../codecs/scan/UpdateHistoryRequestV2.js';
import { validateUpdateHistoryRequest } from '../validation/validateUpdateHistoryRequest.js';
import { Checks } from '../validation/checks.js';
import { Timestamp } from '../codecs/common/primitives.js';
import type { ScanCheckpoint } from './checkpoints.js';
import { stopAfter } from './invariantViolation.js';
import type { Heartbeat } from './heartbeat.js';
import { DEFAULT_TAIL_INTERVAL_MS, TAIL_RETRY, type TailingStreamOptions } from './options.js';
import { pageRequest } from './pageRequest.js';
import { pager, type Step } from './pager.js';
import { initialScanRead, scanPageRequest, scanPageStep, type ScanReadState } from './scanPaging.js';
import { lastCursorInText } from './lastCursorInText.js';
import { sendAhead } from './sendAhead.js';

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
interface State {
  readonly read: ScanReadState;
  /** Wait this long before asking (a tail poll). */
  readonly waitMs: number | undefined;
}

/** Checks the options of `scan.updates` (also `scan.backfill`'s `from`). @internal */
export const checkOptions = (options: ScanUpdatesOptions): Checks => {
  const checks = new Checks();
  const from = options.from;
  if (from !== undefined) {
    checks
      .check(from.stream === 'scan.updates', 'from.stream', "must be 'scan.updates'")
      .nonNegativeInt(from.migration_id, 'from.migration_id')
      .check(Timestamp.is(from.record_time), 'from.record_time', 'must be an ISO-8601 UTC instant')
      .check(from.update_id === undefined || (typeof from.update_id === 'string' && from.update_id.length > 0), 'from.update_id', 'must be an update id when given');
  }
  if (options.tail?.intervalMs !== undefined) checks.duration(options.tail.intervalMs, 'tail.intervalMs');
  return checks;
};

/**
 * The Scan update history as a cold stream of items (see `ScanGroup.updates`). Each page is asked
 * for from the microsecond before the last item's `(migration_id, record_time)`, so that items
 * sharing that cursor are seen across page boundaries (the repeated ones are dropped by update
 * id); the history ends only when a request strictly after the last item comes back empty, since
 * a short page is no proof of the end (see `scanPageStep`). Items must never go backwards and an
 * update id must not come twice at one cursor, or the stream ends with a `DecodeError` of reason
 * `invariant` after the valid items before it.
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
        const retry = options.tail ? { ...TAIL_RETRY, ...options.retry } : options.retry;
        const codec = version === 'v1' ? UpdateHistoryResponse : UpdateHistoryResponseV2;
        const { after: requestedAfter, page_size: pageSize, ...rest } = req;
        const from = options.from;
        const start = from
          ? initialScanRead({ migration_id: from.migration_id, record_time: from.record_time }, from.update_id)
          : initialScanRead(requestedAfter ? { migration_id: requestedAfter.after_migration_id, record_time: requestedAfter.after_record_time } : undefined, undefined);

        const step = (page: ReadonlyArray<Item>, state: State): E.Either<CantonError, Step<State, Element>> => {
          const r = scanPageStep(state.read, pageSize, page);
          if (r.failure !== undefined) return stopAfter(r.items, r.failure);
          if (!r.caughtUp) return E.right({ items: r.items, next: { read: r.next, waitMs: undefined } });
          const { cursor, tied } = r.next;
          const last = tied[tied.length - 1];
          const checkpoint: ScanCheckpoint | undefined = cursor && { stream: 'scan.updates', ...cursor, ...(last !== undefined ? { update_id: last } : {}) };
          const items: Element[] = options.heartbeats ? [...r.items, { _tag: 'Heartbeat', checkpoint, polledAt: asyncScheduler.now() }] : [...r.items];
          return E.right({ items, next: tailMs !== undefined ? { read: r.next, waitMs: tailMs } : undefined });
        };

        const path = `/${version}/updates`;
        const bodyOf = (read: ScanReadState) => ({ ...rest, ...scanPageRequest(read, pageSize) });
        // The next request, sent on a guess read from the raw text of a page, so that the server
        // works while this page is parsed and decoded; handed over only to the very request the
        // decoded page asks for. Push mode only, and only with a prefetch window.
        const ahead = options.pull === undefined && (options.prefetch ?? 1) >= 1 ? sendAhead(transport, path, codec) : undefined;
        const guessNext = (key: string) => (text: string) => {
          const cursor = lastCursorInText(text);
          if (cursor === undefined) return undefined;
          const guess = bodyOf({ cursor, tied: [''], mode: 'overlap', extra: 1, stalls: 0 });
          // A page that shows nothing new guesses the request it came from: no use asking again.
          return JSON.stringify(guess) === key ? undefined : guess;
        };

        const page = (state: State) => {
          const body = bodyOf(state.read);
          const request = () => (ahead ? ahead.take(body, guessNext) : send(transport, { method: 'POST', path, body }, codec));
          return pageRequest(request, retry, state.waitMs).pipe(map(E.chain((response) => step(response.transactions as ReadonlyArray<Item>, state))));
        };
        const stream = pager({ page }, { read: start, waitMs: undefined }, options);
        return ahead ? stream.pipe(finalize(() => ahead.cancel())) : stream;
      }),
  );
