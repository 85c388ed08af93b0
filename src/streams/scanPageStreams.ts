import type { Observable } from 'rxjs';
import type * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { UpdateHistoryItemV2 } from '../codecs/scan/UpdateHistoryItemV2.js';
import type { UpdateHistoryRequestV2 } from '../codecs/scan/UpdateHistoryRequestV2.js';
import type { EventHistoryItem, EventHistoryRequest, GetImportUpdatesRequest, GetUpdatesBeforeRequest } from '../generated/scan/schemas.js';
import type { Page } from '../paging/Page.js';
import type { EventsCheckpoint, ImportUpdatesCheckpoint, ScanCheckpoint, UpdatesBeforeCheckpoint } from './checkpoints.js';
import type { ActiveContract } from '../codecs/scan/ActiveContract.js';
import type { AcsRequestV2 } from '../codecs/scan/AcsRequestV2.js';
import type { HoldingsStateRequestV2 } from '../codecs/scan/HoldingsStateRequestV2.js';
import type { AcsSnapshotCheckpoint, HoldingsCheckpoint } from './checkpoints.js';
import type { ScanAcsSnapshotOptions } from './scanAcsSnapshot.js';
import type { ScanHoldingsOptions } from './scanHoldings.js';
import type { ScanEventsOptions } from './scanEvents.js';
import type { ScanImportUpdatesOptions } from './scanImportUpdates.js';
import type { ScanUpdatesBeforeOptions } from './scanUpdatesBefore.js';
import type { ScanUpdatesOptions } from './scanUpdates.js';
import type { ScanActivityElement, ScanActivityOptions } from './scanActivity.js';
import type { ScanActivityCheckpoint } from './checkpoints.js';
import type { BulkStorageObjectRef } from '../generated/scan/schemas.js';
import type { BulkUpdateHistoryCheckpoint, ValidatorLicensesCheckpoint, VoteResultsCheckpoint } from './checkpoints.js';
import type { Contract } from '../codecs/splice/Contract.js';
import type { ScanValidatorLicensesOptions, ValidatorLicensesRequest } from './scanValidatorLicenses.js';
import type { StreamOptions } from './options.js';
import { pageFormsOf, scanRecordStreams } from './recordStreams.js';
import type { VoteResultsRequest } from './scanVoteResults.js';
import type { BulkUpdateHistoryObjectsRequest } from './scanBulkUpdateHistoryObjects.js';

/**
 * The page form of Scan's record streams (`client.scan.pages`): the same requests, options and
 * paging as the item methods of the same names, each page whole with its records
 * `{ value, checkpoint }`, the checkpoint after the page and whether it shows the stream caught
 * up. What a sink stores: `drainInto` commits each page with its checkpoint. Heartbeats are not
 * needed here: a caught-up page is one (`heartbeats` is ignored).
 * @example
 * ```ts
 * import { createClient, drainInto } from 'canton-rx';
 * const scan = createClient({ scan: { url } }).scan;
 * drainInto(sink, (from, pull) => scan.pages.updatesBefore({ migration_id: 4, synchronizer_id, before, count: 100 }, { from, pull })).subscribe(console.log);
 * ```
 * @category Streams
 * @since 0.3.0
 */
export interface ScanPageStreams {
  /**
   * `scan.updates` in pages (the Scan cursor family).
   * @example
   * ```ts
   * scan.pages.updates({ page_size: 500 }, { tail: {} }).subscribe((r) => E.isRight(r) && db.commit(r.right.records, r.right.checkpoint));
   * ```
   */
  updates(request: UpdateHistoryRequestV2, options?: ScanUpdatesOptions): Observable<E.Either<CantonError, Page<UpdateHistoryItem | UpdateHistoryItemV2, ScanCheckpoint>>>;
  /**
   * `scan.activity` in pages: `scan.updates` read as activity, one record per element, each with
   * its exact checkpoint (docs/activity.md); what `drainInto` stores.
   * @example
   * ```ts
   * scan.pages.activity({ page_size: 500 }, { tail: {} }).subscribe((r) => E.isRight(r) && db.commit(r.right.records, r.right.checkpoint));
   * ```
   * @since 0.5.0
   */
  activity(request: UpdateHistoryRequestV2, options?: ScanActivityOptions): Observable<E.Either<CantonError, Page<ScanActivityElement, ScanActivityCheckpoint>>>;
  /**
   * `scan.events` in pages (the Scan cursor family).
   * @example
   * ```ts
   * scan.pages.events({ page_size: 100 }).subscribe((r) => E.isRight(r) && db.commit(r.right.records, r.right.checkpoint));
   * ```
   */
  events(request: EventHistoryRequest, options?: ScanEventsOptions): Observable<E.Either<CantonError, Page<EventHistoryItem, EventsCheckpoint>>>;
  /**
   * `scan.updatesBefore` in pages (walking back by record time).
   * @example
   * ```ts
   * scan.pages.updatesBefore({ migration_id: 3, synchronizer_id, before: '2026-03-19T17:00:00Z', count: 100 }).subscribe((r) => E.isRight(r) && db.commit(r.right.records, r.right.checkpoint));
   * ```
   */
  updatesBefore(request: GetUpdatesBeforeRequest, options?: ScanUpdatesBeforeOptions): Observable<E.Either<CantonError, Page<UpdateHistoryItem, UpdatesBeforeCheckpoint>>>;
  /**
   * `scan.importUpdates` in pages (by update id).
   * @example
   * ```ts
   * scan.pages.importUpdates({ migration_id: 4, after_update_id: '', limit: 100 }).subscribe((r) => E.isRight(r) && db.commit(r.right.records, r.right.checkpoint));
   * ```
   */
  importUpdates(request: GetImportUpdatesRequest, options?: ScanImportUpdatesOptions): Observable<E.Either<CantonError, Page<UpdateHistoryItem, ImportUpdatesCheckpoint>>>;
  /**
   * `scan.holdings` in pages (the snapshot family).
   * @example
   * ```ts
   * scan.pages.holdings({ migration_id: 4, record_time: '2026-03-19T15:00:00Z', page_size: 500, owner_party_ids: [alice] }).subscribe((r) => E.isRight(r) && db.commit(r.right.records, r.right.checkpoint));
   * ```
   */
  holdings(request: HoldingsStateRequestV2, options?: ScanHoldingsOptions): Observable<E.Either<CantonError, Page<ActiveContract, HoldingsCheckpoint>>>;
  /**
   * `scan.acsSnapshot` in pages (the snapshot family).
   * @example
   * ```ts
   * scan.pages.acsSnapshot({ migration_id: 4, record_time: '2026-03-19T15:00:00Z', page_size: 500 }).subscribe((r) => E.isRight(r) && db.commit(r.right.records, r.right.checkpoint));
   * ```
   */
  acsSnapshot(request: AcsRequestV2, options?: ScanAcsSnapshotOptions): Observable<E.Either<CantonError, Page<ActiveContract, AcsSnapshotCheckpoint>>>;
  /**
   * `scan.voteResults` in pages (the page token family): a record's checkpoint names the page token
   * and its index, the page's checkpoint is its last record's.
   * @example
   * ```ts
   * scan.pages.voteResults({ limit: 100, accepted: true }).subscribe((r) => E.isRight(r) && db.commit(r.right.records, r.right.checkpoint));
   * ```
   */
  voteResults(request: VoteResultsRequest, options?: StreamOptions<VoteResultsCheckpoint>): Observable<E.Either<CantonError, Page<Record<string, unknown>, VoteResultsCheckpoint>>>;
  /**
   * `scan.bulkUpdateHistoryObjects` in pages (the page token family).
   * @example
   * ```ts
   * scan.pages
   *   .bulkUpdateHistoryObjects({ start_record_time: '2026-01-01T00:00:00Z', end_record_time: '2026-01-02T00:00:00Z', page_size: 100 })
   *   .subscribe((r) => E.isRight(r) && console.log(r.right.records.map((x) => x.value), r.right.checkpoint));
   * ```
   */
  bulkUpdateHistoryObjects(
    request: BulkUpdateHistoryObjectsRequest,
    options?: StreamOptions<BulkUpdateHistoryCheckpoint>,
  ): Observable<E.Either<CantonError, Page<BulkStorageObjectRef, BulkUpdateHistoryCheckpoint>>>;
  /**
   * `scan.validatorLicenses` in pages (the page token family: a record's checkpoint names its
   * page's token and its licence).
   * @example
   * ```ts
   * scan.pages.validatorLicenses({ limit: 200 }).subscribe((r) => E.isRight(r) && db.commit(r.right.records, r.right.checkpoint));
   * ```
   */
  validatorLicenses(request?: ValidatorLicensesRequest, options?: ScanValidatorLicensesOptions): Observable<E.Either<CantonError, Page<Contract, ValidatorLicensesCheckpoint>>>;
}

/** The page streams of a Scan transport: `scanRecordStreams`. @internal */
export const scanPageStreams = (transport: Transport): ScanPageStreams => pageFormsOf(scanRecordStreams, transport);
