import { defer, map, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { GetImportUpdatesRequest } from '../generated/scan/schemas.js';
import { scanOperations } from '../generated/scan/operations.js';
import { Checks } from '../validation/checks.js';
import type { ImportUpdatesCheckpoint } from './checkpoints.js';
import { itemCheckpoints } from './itemCheckpoints.js';
import { invariantViolation, stopAfter } from './invariantViolation.js';
import type { StreamOptions } from './options.js';
import { pageRequest } from './pageRequest.js';
import { pager, type Step } from './pager.js';

/**
 * Options of `scan.importUpdates`.
 * @category Streams
 * @since 0.2.0
 */
export type ScanImportUpdatesOptions = StreamOptions<ImportUpdatesCheckpoint>;

/** The read stands strictly after this update id. */
interface State {
  readonly after: string;
}

const checkRequest = (request: GetImportUpdatesRequest, from: ImportUpdatesCheckpoint | undefined): Checks => {
  const checks = new Checks()
    .nonNegativeInt(request.migration_id, 'migration_id')
    .check(typeof request.after_update_id === 'string', 'after_update_id', "must be a string ('' for the first)")
    .check(Number.isSafeInteger(request.limit) && request.limit >= 1, 'limit', 'must be a positive integer');
  if (from !== undefined) {
    checks
      .check(from.stream === 'scan.importUpdates', 'from.stream', "must be 'scan.importUpdates'")
      .check(from.migration_id === request.migration_id, 'from.migration_id', "must be the request's migration id")
      .check(typeof from.update_id === 'string' && from.update_id.length > 0, 'from.update_id', 'must be an update id');
  }
  return checks;
};

/**
 * The import updates of a migration (`POST /v0/backfilling/import-updates`: the contracts a
 * migration took over from the one before, as transactions) as a cold stream of
 * UpdateHistoryItem in update id order (see `ScanGroup.importUpdates`). Each page asks strictly
 * after the last update id delivered; only an empty page is the end. An update id that is not
 * strictly greater than the one before it is a `DecodeError` of reason `invariant` after the
 * valid items before it. Update ids compare as strings by UTF-16 code units, as the hex ids Scan
 * uses sort the same way in its database.
 * @internal
 */
export const scanImportUpdates = (transport: Transport, request: GetImportUpdatesRequest, options: ScanImportUpdatesOptions = {}): Observable<E.Either<CantonError, UpdateHistoryItem>> =>
  checked(
    () => checkRequest(request, options.from).result('scan.importUpdates request', request),
    (req) =>
      defer(() => {
        const step = (page: ReadonlyArray<UpdateHistoryItem>, state: State): E.Either<CantonError, Step<State, UpdateHistoryItem>> => {
          let last = state.after;
          for (let i = 0; i < page.length; i++) {
            const item = page[i]!;
            if (!(item.update_id > last)) {
              return stopAfter(page.slice(0, i), invariantViolation(`transactions.${i}`, `an update id after ${last}`, item.update_id, 'import updates come in update id order: the pages went backwards or repeated'));
            }
            last = item.update_id;
            const cp: ImportUpdatesCheckpoint = { stream: 'scan.importUpdates', migration_id: req.migration_id, update_id: item.update_id };
            itemCheckpoints.set(item, cp);
          }
          return E.right({ items: page, next: page.length === 0 ? undefined : { after: last } });
        };
        const page = (state: State) => {
          const body: GetImportUpdatesRequest = { ...req, after_update_id: state.after };
          return pageRequest(() => invokeOperation(transport, scanOperations.getImportUpdates, [body]), options.retry, undefined).pipe(
            map(E.chain((response) => step(response.transactions, state))),
          );
        };
        return pager({ page }, { after: options.from?.update_id ?? req.after_update_id }, options);
      }),
  );
