import { defer, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { GetUpdatesBeforeRequest } from '../generated/scan/schemas.js';
import * as scanOperations from '../generated/scan/operations.js';
import { compareValidTimestamps } from '../time/compareValidTimestamps.js';
import { Checks } from '../validation/checks.js';
import { Timestamp } from '../codecs/common/primitives.js';
import type { UpdatesBeforeCheckpoint } from './checkpoints.js';
import { cursorOfItem } from '../paging/byScanCursor.js';
import { invariantViolation } from '../paging/invariantViolation.js';
import type { Page } from '../paging/Page.js';
import { readPages, type PageStep } from '../paging/readPages.js';
import { meterPages } from '../telemetry/meterPages.js';
import { itemCheckpoints } from './itemCheckpoints.js';
import { itemsOf } from './itemsOf.js';
import type { StreamOptions } from './options.js';
import { requireRequest } from '../validation/requireRequest.js';
import { checkpointCodecs } from './checkpointCodecs.js';

/**
 * Options of `scan.updatesBefore`.
 * @category Streams
 * @since 0.2.0
 */
export type ScanUpdatesBeforeOptions = StreamOptions<UpdatesBeforeCheckpoint>;

/** The read stands strictly below this record time. */
interface State {
  readonly before: string;
}

const checkRequest = (request: GetUpdatesBeforeRequest, from: UpdatesBeforeCheckpoint | undefined): Checks => {
  const checks = new Checks()
    .nonNegativeInt(request.migration_id, 'migration_id')
    .check(typeof request.synchronizer_id === 'string' && request.synchronizer_id.length > 0, 'synchronizer_id', 'must be a synchronizer id')
    .check(Timestamp.is(request.before), 'before', 'must be an ISO-8601 UTC instant')
    .check(request.at_or_after == null || Timestamp.is(request.at_or_after), 'at_or_after', 'must be an ISO-8601 UTC instant when given')
    .check(Number.isSafeInteger(request.count) && request.count >= 1, 'count', 'must be a positive integer');
  if (from !== undefined) {
    checks
      .decodes(checkpointCodecs['scan.updatesBefore'], from, 'from')
      .check(from.migration_id === request.migration_id, 'from.migration_id', "must be the request's migration id")
      .check(from.synchronizer_id === request.synchronizer_id, 'from.synchronizer_id', "must be the request's synchronizer id");
  }
  return checks;
};

/**
 * The history of one synchronizer in one migration walked backwards, from `before` down
 * (`POST /v0/backfilling/updates-before`), as a cold stream of pages of UpdateHistoryItem records,
 * newest first (see `ScanGroup.pages.updatesBefore`). Each page asks strictly below the oldest record time delivered;
 * a synchronizer's record times are unique, so that cursor loses and repeats nothing, and only an
 * empty page is the end (a short one is not). Each page is handed on newest first whatever order
 * the server sends it in. An item at or above the cursor, below `at_or_after`, of another
 * migration or synchronizer, or sharing a record time with another is a `DecodeError` of reason
 * `invariant` in place of its whole page (the stream orders a page itself, so no part of a bad
 * page is known to come before the fault).
 * @internal
 */
export const scanUpdatesBeforePages = (
  transport: Transport,
  request: GetUpdatesBeforeRequest,
  options: ScanUpdatesBeforeOptions = {},
): Observable<E.Either<CantonError, Page<UpdateHistoryItem, UpdatesBeforeCheckpoint>>> =>
  checked(
    () => requireRequest(request, 'scan.updatesBefore request') ?? checkRequest(request, options.from).result('scan.updatesBefore request', request),
    (req) =>
      defer(() => {
        const atOrAfter = req.at_or_after ?? undefined;
        const step = (response: { readonly transactions: ReadonlyArray<UpdateHistoryItem> }, state: State): E.Either<CantonError, PageStep<State, UpdateHistoryItem, UpdatesBeforeCheckpoint>> => {
          const page = response.transactions;
          for (let i = 0; i < page.length; i++) {
            const item = page[i]!;
            const { migration_id, record_time } = cursorOfItem(item);
            const fail = (expected: string, actual: unknown, message: string) => E.left(invariantViolation(`transactions.${i}`, expected, actual, message));
            if (!Timestamp.is(record_time)) return fail('an ISO-8601 UTC record time', record_time, 'an item without a valid record time has no place in the order');
            if (compareValidTimestamps(record_time, state.before) >= 0) return fail(`a record time before ${state.before}`, record_time, 'the walk back must not go forwards or repeat');
            if (atOrAfter !== undefined && compareValidTimestamps(record_time, atOrAfter) < 0) return fail(`a record time at or after ${atOrAfter}`, record_time, 'an item below at_or_after');
            if (migration_id !== req.migration_id) return fail(`migration ${req.migration_id}`, migration_id, 'an item of another migration');
            if ('synchronizer_id' in item && item.synchronizer_id !== req.synchronizer_id) return fail(`synchronizer ${req.synchronizer_id}`, item.synchronizer_id, 'an item of another synchronizer');
          }
          const items = [...page].sort((a, b) => compareValidTimestamps(b.record_time, a.record_time));
          for (let i = 1; i < items.length; i++) {
            if (compareValidTimestamps(items[i]!.record_time, items[i - 1]!.record_time) === 0) {
              return E.left(invariantViolation('transactions', 'record times unique within a synchronizer', items[i]!.record_time, 'two updates of one synchronizer at one record time: the cursor could not tell them apart'));
            }
          }
          const records = items.map((value) => ({
            value,
            checkpoint: { stream: 'scan.updatesBefore' as const, migration_id: req.migration_id, synchronizer_id: req.synchronizer_id, record_time: value.record_time, update_id: value.update_id },
          }));
          const oldest = items[items.length - 1];
          const checkpoint = records[records.length - 1]?.checkpoint ?? options.from;
          return E.right({ page: { records, checkpoint, caughtUp: oldest === undefined }, next: oldest === undefined ? undefined : { before: oldest.record_time } });
        };
        const paging = { request: (state: State) => invokeOperation(transport, scanOperations.getUpdatesBefore, [{ ...req, before: state.before }]), step };
        return readPages(paging, { before: options.from?.record_time ?? req.before }, options).pipe(meterPages(transport.telemetry, 'scan.updatesBefore'));
      }),
  );

/**
 * `scan.updatesBefore` as items (see `ScanGroup.updatesBefore`): the records of
 * `scanUpdatesBeforePages`.
 * @internal
 */
export const scanUpdatesBefore = (transport: Transport, request: GetUpdatesBeforeRequest, options: ScanUpdatesBeforeOptions = {}): Observable<E.Either<CantonError, UpdateHistoryItem>> =>
  itemsOf(scanUpdatesBeforePages(transport, request, options), false, (item, cp) => itemCheckpoints.set(item, cp)) as Observable<E.Either<CantonError, UpdateHistoryItem>>;
