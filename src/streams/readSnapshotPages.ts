import { defer, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { AcsResponseV2 } from '../codecs/scan/AcsResponseV2.js';
import type { ActiveContract } from '../codecs/scan/ActiveContract.js';
import type { StreamOptions } from './options.js';
import type { PageRecord } from '../paging/Page.js';
import { readPages } from '../paging/readPages.js';
import { tokenGuard } from '../paging/byPageToken.js';
import { pagedRead, type PagedRead } from '../paging/pagedRead.js';
import { flattenPages } from '../paging/flattenPages.js';
import { snapshotPageStep, snapshotReadStart, type SnapshotReadMemory, type SnapshotReadState, type SnapshotRef } from './snapshotPageStep.js';

/** A snapshot read's checkpoint: the snapshot, the page token of the contract's page, the contract. @internal */
interface SnapshotCheckpointFields {
  readonly migration_id: number;
  readonly record_time: string;
  readonly after?: string;
  readonly contract_id: string;
}

/**
 * The snapshot family: a Scan ACS snapshot read page after page (`scan.holdings`,
 * `scan.acsSnapshot`), for the engine. The first page resolves the snapshot and every later page
 * asks for it exactly (`record_time_match: 'exact'`) with the previous page's token; each page is
 * checked by `snapshotPageStep`, and each contract's checkpoint is built by `checkpoint` from the
 * snapshot and the page token.
 * @example
 * ```ts
 * snapshotPaging(request, options.from, (body) => call(scanOperations.getAcsSnapshotAtV2, [body]), (fields) => ({ stream: 'scan.acsSnapshot', ...fields }));
 * ```
 * @internal
 */
export const snapshotPaging = <R extends { readonly after?: string | null }, C extends SnapshotCheckpointFields>(
  request: R,
  from: C | undefined,
  fetch: (body: Omit<R, 'after'> & { readonly after?: string }) => Observable<E.Either<CantonError, AcsResponseV2>>,
  checkpoint: (fields: SnapshotRef & { readonly after?: string; readonly contract_id: string }) => C,
): PagedRead<ActiveContract, C> => {
  const memory: SnapshotReadMemory = { tokens: tokenGuard<string>(), lastDelivered: undefined };
  const initial = snapshotReadStart(from, request.after ?? undefined);
  const { after: _after, ...rest } = request;
  const paging = {
    request: (state: SnapshotReadState) =>
      fetch({
        ...rest,
        ...(state.snapshot ? { migration_id: state.snapshot.migration_id, record_time: state.snapshot.record_time, record_time_match: 'exact' as const } : {}),
        ...(state.after !== undefined ? { after: state.after } : {}),
      }),
    step: (response: AcsResponseV2, state: SnapshotReadState) => {
      const records: Array<PageRecord<ActiveContract, C>> = [];
      return E.map((step: { items: ReadonlyArray<ActiveContract>; next: SnapshotReadState | undefined; failure?: CantonError }) => ({
        page: { records, checkpoint: records[records.length - 1]?.checkpoint ?? from, caughtUp: step.next === undefined },
        next: step.next,
        ...(step.failure !== undefined ? { failure: step.failure } : {}),
      }))(
        snapshotPageStep(response, state, memory, (item, snapshot) =>
          records.push({ value: item, checkpoint: checkpoint({ ...snapshot, contract_id: item.contract_id, ...(state.after !== undefined ? { after: state.after } : {}) }) }),
        ),
      );
    },
  };
  return pagedRead(paging, initial);
};

/**
 * `snapshotPaging` read by the engine, as items; `remember` is told each contract's checkpoint
 * (the deprecated mechanism of `checkpointOf`).
 * @internal
 */
export const readSnapshotPages = <R extends { readonly after?: string | null }, C extends SnapshotCheckpointFields>(
  request: R,
  options: StreamOptions<C>,
  fetch: (body: Omit<R, 'after'> & { readonly after?: string }) => Observable<E.Either<CantonError, AcsResponseV2>>,
  checkpoint: (fields: SnapshotRef & { readonly after?: string; readonly contract_id: string }) => C,
  remember: (item: ActiveContract, checkpoint: C) => void,
): Observable<E.Either<CantonError, ActiveContract>> =>
  defer(() => {
    const read = snapshotPaging(request, options.from, fetch, checkpoint);
    return flattenPages(readPages(read.paging, read.initial as never, options), (page) =>
      page.records.map((r) => {
        remember(r.value, r.checkpoint);
        return r.value;
      }),
    );
  });
