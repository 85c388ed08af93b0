import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { UpdateHistoryItem } from '../codecs/scan/UpdateHistoryItem.js';
import type { GetImportUpdatesRequest } from '../generated/scan/schemas.js';
import { getImportUpdates } from '../generated/scan/ops/getImportUpdates.js';
import type { Checks } from '../validation/checks.js';
import type { ImportUpdatesCheckpoint } from './checkpoints.js';
import { invariantViolation } from '../paging/invariantViolation.js';
import type { PageStep } from '../paging/readPages.js';
import { pagedRead } from '../paging/pagedRead.js';
import { recordStream, type ReadContext } from './recordStream.js';
import type { StreamOptions } from './options.js';
import { checkpointCodecs } from './checkpointCodecs.js';

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

const checkRequest = (checks: Checks, request: GetImportUpdatesRequest, from: ImportUpdatesCheckpoint | undefined): Checks => {
  checks
    .nonNegativeInt(request.migration_id, 'migration_id')
    .check(typeof request.after_update_id === 'string', 'after_update_id', "must be a string ('' for the first)")
    .check(Number.isSafeInteger(request.limit) && request.limit >= 1, 'limit', 'must be a positive integer');
  if (from !== undefined) {
    checks.check(from.migration_id === request.migration_id, 'from.migration_id', "must be the request's migration id");
  }
  return checks;
};

/**
 * The import updates of a migration (`POST /v0/backfilling/import-updates`: the contracts a
 * migration took over from the one before, as transactions) as
 * UpdateHistoryItem records in update id order (see `ScanGroup.importUpdates`, `ScanGroup.pages.importUpdates`). Each page asks strictly
 * after the last update id delivered; only an empty page is the end. An update id that is not
 * strictly greater than the one before it is a `DecodeError` of reason `invariant` after the
 * valid items before it. Update ids compare as strings by UTF-16 code units, as the hex ids Scan
 * uses sort the same way in its database.
 * @example
 * ```ts
 * scanImportUpdatesStream.items(transport, { migration_id: 4, after_update_id: '', limit: 100 }).subscribe(console.log);
 * ```
 * @internal
 */
export const scanImportUpdatesStream = /*#__PURE__*/ recordStream({
  name: 'scan.importUpdates',
  family: 'walking by record time or id',
  checkpoint: checkpointCodecs['scan.importUpdates'],
  items: 'values',
  remember: true,
  requestRequired: true,
  checks: (checks, request, options) => checkRequest(checks, request, options.from),
  read: ({ call }: ReadContext, req: GetImportUpdatesRequest, options: ScanImportUpdatesOptions) => {
    const step = (response: { readonly transactions: ReadonlyArray<UpdateHistoryItem> }, state: State): E.Either<CantonError, PageStep<State, UpdateHistoryItem, ImportUpdatesCheckpoint>> => {
      const page = response.transactions;
      const records: Array<{ value: UpdateHistoryItem; checkpoint: ImportUpdatesCheckpoint }> = [];
      let last = state.after;
      let failure: CantonError | undefined;
      for (let i = 0; i < page.length && failure === undefined; i++) {
        const item = page[i]!;
        if (!(item.update_id > last)) {
          failure = invariantViolation(`transactions.${i}`, `an update id after ${last}`, item.update_id, 'import updates come in update id order: the pages went backwards or repeated');
          break;
        }
        last = item.update_id;
        records.push({ value: item, checkpoint: { stream: 'scan.importUpdates', migration_id: req.migration_id, update_id: item.update_id } });
      }
      const checkpoint = records[records.length - 1]?.checkpoint ?? options.from;
      return E.right({ page: { records, checkpoint, caughtUp: page.length === 0 }, next: page.length === 0 ? undefined : { after: last }, ...(failure !== undefined ? { failure } : {}) });
    };
    return pagedRead({ request: (state: State) => call(getImportUpdates, [{ ...req, after_update_id: state.after }]), step }, { after: options.from?.update_id ?? req.after_update_id });
  },
});

/** The page form of `scan.importUpdates` (see `ScanGroup.pages.importUpdates`). @internal */
export const scanImportUpdatesPages = scanImportUpdatesStream.pages;

/** `scan.importUpdates` as items (see `ScanGroup.importUpdates`). @internal */
export const scanImportUpdates = scanImportUpdatesStream.items;
