import { defer, map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import type { AcsResponseV2 } from '../codecs/scan/AcsResponseV2.js';
import type { ActiveContract } from '../codecs/scan/ActiveContract.js';
import type { AcsRequestV2 } from '../generated/scan/schemas.js';
import { scanOperations } from '../generated/scan/operations.js';
import { compareTimestamps } from '../time/compareTimestamps.js';
import { Checks } from '../validation/checks.js';
import { Timestamp } from '../codecs/common/primitives.js';
import type { AcsSnapshotCheckpoint } from './checkpoints.js';
import { itemCheckpoints } from './itemCheckpoints.js';
import { invariantViolation, stopAfter } from './invariantViolation.js';
import type { StreamOptions } from './options.js';
import { pageRequest } from './pageRequest.js';
import { pager, type Step } from './pager.js';

/**
 * Options of `scan.acsSnapshot`.
 * @category Streams
 * @since 0.2.0
 */
export type ScanAcsSnapshotOptions = StreamOptions<AcsSnapshotCheckpoint>;

interface Snapshot {
  readonly migration_id: number;
  readonly record_time: string;
}
interface State {
  /** The page token of the page to fetch; absent for the first page. */
  readonly after: string | undefined;
  /** The snapshot the first page resolved to; later pages ask for it exactly. */
  readonly snapshot: Snapshot | undefined;
  /** Resuming from a checkpoint: drop the items of the first page up to and including this one. */
  readonly skipThrough: string | undefined;
}

const checkFrom = (from: AcsSnapshotCheckpoint | undefined): Checks =>
  from === undefined
    ? new Checks()
    : new Checks()
        .check(from.stream === 'scan.acsSnapshot', 'from.stream', "must be 'scan.acsSnapshot'")
        .nonNegativeInt(from.migration_id, 'from.migration_id')
        .check(Timestamp.is(from.record_time), 'from.record_time', 'must be an ISO-8601 UTC instant')
        .check(from.after === undefined || typeof from.after === 'string', 'from.after', 'must be a page token when given')
        .check(typeof from.contract_id === 'string' && from.contract_id.length > 0, 'from.contract_id', 'must be a contract id');

/**
 * Scan's ACS at a snapshot (`POST /v2/state/acs`) as a cold stream of ActiveContract items
 * (see `ScanGroup.acsSnapshot`). The first page decides the snapshot (with `at_or_before`, the
 * newest one at or before the time asked for); every later page asks for that snapshot exactly,
 * so that a snapshot taken while the stream runs cannot mix two states. A page from another
 * snapshot, a page token that repeats, or a contract id that comes twice in a row of pages ends
 * the stream with a `DecodeError` of reason `invariant`, after the valid items before it.
 * @internal
 */
export const scanAcsSnapshot = (transport: Transport, request: AcsRequestV2, options: ScanAcsSnapshotOptions = {}): Observable<E.Either<CantonError, ActiveContract>> =>
  checked(
    () => checkFrom(options.from).result('scan.acsSnapshot options', request),
    (req) =>
      defer(() => {
        const seenTokens = new Set<string>();
        // The last contract handed on: the page after it must not start with it again.
        let lastDelivered: string | undefined;
        const from = options.from;
        const initial: State = from
          ? { after: from.after, snapshot: { migration_id: from.migration_id, record_time: from.record_time }, skipThrough: from.contract_id }
          : { after: req.after ?? undefined, snapshot: undefined, skipThrough: undefined };

        const step = (response: AcsResponseV2, state: State): E.Either<CantonError, Step<State, ActiveContract>> => {
          const snapshot = state.snapshot ?? { migration_id: response.migration_id, record_time: response.record_time };
          if (response.migration_id !== snapshot.migration_id || compareTimestamps(response.record_time, snapshot.record_time) !== 0) {
            return E.left(invariantViolation('record_time', `the snapshot (${snapshot.migration_id}, ${snapshot.record_time})`, { migration_id: response.migration_id, record_time: response.record_time }, 'every page must come from the same snapshot'));
          }
          let items = response.created_events;
          if (state.skipThrough !== undefined) {
            const at = items.findIndex((c) => c.contract_id === state.skipThrough);
            if (at < 0) {
              return E.left(invariantViolation('created_events', `contract ${state.skipThrough} on the checkpoint's page`, items.length, 'the checkpoint does not match the page it names; the snapshot may have been pruned'));
            }
            items = items.slice(at + 1);
          }
          const seen = new Set<string>(lastDelivered === undefined ? [] : [lastDelivered]);
          for (let i = 0; i < items.length; i++) {
            const item = items[i]!;
            if (seen.has(item.contract_id)) {
              return stopAfter(items.slice(0, i), invariantViolation(`created_events.${i}`, 'a contract not delivered before', item.contract_id, 'a page repeated a contract: the pages went backwards'));
            }
            seen.add(item.contract_id);
            const cp: AcsSnapshotCheckpoint = { stream: 'scan.acsSnapshot', migration_id: snapshot.migration_id, record_time: snapshot.record_time, contract_id: item.contract_id, ...(state.after !== undefined ? { after: state.after } : {}) };
            itemCheckpoints.set(item, cp);
          }
          if (items.length > 0) lastDelivered = items[items.length - 1]!.contract_id;
          const token = response.next_page_token ?? undefined;
          if (token !== undefined) {
            if (seenTokens.has(token)) return stopAfter(items, invariantViolation('next_page_token', 'a token not seen before', token, 'a page token repeated: the pages would loop'));
            seenTokens.add(token);
          }
          return E.right({ items, next: token === undefined ? undefined : { after: token, snapshot, skipThrough: undefined } });
        };

        const { after: _after, ...rest } = req;
        const page = (state: State) => {
          const body: AcsRequestV2 = {
            ...rest,
            ...(state.snapshot ? { migration_id: state.snapshot.migration_id, record_time: state.snapshot.record_time, record_time_match: 'exact' as const } : {}),
            ...(state.after !== undefined ? { after: state.after } : {}),
          };
          return pageRequest(() => invokeOperation(transport, scanOperations.getAcsSnapshotAtV2, [body]), options.retry, undefined).pipe(map(E.chain((response) => step(response, state))));
        };
        return pager({ page }, initial, options);
      }),
  );
