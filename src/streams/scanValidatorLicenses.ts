import { defer, type Observable } from 'rxjs';
import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Transport } from '../client/createTransport.js';
import { checked } from '../client/send.js';
import { invokeOperation } from '../client/invokeOperation.js';
import type { Contract } from '../codecs/splice/Contract.js';
import type { ListValidatorLicensesResponse } from '../generated/scan/schemas.js';
import * as scanOperations from '../generated/scan/operations.js';
import { Checks } from '../validation/checks.js';
import type { ValidatorLicensesCheckpoint } from './checkpoints.js';
import { itemCheckpoints } from './itemCheckpoints.js';
import { invariantViolation } from './invariantViolation.js';
import { tokenGuard } from '../paging/byPageToken.js';
import type { StreamOptions } from './options.js';
import type { Page, PageRecord } from '../paging/Page.js';
import { readPages, type PageStep } from '../paging/readPages.js';
import { meterPages } from '../telemetry/meterPages.js';
import { itemsOf } from './itemsOf.js';
import { checkpointCodecs } from './checkpointCodecs.js';

/**
 * The request of `scan.validatorLicenses`: the page length (`limit`, Scan's default 1000) and
 * where to start (`after`, a `next_page_token`; `options.from` overrides it).
 * @category Streams
 * @since 0.2.0
 */
export interface ValidatorLicensesRequest {
  readonly after?: number;
  readonly limit?: number;
}

/**
 * Options of `scan.validatorLicenses`.
 * @category Streams
 * @since 0.2.0
 */
export type ScanValidatorLicensesOptions = StreamOptions<ValidatorLicensesCheckpoint>;

interface State {
  /** The page token of the page to fetch; absent for the first page. */
  readonly after: number | undefined;
  /** Resuming from a checkpoint: drop the items of the first page up to and including this one. */
  readonly skipThrough: string | undefined;
}

const checkRequest = (request: ValidatorLicensesRequest, from: ValidatorLicensesCheckpoint | undefined): Checks => {
  const checks = new Checks()
    .check(request.after === undefined || Number.isSafeInteger(request.after), 'after', 'must be a page token (an integer) when given')
    .check(request.limit === undefined || (Number.isSafeInteger(request.limit) && request.limit >= 1), 'limit', 'must be a positive integer when given');
  checks.checkpoint(checkpointCodecs['scan.validatorLicenses'], from);
  return checks;
};

/**
 * The validator licences (`GET /v0/admin/validator/licenses`, newest first) as a cold stream of
 * pages of Contract records (see `ScanGroup.validatorLicenses`), page after page through `next_page_token`
 * until a page comes without one. A checkpoint names the token of its item's page and the item,
 * so that resuming asks for that page again and continues after the item. A page token that
 * repeats, or a licence delivered again (the pages went backwards), ends the stream with a
 * `DecodeError` of reason `invariant` after the valid items before it; so does a checkpoint whose
 * licence is not on its page any more. This is the page form (`scan.pages.validatorLicenses`).
 * @internal
 */
export const scanValidatorLicensesPages = (
  transport: Transport,
  request: ValidatorLicensesRequest = {},
  options: ScanValidatorLicensesOptions = {},
): Observable<E.Either<CantonError, Page<Contract, ValidatorLicensesCheckpoint>>> =>
  checked(
    () => checkRequest(request, options.from).result('scan.validatorLicenses request', request),
    (req) =>
      defer(() => {
        let lastDelivered: string | undefined;
        const from = options.from;
        // Where the read stands: a page without records leaves it there.
        let at: ValidatorLicensesCheckpoint | undefined = from;
        const initial: State = from ? { after: from.after, skipThrough: from.contract_id } : { after: req.after, skipThrough: undefined };
        // The token a read starts from counts as seen: a page answering it again would loop.
        const tokens = tokenGuard<number>(initial.after);

        const step = (response: ListValidatorLicensesResponse, state: State): E.Either<CantonError, PageStep<State, Contract, ValidatorLicensesCheckpoint>> => {
          let items = response.validator_licenses;
          if (state.skipThrough !== undefined) {
            const found = items.findIndex((c) => c.contract_id === state.skipThrough);
            if (found < 0) return E.left(invariantViolation('validator_licenses', `licence ${state.skipThrough} on the checkpoint's page`, items.length, 'the checkpoint does not match the page it names; the licence may have been archived'));
            items = items.slice(found + 1);
          }
          const seen = new Set<string>(lastDelivered === undefined ? [] : [lastDelivered]);
          const records: PageRecord<Contract, ValidatorLicensesCheckpoint>[] = [];
          let failure: CantonError | undefined;
          for (let i = 0; i < items.length; i++) {
            const item = items[i]!;
            if (seen.has(item.contract_id)) {
              failure = invariantViolation(`validator_licenses.${i}`, 'a licence not delivered before', item.contract_id, 'a page repeated a licence: the pages went backwards');
              break;
            }
            seen.add(item.contract_id);
            records.push({ value: item, checkpoint: { stream: 'scan.validatorLicenses', contract_id: item.contract_id, ...(state.after !== undefined ? { after: state.after } : {}) } });
          }
          if (records.length > 0) {
            lastDelivered = records[records.length - 1]!.value.contract_id;
            at = records[records.length - 1]!.checkpoint;
          }
          const token = response.next_page_token ?? undefined;
          failure ??= tokens.next(token, 'next_page_token');
          return E.right({
            page: { records, checkpoint: at, caughtUp: token === undefined },
            next: token === undefined || failure !== undefined ? undefined : { after: token, skipThrough: undefined },
            ...(failure !== undefined ? { failure } : {}),
          });
        };

        const request = (state: State) => {
          const query = { ...(state.after !== undefined ? { after: state.after } : {}), ...(req.limit !== undefined ? { limit: req.limit } : {}) };
          return invokeOperation(transport, scanOperations.listValidatorLicenses, [query]);
        };
        return readPages({ request, step }, initial, options).pipe(meterPages(transport.telemetry, 'scan.validatorLicenses'));
      }),
  );

/** The item form of `scanValidatorLicensesPages` (see `ScanGroup.validatorLicenses`). @internal */
export const scanValidatorLicenses = (transport: Transport, request: ValidatorLicensesRequest = {}, options: ScanValidatorLicensesOptions = {}): Observable<E.Either<CantonError, Contract>> =>
  itemsOf(scanValidatorLicensesPages(transport, request, options), false, (item, cp) => itemCheckpoints.set(item, cp)) as Observable<E.Either<CantonError, Contract>>;
