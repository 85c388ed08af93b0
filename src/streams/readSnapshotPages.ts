import { defer, map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { AcsResponseV2 } from '../codecs/scan/AcsResponseV2.js';
import type { ActiveContract } from '../codecs/scan/ActiveContract.js';
import type { StreamOptions } from './options.js';
import { pageRequest } from './pageRequest.js';
import { pager } from './pager.js';
import { snapshotPageStep, snapshotReadStart, type SnapshotReadMemory, type SnapshotReadState, type SnapshotRef } from './snapshotPageStep.js';

/** A snapshot read's checkpoint: the snapshot, the page token of the contract's page, the contract. @internal */
interface SnapshotCheckpointFields {
  readonly migration_id: number;
  readonly record_time: string;
  readonly after?: string;
  readonly contract_id: string;
}

/**
 * Reads a Scan ACS snapshot page after page (`scan.holdings`, `scan.acsSnapshot`): the first page
 * resolves the snapshot and every later page asks for it exactly (`record_time_match: 'exact'`)
 * with the previous page's token; each page is checked by `snapshotPageStep`, and `remember` is
 * told each contract's checkpoint, built by `checkpoint` from the snapshot and the page token.
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
    const memory: SnapshotReadMemory = { seenTokens: new Set(), lastDelivered: undefined };
    const initial = snapshotReadStart(options.from, request.after ?? undefined);
    const { after: _after, ...rest } = request;
    const page = (state: SnapshotReadState) => {
      const body = {
        ...rest,
        ...(state.snapshot ? { migration_id: state.snapshot.migration_id, record_time: state.snapshot.record_time, record_time_match: 'exact' as const } : {}),
        ...(state.after !== undefined ? { after: state.after } : {}),
      };
      return pageRequest(() => fetch(body), options.retry, undefined).pipe(
        map(
          E.chain((response) =>
            snapshotPageStep(response, state, memory, (item, snapshot) =>
              remember(item, checkpoint({ ...snapshot, contract_id: item.contract_id, ...(state.after !== undefined ? { after: state.after } : {}) })),
            ),
          ),
        ),
      );
    };
    return pager({ page }, initial, options);
  });
