import { concat, defer, EMPTY, filter, map, of, switchMap, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import { getActiveContractsPage } from '../generated/ledger/ops/getActiveContractsPage.js';
import { getLatestPrunedOffsets } from '../generated/ledger/ops/getLatestPrunedOffsets.js';
import type { JsGetActiveContractsPageResponse } from '../codecs/ledger/JsGetActiveContractsPageResponse.js';
import type { GetActiveContractsPageRequest } from '../codecs/ledger/GetActiveContractsPageRequest.js';
import type { EventFormat } from '../codecs/ledger/UpdateFormat.js';
import { validateGetUpdatesPageRequest } from '../validation/validateGetUpdatesPageRequest.js';
import { Checks } from '../validation/checks.js';
import type { LedgerCheckpoint, LedgerSnapshotCheckpoint } from './checkpoints.js';
import type { Heartbeat } from './heartbeat.js';
import { isHeartbeat } from './isHeartbeat.js';
import { invariantViolation } from './invariantViolation.js';
import { ledgerUpdates, type LedgerUpdatesOptions, type LedgerUpdatesRequest } from './ledgerUpdates.js';
import type { LedgerFeedItem, PrunedSnapshot, SnapshotContract } from './LedgerFeedItem.js';
import { TAIL_RETRY } from './options.js';
import { withRetry } from '../paging/withRetry.js';
import { pager, type Step } from './pager.js';
import { meterPages } from '../telemetry/meterPages.js';
import { checkpointCodecs } from './checkpointCodecs.js';

/**
 * Options of `ledger.updatesWithSnapshot`: those of `ledger.updates`, resuming from either kind
 * of checkpoint it hands out.
 * @category Streams
 * @since 0.2.0
 */
export interface LedgerUpdatesWithSnapshotOptions extends Omit<LedgerUpdatesOptions, 'from'> {
  /** Continue exactly after the element this checkpoint was taken of (`checkpointAfter`). */
  readonly from?: LedgerCheckpoint | LedgerSnapshotCheckpoint;
  /** `maxPageSize` of the active-contracts pages (default 500). */
  readonly snapshotPageSize?: number;
}

type Element = LedgerFeedItem | Heartbeat<LedgerCheckpoint>;
type Result = E.Either<CantonError, Element>;

const DEFAULT_SNAPSHOT_PAGE_SIZE = 500;
/** Snapshots started in a row with no update read in between: beyond this the pruning outruns the reader. */
const MAX_SNAPSHOTS_IN_A_ROW = 3;

/** Where the reading of a snapshot stands: the page token to ask with and how many of its entries were delivered before. */
interface SnapshotState {
  readonly token: string | undefined;
  readonly skip: number;
  /** Whether the marker still has to go out (with the first page). */
  readonly marker: PrunedSnapshot['reason'] | undefined;
}

const isPruned = (e: CantonError): boolean => e._tag === 'HttpError' && e.condition === 'ParticipantPruned';

/** A resumed snapshot page whose token the participant refused: the snapshot is read again, whole. */
const isRefusedToken = (e: CantonError, state: SnapshotState): boolean =>
  state.token !== undefined && e._tag === 'HttpError' && e.status === 400 && e.body._tag === 'LedgerError' && e.body.error.code === 'INVALID_ARGUMENT';

/** The event format a snapshot is read with: the one of the transactions asked for, else of the reassignments. */
const eventFormatOf = (request: LedgerUpdatesRequest): EventFormat | undefined =>
  request.updateFormat.includeTransactions?.eventFormat ?? request.updateFormat.includeReassignments ?? undefined;

const checkOptions = (request: LedgerUpdatesRequest, options: LedgerUpdatesWithSnapshotOptions) => {
  const checks = new Checks()
    .check(request.descendingOrder !== true, 'descendingOrder', 'a stream that may start from a snapshot reads ascending')
    .check(eventFormatOf(request) !== undefined, 'updateFormat', 'needs includeTransactions or includeReassignments, whose event format the snapshot is read with');
  const from = options.from;
  checks.checkpoint(checkpointCodecs['ledger.updatesWithSnapshot'], from);
  if (options.snapshotPageSize !== undefined) checks.positiveInt(options.snapshotPageSize, 'snapshotPageSize');
  return checks;
};

/**
 * The ledger's updates like `ledgerUpdates`, and where the history they need was pruned, the
 * active contracts in its place (see `LedgerGroup.updatesWithSnapshot`): a fresh start on a
 * pruned participant, or a resume below its pruning offset (`PARTICIPANT_PRUNED_DATA_ACCESSED`),
 * reads `/v2/state/latest-pruned-offsets`, emits a `PrunedSnapshot` marker and the active
 * contracts at that offset (`/v2/state/active-contracts-page`), then the updates after it.
 * @internal
 */
export const ledgerUpdatesWithSnapshot = (transport: Transport, request: LedgerUpdatesRequest, options: LedgerUpdatesWithSnapshotOptions = {}): Observable<Result> =>
  checked(
    () => {
      const r = validateGetUpdatesPageRequest(request);
      if (E.isLeft(r)) return r;
      return checkOptions(request, options).result('ledger.updatesWithSnapshot options', r.right);
    },
    (req) =>
      defer(() => {
        const eventFormat = eventFormatOf(req)!;
        const pageSize = options.snapshotPageSize ?? DEFAULT_SNAPSHOT_PAGE_SIZE;
        const retry = options.tail ? { ...TAIL_RETRY, ...options.retry } : options.retry;
        const end = req.endOffsetInclusive ?? undefined;
        const { from: _from, snapshotPageSize: _size, ...updatesOptions } = options;
        // Snapshots begun since the last update was read: bounded, so that a participant pruning
        // faster than its snapshots can be read ends the stream instead of looping.
        let inARow = 0;

        const prunedOffset = (): Observable<E.Either<CantonError, number>> =>
          withRetry(() => invokeOperation(transport, getLatestPrunedOffsets, []), retry, undefined).pipe(
            map(E.map((r) => r.participantPrunedUpToInclusive ?? 0)),
          );

        /** The updates after `offset` (the request's own start when undefined); a pruned one turns into a snapshot. */
        const updatesFrom = (offset: number | undefined): Observable<Result> => {
          let pruned: CantonError | undefined;
          const from: LedgerCheckpoint | undefined = offset === undefined ? undefined : { stream: 'ledger.updates', offset };
          return concat(
            ledgerUpdates(transport, req, { ...updatesOptions, ...(from ? { from } : {}) }).pipe(
              filter((r) => {
                if (E.isLeft(r) && isPruned(r.left)) {
                  pruned = r.left;
                  return false;
                }
                if (E.isRight(r) && !isHeartbeat(r.right)) inARow = 0;
                return true;
              }),
            ),
            defer(() => (pruned === undefined ? EMPTY : snapshot(undefined, 'pruned', pruned))),
          );
        };

        /**
         * A snapshot, then the updates after it: a new one at the pruning offset (`resume`
         * undefined), or the rest of one a checkpoint stands in. A snapshot that cannot be
         * continued (pruned past it, its token refused) is read again, whole, at the new offset.
         */
        const snapshot = (resume: LedgerSnapshotCheckpoint | undefined, reason: PrunedSnapshot['reason'], cause: CantonError | undefined): Observable<Result> => {
          if (++inARow > MAX_SNAPSHOTS_IN_A_ROW && cause !== undefined) return of(E.left(cause));
          const offset$ = resume !== undefined ? of(E.right(resume.activeAtOffset)) : prunedOffset();
          return offset$.pipe(
            switchMap((r): Observable<Result> => {
              if (E.isLeft(r)) return of(r);
              const at = r.right;
              // Pruned reads with no pruning offset: nothing replaces them, the failure stands.
              if (at === 0 && resume === undefined && cause !== undefined) return of(E.left(cause));
              let restart: CantonError | undefined;
              let failed = false;
              const initial: SnapshotState =
                resume === undefined
                  ? { token: undefined, skip: 0, marker: reason }
                  : { token: resume.pageToken, skip: resume.index + 1, marker: undefined };
              const step = (page: JsGetActiveContractsPageResponse, state: SnapshotState): E.Either<CantonError, Step<SnapshotState, Element>> => {
                if (page.activeAtOffset !== at) return E.left(invariantViolation('activeAtOffset', String(at), page.activeAtOffset, 'a snapshot page of another offset'));
                const token = page.nextPageToken ?? undefined;
                const entries = page.activeContracts;
                const last = token === undefined;
                const done: LedgerCheckpoint = { stream: 'ledger.updates', offset: at };
                const items: Element[] = [];
                if (state.marker !== undefined) {
                  const checkpoint = last && entries.length === 0 ? done : { stream: 'ledger.snapshot' as const, activeAtOffset: at, index: -1 };
                  items.push({ _tag: 'PrunedSnapshot', reason: state.marker, activeAtOffset: at, checkpoint });
                }
                for (let i = state.skip; i < entries.length; i++) {
                  const checkpoint: LedgerSnapshotCheckpoint | LedgerCheckpoint =
                    last && i === entries.length - 1 ? done : { stream: 'ledger.snapshot', activeAtOffset: at, ...(state.token !== undefined ? { pageToken: state.token } : {}), index: i };
                  const contract: SnapshotContract = { _tag: 'SnapshotContract', activeAtOffset: at, element: entries[i]!, checkpoint };
                  items.push(contract);
                }
                return E.right({ items, next: last ? undefined : { token, skip: 0, marker: undefined } });
              };
              const page = (state: SnapshotState) => {
                const body: GetActiveContractsPageRequest = { activeAtOffset: at, eventFormat, maxPageSize: pageSize, ...(state.token !== undefined ? { pageToken: state.token } : {}) };
                return withRetry(() => invokeOperation(transport, getActiveContractsPage, [body]), retry, undefined).pipe(
                  map((p): E.Either<CantonError, Step<SnapshotState, Element>> => {
                    if (E.isLeft(p) && (isPruned(p.left) || isRefusedToken(p.left, state))) {
                      restart = p.left;
                      return E.right({ items: [], next: undefined });
                    }
                    return E.chain((response: JsGetActiveContractsPageResponse) => step(response, state))(p);
                  }),
                );
              };
              return concat(
                pager({ page }, initial, updatesOptions, meterPages(transport.telemetry, 'ledger.activeContracts')).pipe(
                  filter((e) => {
                    if (E.isLeft(e)) failed = true;
                    return true;
                  }),
                ),
                defer(() => {
                  if (failed) return EMPTY;
                  if (restart !== undefined) return snapshot(undefined, 'restarted', restart);
                  return end !== undefined && end <= at ? EMPTY : updatesFrom(at);
                }),
              );
            }),
          );
        };

        const from = options.from;
        if (from?.stream === 'ledger.snapshot') return snapshot(from, 'pruned', undefined);
        if (from !== undefined) return updatesFrom(from.offset);
        // A fresh start from the ledger begin of a pruned participant would silently begin at its
        // pruning offset, without the contracts created before: it starts from a snapshot there.
        if ((req.beginOffsetExclusive ?? 0) > 0) return updatesFrom(undefined);
        return prunedOffset().pipe(switchMap((r) => (E.isLeft(r) ? of(r) : r.right > 0 ? snapshot(undefined, 'pruned', undefined) : updatesFrom(undefined))));
      }),
  );
