import { defer, map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import type { AcsResponseV2 } from '../codecs/scan/AcsResponseV2.js';
import type { ActiveContract } from '../codecs/scan/ActiveContract.js';
import type { AcsRequestV2 } from '../codecs/scan/AcsRequestV2.js';
import { scanOperations } from '../generated/scan/operations.js';
import { Checks } from '../validation/checks.js';
import { Timestamp } from '../codecs/common/primitives.js';
import type { AcsSnapshotCheckpoint } from './checkpoints.js';
import { itemCheckpoints } from './itemCheckpoints.js';
import type { StreamOptions } from './options.js';
import { pageRequest } from './pageRequest.js';
import { pager } from './pager.js';
import { snapshotPageStep, snapshotReadStart, type SnapshotReadMemory, type SnapshotReadState } from './snapshotPageStep.js';

/**
 * Options of `scan.acsSnapshot`.
 * @category Streams
 * @since 0.2.0
 */
export type ScanAcsSnapshotOptions = StreamOptions<AcsSnapshotCheckpoint>;

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
 * snapshot, a page token that repeats, or a contract delivered again ends the stream with a
 * `DecodeError` of reason `invariant`, after the valid items before it (see `snapshotPageStep`).
 * @internal
 */
export const scanAcsSnapshot = (transport: Transport, request: AcsRequestV2, options: ScanAcsSnapshotOptions = {}): Observable<E.Either<CantonError, ActiveContract>> =>
  checked(
    () => checkFrom(options.from).result('scan.acsSnapshot options', request),
    (req) =>
      defer(() => {
        const memory: SnapshotReadMemory = { seenTokens: new Set(), lastDelivered: undefined };
        const initial = snapshotReadStart(options.from, req.after ?? undefined);
        const step = (response: AcsResponseV2, state: SnapshotReadState) =>
          snapshotPageStep(response, state, memory, (item, snapshot) => {
            const cp: AcsSnapshotCheckpoint = { stream: 'scan.acsSnapshot', ...snapshot, contract_id: item.contract_id, ...(state.after !== undefined ? { after: state.after } : {}) };
            itemCheckpoints.set(item, cp);
          });

        const { after: _after, ...rest } = req;
        const page = (state: SnapshotReadState) => {
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
