import type { Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import * as scanOperations from '../generated/scan/operations.js';
import type { AcsResponseV2 } from '../codecs/scan/AcsResponseV2.js';
import type { ActiveContract } from '../codecs/scan/ActiveContract.js';
import type { HoldingsStateRequestV2 } from '../codecs/scan/HoldingsStateRequestV2.js';
import { validateHoldingsStateRequest } from '../validation/validateHoldingsStateRequest.js';
import { Checks } from '../validation/checks.js';
import type { HoldingsCheckpoint } from './checkpoints.js';
import { itemCheckpoints } from './itemCheckpoints.js';
import type { StreamOptions } from './options.js';
import { readSnapshotPagesPaged } from './readSnapshotPages.js';
import type { Page } from '../paging/Page.js';
import { itemsOf } from './itemsOf.js';
import { checkpointCodecs } from './checkpointCodecs.js';
import { meterPages } from '../telemetry/meterPages.js';

/**
 * Options of `scan.holdings`.
 * @category Streams
 * @since 0.1.0
 */
export type ScanHoldingsOptions = StreamOptions<HoldingsCheckpoint>;

const checkFrom = (from: HoldingsCheckpoint | undefined) =>
  new Checks().checkpoint(checkpointCodecs['scan.holdings'], from);

/**
 * One `POST /v2/holdings/state`, decoded; Scan's 404 "No snapshots found ..." carries `condition: 'SnapshotNotFound'`.
 * @internal
 */
export const holdingsPage = (transport: Transport, body: HoldingsStateRequestV2): Observable<E.Either<CantonError, AcsResponseV2>> =>
  invokeOperation(transport, scanOperations.getHoldingsStateAtV2, [body]);

/**
 * The holdings at a snapshot (the snapshot family) as a cold stream of pages of ActiveContract
 * records (see `ScanGroup.pages.holdings`).
 * The first page decides the snapshot (with `at_or_before`, the newest one at or before the
 * time asked for); every later page asks for that snapshot exactly, so a snapshot taken while
 * the stream runs cannot mix two states. Page tokens must not repeat, contracts must not come
 * again, and every page must echo the snapshot, or the stream ends with a `DecodeError` of
 * reason `invariant` (see `snapshotPageStep`).
 * @internal
 */
export const scanHoldingsPages = (
  transport: Transport,
  request: HoldingsStateRequestV2,
  options: ScanHoldingsOptions = {},
): Observable<E.Either<CantonError, Page<ActiveContract, HoldingsCheckpoint>>> =>
  checked(
    () => {
      const r = validateHoldingsStateRequest(request);
      if (E.isLeft(r)) return r;
      return checkFrom(options.from).result('scan.holdings options', r.right);
    },
    (req) => readSnapshotPagesPaged(req, options, (body) => holdingsPage(transport, body), (fields): HoldingsCheckpoint => ({ stream: 'scan.holdings', ...fields })).pipe(meterPages(transport.telemetry, 'scan.holdings')),
  );

/** The item form of `scanHoldingsPages` (see `ScanGroup.holdings`). @internal */
export const scanHoldings = (transport: Transport, request: HoldingsStateRequestV2, options: ScanHoldingsOptions = {}): Observable<E.Either<CantonError, ActiveContract>> =>
  itemsOf(scanHoldingsPages(transport, request, options), false, (item, cp) => itemCheckpoints.set(item, cp)) as Observable<E.Either<CantonError, ActiveContract>>;
