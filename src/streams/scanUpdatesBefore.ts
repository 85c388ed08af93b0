import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { GetUpdatesBeforeRequest } from '../generated/scan/schemas.js';
import { getUpdatesBefore } from '../generated/scan/ops/getUpdatesBefore.js';
import { compareValidTimestamps } from '../time/compareValidTimestamps.js';
import type { Checks } from '../validation/checks.js';
import { Timestamp } from '../codecs/common/primitives.js';
import type { UpdatesBeforeCheckpoint } from './checkpoints.js';
import { cursorOfItem } from '../paging/byScanCursor.js';
import { invariantViolation } from '../paging/invariantViolation.js';
import type { PageStep } from '../paging/readPages.js';
import { pagedRead } from '../paging/pagedRead.js';
import { recordStream, type ReadContext } from './recordStream.js';
import type { StreamOptions } from './options.js';
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

const checkRequest = (checks: Checks, request: GetUpdatesBeforeRequest, from: UpdatesBeforeCheckpoint | undefined): Checks => {
  checks
    .nonNegativeInt(request.migration_id, 'migration_id')
    .check(typeof request.synchronizer_id === 'string' && request.synchronizer_id.length > 0, 'synchronizer_id', 'must be a synchronizer id')
    .check(Timestamp.is(request.before), 'before', 'must be an ISO-8601 UTC instant')
    .check(request.at_or_after == null || Timestamp.is(request.at_or_after), 'at_or_after', 'must be an ISO-8601 UTC instant when given')
    .check(Number.isSafeInteger(request.count) && request.count >= 1, 'count', 'must be a positive integer');
  if (from !== undefined) {
    checks
      .check(from.migration_id === request.migration_id, 'from.migration_id', "must be the request's migration id")
      .check(from.synchronizer_id === request.synchronizer_id, 'from.synchronizer_id', "must be the request's synchronizer id");
  }
  return checks;
};

/**
 * The history of one synchronizer in one migration walked backwards, from `before` down
 * (`POST /v0/backfilling/updates-before`), as UpdateHistoryItem records,
 * newest first (see `ScanGroup.updatesBefore`, `ScanGroup.pages.updatesBefore`). Each page asks strictly below the oldest record time delivered;
 * a synchronizer's record times are unique, so that cursor loses and repeats nothing, and only an
 * empty page is the end (a short one is not). Each page is handed on newest first whatever order
 * the server sends it in. An item at or above the cursor, below `at_or_after`, of another
 * migration or synchronizer, or sharing a record time with another is a `DecodeError` of reason
 * `invariant` in place of its whole page (the stream orders a page itself, so no part of a bad
 * page is known to come before the fault).
 * @example
 * ```ts
 * scanUpdatesBeforeStream.items(transport, { migration_id: 3, synchronizer_id, before: '2026-03-19T17:00:00Z', count: 100 }).subscribe(console.log);
 * ```
 * @internal
 */
export const scanUpdatesBeforeStream = /*#__PURE__*/ recordStream({
  name: 'scan.updatesBefore',
  family: 'walking by record time or id',
  checkpoint: checkpointCodecs['scan.updatesBefore'],
  items: 'values',
  remember: true,
  requestRequired: true,
  checks: (checks, request, options) => checkRequest(checks, request, options.from),
  read: ({ call }: ReadContext, req: GetUpdatesBeforeRequest, options: ScanUpdatesBeforeOptions) => {
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
    return pagedRead({ request: (state: State) => call(getUpdatesBefore, [{ ...req, before: state.before }]), step }, { before: options.from?.record_time ?? req.before });
  },
});

/** The page form of `scan.updatesBefore` (see `ScanGroup.pages.updatesBefore`). @internal */
export const scanUpdatesBeforePages = scanUpdatesBeforeStream.pages;

/** `scan.updatesBefore` as items (see `ScanGroup.updatesBefore`). @internal */
export const scanUpdatesBefore = scanUpdatesBeforeStream.items;
