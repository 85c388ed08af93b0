import { concatMap, from, map, reduce, takeWhile, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import { decodeError } from '../errors/constructors.js';
import { withStrict, type Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import type { OperationDescriptor } from '../client/invokeOperation.js';
import { lazyOperation } from '../client/lazyOperation.js';
import { whenLoaded } from '../client/whenLoaded.js';
import type * as T from '../codecs/scan/index.js';
import { checkRequest } from '../validation/checkRequest.js';
import { requestValidations } from '../validation/requestValidations.js';
import { scanUpdates, type ScanUpdatesOptions } from '../streams/scanUpdates.js';
import type { Heartbeat } from '../streams/heartbeat.js';
import type { ScanCheckpoint } from '../streams/checkpoints.js';
import type { ScanHoldingsOptions } from '../streams/scanHoldings.js';
import type { ScanBackfillOptions } from '../backfill/scanBackfill.js';
import type { BackfillSlice } from '../backfill/BackfillSlice.js';
import { generatedScanMethods, type GeneratedScanMethods } from '../generated/scan/methods.js';
import type { ScanUpdatesFromSnapshotOptions } from '../streams/scanUpdatesFromSnapshot.js';
import type { ScanFeedItem } from '../streams/ScanFeedItem.js';
import type * as G from '../generated/scan/schemas.js';
import type { EventsCheckpoint } from '../streams/checkpoints.js';
import type { ScanAcsSnapshotOptions } from '../streams/scanAcsSnapshot.js';
import type { ScanEventsOptions } from '../streams/scanEvents.js';
import type { ScanUpdatesBeforeOptions } from '../streams/scanUpdatesBefore.js';
import type { ScanImportUpdatesOptions } from '../streams/scanImportUpdates.js';
import type { ScanValidatorLicensesOptions, ValidatorLicensesRequest } from '../streams/scanValidatorLicenses.js';
import type { VoteResultsRequest } from '../streams/scanVoteResults.js';
import type { BulkUpdateHistoryObjectsRequest } from '../streams/scanBulkUpdateHistoryObjects.js';
import type { ScanPageStreams } from '../streams/scanPageStreams.js';
import type { ScanActivityElement, ScanActivityOptions } from '../streams/scanActivity.js';
import type { TokenListed } from '../streams/tokenPaged.js';
import type { BulkUpdateHistoryCheckpoint, VoteResultsCheckpoint } from '../streams/checkpoints.js';
import type { StreamOptions } from '../streams/options.js';

type Result<A> = Observable<E.Either<CantonError, A>>;

/** Scan accepts at most this many object keys per bulk checksum request. */
const BULK_CHUNK = 1000;

/**
 * The Splice Scan API (`{scan_url}`, ending in `/api/scan`). Every method is cold and emits
 * `Either<CantonError, A>`; request and response objects use the upstream wire names.
 * @category Client
 * @since 0.1.0
 */
export interface ScanGroup extends GeneratedScanMethods {
  /**
   * `POST /v1/updates` (deprecated upstream in favour of v2): one page of the update history.
   * @example
   * ```ts
   * client.scan.getUpdateHistoryV1({ page_size: 100 }).subscribe((r) => E.isRight(r) && console.log(r.right.transactions.length));
   * ```
   */
  getUpdateHistoryV1(request: T.UpdateHistoryRequestV1): Result<T.UpdateHistoryResponse>;
  /**
   * `POST /v2/updates`: one page of the update history, ascending by (migration_id, record_time).
   * @example
   * ```ts
   * client.scan.getUpdateHistoryV2({ page_size: 100, after: { after_migration_id: 4, after_record_time: '2026-03-19T15:00:00Z' } }).subscribe(console.log);
   * ```
   */
  getUpdateHistoryV2(request: T.UpdateHistoryRequestV2): Result<T.UpdateHistoryResponseV2>;
  /**
   * `POST /v2/holdings/state`: one page of active holdings at a snapshot.
   * @example
   * ```ts
   * client.scan.getHoldingsStateAtV2({ migration_id: 4, record_time: '2026-03-19T15:00:00Z', page_size: 100, owner_party_ids: [alice] }).subscribe(console.log);
   * ```
   */
  getHoldingsStateAtV2(request: T.HoldingsStateRequestV2): Result<T.AcsResponseV2>;
  /**
   * `GET /v0/state/acs/snapshot-timestamp-after`; Scan's 404 "No snapshots found after ..." carries `condition: 'SnapshotNotFound'`.
   * @example
   * ```ts
   * client.scan.getDateOfFirstSnapshotAfter({ after: '2026-03-19T15:00:00Z', migration_id: 4 }).subscribe(console.log); // Right({ record_time })
   * ```
   */
  getDateOfFirstSnapshotAfter(query: { readonly after: string; readonly migration_id: number }): Result<T.AcsSnapshotTimestampResponse>;
  /**
   * `POST /v0/history/bulk/checksums`: more than 1000 keys are sent as several requests, one at a
   * time, and the checksums come back in the order of the keys. Bulk storage that is not
   * configured ("Bulk storage is not configured", 501 per the spec, 400 from the real server)
   * carries `condition: 'BulkStorageNotConfigured'`.
   * @example
   * ```ts
   * client.scan.getBulkObjectChecksums({ object_keys: ['updates/0/0.zst'] }).subscribe(console.log);
   * ```
   */
  getBulkObjectChecksums(request: { readonly object_keys: ReadonlyArray<string> }): Result<T.GetBulkObjectChecksumsResponse>;
  /**
   * `POST /v0/voterequest` (at most 1000 ids).
   * @example
   * ```ts
   * client.scan.listVoteRequestsByTrackingCid({ vote_request_contract_ids: [trackingCid] }).subscribe(console.log);
   * ```
   */
  listVoteRequestsByTrackingCid(request: { readonly vote_request_contract_ids: ReadonlyArray<string> }): Result<T.ListVoteRequestByTrackingCidResponse>;
  /**
   * `GET /v0/admin/sv/voterequests`.
   * @example
   * ```ts
   * client.scan.listDsoRulesVoteRequests().subscribe(console.log);
   * ```
   */
  listDsoRulesVoteRequests(): Result<T.ListDsoRulesVoteRequestsResponse>;
  /**
   * `POST /v0/admin/sv/voteresults/count`.
   * @example
   * ```ts
   * client.scan.countVoteRequestResults({}).subscribe(console.log); // Right({ count })
   * ```
   */
  countVoteRequestResults(request: T.CountVoteResultsRequest): Result<T.CountVoteResultsResponse>;
  /**
   * `GET /v0/transfer-command-counter/{party}`. Scan's 404 "No TransferCommandCounter found for
   * party" means "no counter yet: use nonce 0" and carries `condition: 'NoTransferCommandCounter'`;
   * any other 404 (a base URL missing `/api/scan`) is a plain HttpError.
   * @example
   * ```ts
   * client.scan.lookupTransferCommandCounterByParty(alice).subscribe(console.log); // a Left with condition 'NoTransferCommandCounter': nonce 0
   * ```
   */
  lookupTransferCommandCounterByParty(party: string): Result<T.LookupTransferCommandCounterByPartyResponse>;
  /**
   * `GET /v0/featured-apps/{provider_party_id}`: `featured_app_right` is null or absent when there is none.
   * @example
   * ```ts
   * client.scan.lookupFeaturedAppRight(provider).subscribe(console.log);
   * ```
   */
  lookupFeaturedAppRight(providerPartyId: string): Result<T.LookupFeaturedAppRightResponse>;
  /**
   * `GET /v0/dso-party-id`.
   * @example
   * ```ts
   * client.scan.getDsoPartyId().subscribe((r) => E.isRight(r) && console.log(r.right.dso_party_id));
   * ```
   */
  getDsoPartyId(): Result<T.GetDsoPartyIdResponse>;
  /**
   * `GET /v0/internal/reward-accounting-process/rounds/{round_number}/root-hash`.
   * @example
   * ```ts
   * client.scan.getRewardAccountingRootHash(42).subscribe(console.log);
   * ```
   */
  getRewardAccountingRootHash(roundNumber: number): Result<T.GetRewardAccountingRootHashResponse>;
  /**
   * `GET /v0/amulet-config-for-round?round=` (deprecated upstream).
   * @example
   * ```ts
   * client.scan.getAmuletConfigForRound(42).subscribe(console.log);
   * ```
   */
  getAmuletConfigForRound(round: number): Result<T.GetAmuletConfigForRoundResponse>;
  /**
   * `GET /livez`: Right(true) on 200, Right(false) on 503, a Left for anything else.
   * @example
   * ```ts
   * client.scan.isLive().subscribe((r) => console.log(E.isRight(r) && r.right ? 'live' : 'not live'));
   * ```
   */
  isLive(): Result<boolean>;
  /**
   * The update history as a stream of items, page after page through the
   * `(migration_id, record_time)` cursor of the last item; with `tail` it keeps polling after
   * the last item. See docs/streams.md.
   * @example
   * ```ts
   * import { createClient, type ScanCheckpoint } from 'canton-rx';
   * import * as E from 'fp-ts/lib/Either.js';
   *
   * declare const stored: { checkpoint(): Promise<ScanCheckpoint | undefined>; save(updates: unknown[], checkpoint: ScanCheckpoint | undefined): Promise<void> }; // your database
   * const scan = createClient({ scan: { url: 'https://scan.example.com/api/scan' } }).scan;
   * scan.updates({ page_size: 500 }, { tail: { intervalMs: 5000 } }).subscribe((r) => E.isRight(r) && console.log(r.right.update_id));
   * // To resume after a restart: the page form, each page stored with its checkpoint, read again from the stored one.
   * scan.pages.updates({ page_size: 500 }, { from: await stored.checkpoint(), tail: { intervalMs: 5000 } }).subscribe(async (r) => {
   *   if (E.isRight(r)) await stored.save(r.right.records.map((x) => x.value), r.right.checkpoint);
   * });
   * ```
   */
  updates(request: ScanUpdatesRequest, options?: ScanUpdatesOptions & { readonly version?: 'v2'; readonly heartbeats?: false }): Result<T.UpdateHistoryItemV2>;
  /** `version: 'v1'`: the items of `/v1/updates`. */
  updates(request: ScanUpdatesRequest, options: ScanUpdatesOptions & { readonly version: 'v1'; readonly heartbeats?: false }): Result<T.UpdateHistoryItem>;
  /** With `heartbeats: true`: a `Heartbeat` each time a page shows the stream caught up. */
  updates(request: ScanUpdatesRequest, options: ScanUpdatesOptions & { readonly version?: 'v2'; readonly heartbeats: true }): Result<T.UpdateHistoryItemV2 | Heartbeat<ScanCheckpoint>>;
  /** `version: 'v1'` with `heartbeats: true`. */
  updates(request: ScanUpdatesRequest, options: ScanUpdatesOptions & { readonly version: 'v1'; readonly heartbeats: true }): Result<T.UpdateHistoryItem | Heartbeat<ScanCheckpoint>>;
  /** Options known only at run time: items of either version, and heartbeats if asked for. */
  updates(request: ScanUpdatesRequest, options?: ScanUpdatesOptions): Result<T.UpdateHistoryItem | T.UpdateHistoryItemV2 | Heartbeat<ScanCheckpoint>>;
  /**
   * Scan's history as activity (docs/activity.md): `updates` (v2) read by `activityOf`, one
   * element per action in history order (transfers with their fees, mints, rewards minted,
   * traffic purchases, locks, rounds, ANS entries, licences, votes, `other`), each with its
   * update's place. A record stream with the checkpoints of `updates` (and an element's index
   * inside its update): it resumes exactly after any element, tails, and drains into sinks
   * through `pages.activity`.
   * @example
   * ```ts
   * client.scan.activity({ page_size: 500 }).subscribe((r) => E.isRight(r) && r.right.element.kind === 'transfer' && console.log(r.right.update_id, r.right.element.fees.burned));
   * ```
   * @since 0.5.0
   */
  activity(request: ScanUpdatesRequest, options?: ScanActivityOptions): Result<ScanActivityElement>;
  /**
   * The holdings at a snapshot as a stream of ActiveContract items through `next_page_token`.
   * @example
   * ```ts
   * client.scan.holdings({ migration_id: 4, record_time: '2026-03-19T15:00:00Z', page_size: 500, owner_party_ids: [alice] }).subscribe((r) => E.isRight(r) && console.log(r.right));
   * ```
   */
  holdings(request: T.HoldingsStateRequestV2, options?: ScanHoldingsOptions): Result<T.ActiveContract>;
  /**
   * `POST /v2/state/acs`: one page of Scan's ACS snapshot at a snapshot time (all templates, or
   * those of `templates`, or the contracts of `party_ids`); pass `next_page_token` as `after`.
   * @example
   * ```ts
   * import { createClient } from 'canton-rx';
   * const scan = createClient({ scan: { url: 'https://scan.example.com/api/scan' } }).scan;
   * scan.getAcsSnapshotAtV2({ migration_id: 4, record_time: '2026-03-19T15:00:00Z', page_size: 500 }).subscribe(console.log);
   * ```
   * @since 0.2.0
   */
  getAcsSnapshotAtV2(request: T.AcsRequestV2): Result<T.AcsResponseV2>;
  /**
   * Scan's history from an ACS snapshot instead of from genesis (Scan does not prune: this is a
   * faster start, not a resume after pruning): the most recent snapshot of `migration_id` before
   * `before` (default now; `/v0/state/acs/snapshot-timestamp`), a `ScanSnapshot` marker, its
   * contracts as `ScanSnapshotContract`s (`/v2/state/acs`, paged), then the updates strictly
   * after the snapshot's time as `scan.updates` (v2) streams them. Every element carries an exact
   * checkpoint (`checkpoint` on the snapshot's, the update's own for the rest). See
   * docs/streams.md, "Pruning".
   * @example
   * ```ts
   * import { createClient } from 'canton-rx';
   * const scan = createClient({ scan: { url: 'https://scan.example.com/api/scan' } }).scan;
   * scan.updatesFromSnapshot({ page_size: 500 }, { migration_id: 4, templates: ['splice-amulet:Splice.Amulet:Amulet'] }).subscribe(console.log);
   * ```
   * @since 0.2.0
   */
  updatesFromSnapshot(request: ScanUpdatesRequest, options: ScanUpdatesFromSnapshotOptions): Result<ScanFeedItem | Heartbeat<ScanCheckpoint>>;
  /**
   * A range of the update history read as slices, concurrently (across the pool's Scans on a
   * pool), delivered as ONE stream in exactly the order and with the checkpoints of `updates`.
   * See docs/scans.md, "Parallel backfill".
   * @example
   * ```ts
   * client.scan.backfill({ page_size: 500 }, { to: { migration_id: 4, record_time: '2026-03-19T15:00:00Z' }, slices: 16, concurrency: 4 }).subscribe((r) => E.isRight(r) && index(r.right));
   * ```
   * @since 0.2.0
   */
  backfill(request: ScanUpdatesRequest, options?: ScanBackfillOptions & { readonly version?: 'v2' }): Result<T.UpdateHistoryItemV2>;
  /** `version: 'v1'`: the items of `/v1/updates`. */
  backfill(request: ScanUpdatesRequest, options: ScanBackfillOptions & { readonly version: 'v1' }): Result<T.UpdateHistoryItem>;
  /**
   * The slices `backfill` would read, as they are planned (each Right a few more, in order), each
   * to be read as `backfill(request, { from: slice.from, to: slice.to })`: for a backfill read by
   * several processes (`publishBackfillSlices` and `runBackfillWorker` of `canton-rx/nats`).
   * @example
   * ```ts
   * import { createClient } from 'canton-rx';
   * const scan = createClient({ scan: { url: 'https://scan.example.com/api/scan' } }).scan;
   * scan.planBackfill({ page_size: 500 }, { slices: 16 }).subscribe(console.log); // Right([{ index: 0, to }, { index: 1, from, to }, ...]), ...
   * ```
   * @since 0.3.0
   */
  planBackfill(request: ScanUpdatesRequest, options?: ScanBackfillOptions): Result<ReadonlyArray<BackfillSlice>>;
  /**
   * Scan's ACS at a snapshot (`POST /v2/state/acs`) as a stream of ActiveContract items through
   * `next_page_token`, every page from the snapshot the first one chose. Checkpoints: each record's
   * and each page's in the page form, `scan.pages.acsSnapshot`. See docs/streams.md.
   * @example
   * ```ts
   * import type { AcsSnapshotCheckpoint } from 'canton-rx';
   *
   * declare const stored: { checkpoint(): Promise<AcsSnapshotCheckpoint | undefined>; save(contracts: unknown[], checkpoint: AcsSnapshotCheckpoint | undefined): Promise<void> }; // your database
   * const at = { migration_id: 4, record_time: '2026-03-19T17:00:00Z', record_time_match: 'at_or_before' as const, page_size: 500 };
   * client.scan.acsSnapshot(at).subscribe((r) => E.isRight(r) && console.log(r.right.contract_id));
   * // To resume after a restart: the page form, each page stored with its checkpoint, read again from the stored one.
   * client.scan.pages.acsSnapshot(at, { from: await stored.checkpoint() }).subscribe(async (r) => {
   *   if (E.isRight(r)) await stored.save(r.right.records.map((x) => x.value), r.right.checkpoint);
   * });
   * ```
   * @since 0.2.0
   */
  acsSnapshot(request: T.AcsRequestV2, options?: ScanAcsSnapshotOptions): Result<T.ActiveContract>;
  /**
   * The event history (`POST /v0/events`: updates with their mediator verdicts) as a stream, paged
   * like `updates` through the `(migration_id, record_time)` of the last event; with `tail` it keeps
   * polling after the last one. Checkpoints: each record's and each page's in the page form,
   * `scan.pages.events`. See docs/streams.md.
   * @example
   * ```ts
   * import type { EventsCheckpoint } from 'canton-rx';
   *
   * declare const stored: { checkpoint(): Promise<EventsCheckpoint | undefined>; save(events: unknown[], checkpoint: EventsCheckpoint | undefined): Promise<void> }; // your database
   * client.scan.events({ page_size: 100 }, { tail: { intervalMs: 2000 } }).subscribe((r) => E.isRight(r) && console.log(r.right));
   * // To resume after a restart: the page form, each page stored with its checkpoint, read again from the stored one.
   * client.scan.pages.events({ page_size: 100 }, { from: await stored.checkpoint(), tail: { intervalMs: 2000 } }).subscribe(async (r) => {
   *   if (E.isRight(r)) await stored.save(r.right.records.map((x) => x.value), r.right.checkpoint);
   * });
   * ```
   * @since 0.2.0
   */
  events(request: G.EventHistoryRequest, options?: ScanEventsOptions & { readonly heartbeats?: false }): Result<G.EventHistoryItem>;
  /** With `heartbeats: true`: a `Heartbeat` each time a page shows the stream caught up. */
  events(request: G.EventHistoryRequest, options: ScanEventsOptions & { readonly heartbeats: true }): Result<G.EventHistoryItem | Heartbeat<EventsCheckpoint>>;
  /**
   * One synchronizer's history in one migration walked backwards from `before`
   * (`POST /v0/backfilling/updates-before`), newest first; a checkpoint is the oldest item
   * delivered and a resume continues below it (each record's in the page form,
   * `scan.pages.updatesBefore`, given back as `from`). See docs/streams.md.
   * @example
   * ```ts
   * const down = { migration_id: 3, synchronizer_id: 'global-domain::1220...', before: '2026-03-19T17:00:00Z', count: 100 };
   * client.scan.updatesBefore(down).subscribe((r) => E.isRight(r) && console.log(r.right.update_id));
   * ```
   * @since 0.2.0
   */
  updatesBefore(request: G.GetUpdatesBeforeRequest, options?: ScanUpdatesBeforeOptions): Result<T.UpdateHistoryItem>;
  /**
   * A migration's import updates (`POST /v0/backfilling/import-updates`) in update id order,
   * through the last update id delivered (each record's checkpoint in the page form,
   * `scan.pages.importUpdates`, given back as `from`). See docs/streams.md.
   * @example
   * ```ts
   * client.scan.importUpdates({ migration_id: 4, after_update_id: '', limit: 100 }).subscribe((r) => E.isRight(r) && console.log(r.right.update_id));
   * ```
   * @since 0.2.0
   */
  importUpdates(request: G.GetImportUpdatesRequest, options?: ScanImportUpdatesOptions): Result<T.UpdateHistoryItem>;
  /**
   * The page form of the record streams: whole pages with their `{ value, checkpoint }` records and
   * the checkpoint after each page, what `drainInto` stores. See docs/streams.md.
   * @example
   * ```ts
   * client.scan.pages.updates({ page_size: 100 }).subscribe((r) => E.isRight(r) && console.log(r.right.records.length, r.right.checkpoint));
   * ```
   * @since 0.3.0
   */
  readonly pages: ScanPageStreams;
  /**
   * The validator licences (`GET /v0/admin/validator/licenses`, newest first) as a stream of
   * Contract items through `next_page_token` (each record's checkpoint in the page form,
   * `scan.pages.validatorLicenses`, given back as `from`). See docs/streams.md.
   * @example
   * ```ts
   * client.scan.validatorLicenses({ limit: 200 }).subscribe((r) => E.isRight(r) && console.log(r.right.payload));
   * ```
   * @since 0.2.0
   */
  validatorLicenses(request?: ValidatorLicensesRequest, options?: ScanValidatorLicensesOptions): Result<T.Contract>;
  /**
   * The DSO's closed vote results (`POST /v0/admin/sv/voteresults`) as a stream through the
   * numeric `next_page_token`, each result with the checkpoint to resume after it. See
   * docs/streams.md.
   * @example
   * ```ts
   * client.scan.voteResults({ limit: 100, accepted: true }).subscribe((r) => E.isRight(r) && console.log(r.right.value, r.right.checkpoint));
   * ```
   * @since 0.2.0
   */
  voteResults(request: VoteResultsRequest, options?: StreamOptions<VoteResultsCheckpoint>): Result<TokenListed<Record<string, unknown>, VoteResultsCheckpoint>>;
  /**
   * The bulk-storage objects of the update history between two record times
   * (`POST /v0/history/bulk/updates`) as a stream through `next_page_token`, each object
   * reference with the checkpoint to resume after it. See docs/streams.md.
   * @example
   * ```ts
   * client.scan
   *   .bulkUpdateHistoryObjects({ start_record_time: '2026-01-01T00:00:00Z', end_record_time: '2026-01-02T00:00:00Z', page_size: 100 })
   *   .subscribe((r) => E.isRight(r) && console.log(r.right.value.url));
   * ```
   * @since 0.2.0
   */
  bulkUpdateHistoryObjects(
    request: BulkUpdateHistoryObjectsRequest,
    options?: StreamOptions<BulkUpdateHistoryCheckpoint>,
  ): Result<TokenListed<G.BulkStorageObjectRef, BulkUpdateHistoryCheckpoint>>;
}

/**
 * The request of `scan.updates`: an update-history request (v1 and v2 take the same); `after`
 * is where the stream starts, `options.from` overrides it.
 * @category Client
 * @since 0.1.0
 */
export type ScanUpdatesRequest = T.UpdateHistoryRequestV2;

/** The methods of `client.scan.pages`, each loading the page streams on its first subscribe (every one named: a new page stream fails to compile here until it is). */
const pageForms: { readonly [K in keyof ScanPageStreams]: true } = {
  updates: true,
  activity: true,
  events: true,
  updatesBefore: true,
  importUpdates: true,
  holdings: true,
  acsSnapshot: true,
  voteResults: true,
  bulkUpdateHistoryObjects: true,
  validatorLicenses: true,
};

/**
 * The Scan group. `scan.updates` is here at once; every other method loads the rest of the group
 * (scanOnFirstUse: the operations, their codecs, the other streams) on its first subscribe
 * (`lazyOperation`, `whenLoaded`): a browser app's bundler splits it into a chunk of its own,
 * fetched when first needed (docs/browser.md, "Size").
 * @internal
 */
export const createScanGroup = (transport: Transport): ScanGroup => {
  const load = () => import('./scanOnFirstUse.js');
  const call = <A>(load: () => Promise<OperationDescriptor<A>>, ...args: unknown[]): Result<A> => lazyOperation(transport, load)(...args);
  const getBulkChunk = (keys: ReadonlyArray<string>): Result<T.GetBulkObjectChecksumsResponse> =>
    call(() => load().then((m) => m.getBulkObjectChecksums), { object_keys: keys }).pipe(
      map(
        E.chain((r): E.Either<CantonError, T.GetBulkObjectChecksumsResponse> =>
          r.checksums.length === keys.length
            ? E.right(r)
            : E.left(decodeError('schema', [{ path: 'checksums', expected: `${keys.length} checksums`, actual: `${r.checksums.length} checksums`, message: 'one checksum per key, in order' }])),
        ),
      ),
    );
  const pages = Object.fromEntries(
    (Object.keys(pageForms) as Array<keyof ScanPageStreams>).map((name) => [
      name,
      (...args: unknown[]) => whenLoaded(() => load(), (m) => (m.scanPageStreams(transport)[name] as (...a: unknown[]) => Observable<unknown>)(...args)),
    ]),
  ) as unknown as ScanPageStreams;

  const group: ScanGroup = {
    ...generatedScanMethods(transport, load),
    getUpdateHistoryV1: (request) => call(() => load().then((m) => m.getUpdateHistoryV1), request),
    getUpdateHistoryV2: (request) => call(() => load().then((m) => m.getUpdateHistoryV2), request),
    getHoldingsStateAtV2: (request) => call(() => load().then((m) => m.getHoldingsStateAtV2), request),
    getDateOfFirstSnapshotAfter: (query) => call(() => load().then((m) => m.getDateOfFirstSnapshotAfter), query),
    getBulkObjectChecksums: (request) =>
      checked(
        () => checkRequest(requestValidations.bulkChecksumsRequest, request),
        ({ object_keys }) => {
          const chunks: Array<ReadonlyArray<string>> = [];
          for (let i = 0; i < object_keys.length; i += BULK_CHUNK) chunks.push(object_keys.slice(i, i + BULK_CHUNK));
          if (chunks.length <= 1) return getBulkChunk(object_keys);
          return from(chunks).pipe(
            concatMap(getBulkChunk),
            takeWhile(E.isRight, true),
            reduce(
              (acc: E.Either<CantonError, T.GetBulkObjectChecksumsResponse>, r) =>
                E.isLeft(acc) ? acc : E.isLeft(r) ? r : E.right({ ...r.right, checksums: [...acc.right.checksums, ...r.right.checksums] }),
              E.right({ checksums: [] }),
            ),
          );
        },
      ),
    listVoteRequestsByTrackingCid: (request) => call(() => load().then((m) => m.listVoteRequestsByTrackingCid), request),
    listDsoRulesVoteRequests: () => call(() => load().then((m) => m.listDsoRulesVoteRequests)),
    countVoteRequestResults: (request) => call(() => load().then((m) => m.countVoteRequestResults), request),
    lookupTransferCommandCounterByParty: (party) => call(() => load().then((m) => m.lookupTransferCommandCounterByParty), party),
    lookupFeaturedAppRight: (providerPartyId) => call(() => load().then((m) => m.lookupFeaturedAppRight), providerPartyId),
    getDsoPartyId: () => call(() => load().then((m) => m.getDsoPartyId)),
    getRewardAccountingRootHash: (roundNumber) => call(() => load().then((m) => m.getRewardAccountingRootHash), roundNumber),
    // The hand method takes the round itself; the operation, a query object.
    getAmuletConfigForRound: (round) => call(() => load().then((m) => m.getAmuletConfigForRound), { round }),
    isLive: () =>
      call(() => load().then((m) => m.isLive)).pipe(
        map((r): E.Either<CantonError, boolean> => {
          if (E.isRight(r)) return E.right(true);
          return r.left._tag === 'HttpError' && r.left.status === 503 ? E.right(false) : r;
        }),
      ),
    updates: ((request: ScanUpdatesRequest, options: ScanUpdatesOptions = {}) => scanUpdates(withStrict(transport, options), request, options)) as ScanGroup['updates'],
    // Without `heartbeats` (not among its options) the item form hands on elements only.
    activity: ((request: ScanUpdatesRequest, options: ScanActivityOptions = {}) =>
      whenLoaded(() => load(), (m) => m.scanActivityItems(withStrict(transport, options), request, options))) as ScanGroup['activity'],
    holdings: (request, options) => whenLoaded(() => load(), (m) => m.scanHoldings(withStrict(transport, options), request, options)),
    getAcsSnapshotAtV2: (request) => call(() => load().then((m) => m.getAcsSnapshotAtV2), request),
    updatesFromSnapshot: (request, options) => whenLoaded(() => load(), (m) => m.scanUpdatesFromSnapshot(withStrict(transport, options), request, options)),
    backfill: ((request: ScanUpdatesRequest, options?: ScanBackfillOptions) =>
      whenLoaded(() => load(), (m) => m.scanBackfill(withStrict(transport, options), request, options))) as ScanGroup['backfill'],
    planBackfill: (request, options) => whenLoaded(() => load(), (m) => m.planScanBackfill(withStrict(transport, options), request, options)),
    acsSnapshot: (request, options) => whenLoaded(() => load(), (m) => m.scanAcsSnapshot(withStrict(transport, options), request, options)),
    events: ((request: G.EventHistoryRequest, options?: ScanEventsOptions) =>
      whenLoaded(() => load(), (m) => m.scanEvents(withStrict(transport, options), request, options))) as ScanGroup['events'],
    updatesBefore: (request, options) => whenLoaded(() => load(), (m) => m.scanUpdatesBefore(withStrict(transport, options), request, options)),
    importUpdates: (request, options) => whenLoaded(() => load(), (m) => m.scanImportUpdates(withStrict(transport, options), request, options)),
    pages,
    validatorLicenses: (request, options) => whenLoaded(() => load(), (m) => m.scanValidatorLicenses(withStrict(transport, options), request, options)),
    voteResults: (request, options) => whenLoaded(() => load(), (m) => m.scanVoteResults(withStrict(transport, options), request, options)),
    bulkUpdateHistoryObjects: (request, options) =>
      whenLoaded(() => load(), (m) => m.scanBulkUpdateHistoryObjects(withStrict(transport, options), request, options)),
  };
  return group;
};
