import type { Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import type { ActiveContract } from '../codecs/scan/ActiveContract.js';
import type { AcsRequestV2 } from '../codecs/scan/AcsRequestV2.js';
import * as scanOperations from '../generated/scan/operations.js';
import { Checks } from '../validation/checks.js';
import type { AcsSnapshotCheckpoint } from './checkpoints.js';
import { itemCheckpoints } from './itemCheckpoints.js';
import type { StreamOptions } from './options.js';
import { readSnapshotPagesPaged } from './readSnapshotPages.js';
import type { Page } from '../paging/Page.js';
import { itemsOf } from './itemsOf.js';
import { requireRequest } from '../validation/requireRequest.js';
import { checkpointCodecs } from './checkpointCodecs.js';
import { meterPages } from '../telemetry/meterPages.js';

/**
 * Options of `scan.acsSnapshot`.
 * @category Streams
 * @since 0.2.0
 */
export type ScanAcsSnapshotOptions = StreamOptions<AcsSnapshotCheckpoint>;

const checkFrom = (from: AcsSnapshotCheckpoint | undefined): Checks =>
  new Checks().checkpoint(checkpointCodecs['scan.acsSnapshot'], from);

/**
 * Scan's ACS at a snapshot (`POST /v2/state/acs`; the snapshot family) as a cold stream of pages
 * of ActiveContract records (see `ScanGroup.pages.acsSnapshot`). The first page decides the snapshot (with `at_or_before`, the
 * newest one at or before the time asked for); every later page asks for that snapshot exactly,
 * so that a snapshot taken while the stream runs cannot mix two states. A page from another
 * snapshot, a page token that repeats, or a contract delivered again ends the stream with a
 * `DecodeError` of reason `invariant`, after the valid items before it (see `snapshotPageStep`).
 * @internal
 */
export const scanAcsSnapshotPages = (transport: Transport, request: AcsRequestV2, options: ScanAcsSnapshotOptions = {}): Observable<E.Either<CantonError, Page<ActiveContract, AcsSnapshotCheckpoint>>> =>
  checked(
    () => requireRequest(request, 'scan.acsSnapshot request') ?? checkFrom(options.from).result('scan.acsSnapshot options', request),
    (req) =>
      readSnapshotPagesPaged(req, options, (body) => invokeOperation(transport, scanOperations.getAcsSnapshotAtV2, [body]), (fields): AcsSnapshotCheckpoint => ({ stream: 'scan.acsSnapshot', ...fields })).pipe(meterPages(transport.telemetry, 'scan.acsSnapshot')),
  );

/** The item form of `scanAcsSnapshotPages` (see `ScanGroup.acsSnapshot`). @internal */
export const scanAcsSnapshot = (transport: Transport, request: AcsRequestV2, options: ScanAcsSnapshotOptions = {}): Observable<E.Either<CantonError, ActiveContract>> =>
  itemsOf(scanAcsSnapshotPages(transport, request, options), false, (item, cp) => itemCheckpoints.set(item, cp)) as Observable<E.Either<CantonError, ActiveContract>>;
