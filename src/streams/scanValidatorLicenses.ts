import * as E from 'fp-ts/lib/Either.js';
import type { CantonError } from '../errors/CantonError.js';
import type { Contract } from '../codecs/splice/Contract.js';
import type { ListValidatorLicensesResponse } from '../generated/scan/schemas.js';
import { listValidatorLicenses } from '../generated/scan/ops/listValidatorLicenses.js';
import type { Checks } from '../validation/checks.js';
import type { PageRecord } from '../paging/Page.js';
import type { ValidatorLicensesCheckpoint } from './checkpoints.js';
import { invariantViolation } from './invariantViolation.js';
import { tokenGuard } from '../paging/byPageToken.js';
import type { StreamOptions } from './options.js';
import type { PageStep } from '../paging/readPages.js';
import { pagedRead } from '../paging/pagedRead.js';
import { recordStream, type ReadContext } from './recordStream.js';
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

const checkRequest = (checks: Checks, request: ValidatorLicensesRequest): Checks =>
  checks
    .check(request.after === undefined || Number.isSafeInteger(request.after), 'after', 'must be a page token (an integer) when given')
    .check(request.limit === undefined || (Number.isSafeInteger(request.limit) && request.limit >= 1), 'limit', 'must be a positive integer when given');

/**
 * The validator licences (`GET /v0/admin/validator/licenses`, newest first) as Contract records (see `ScanGroup.validatorLicenses`), page after page through `next_page_token`
 * until a page comes without one. A checkpoint names the token of its item's page and the item,
 * so that resuming asks for that page again and continues after the item. A page token that
 * repeats, or a licence delivered again (the pages went backwards), ends the stream with a
 * `DecodeError` of reason `invariant` after the valid items before it; so does a checkpoint whose
 * licence is not on its page any more.
 * @example
 * ```ts
 * scanValidatorLicensesStream.items(transport, { limit: 200 }).subscribe(console.log);
 * ```
 * @internal
 */
export const scanValidatorLicensesStream = /*#__PURE__*/ recordStream({
  name: 'scan.validatorLicenses',
  family: 'page token',
  checkpoint: checkpointCodecs['scan.validatorLicenses'],
  items: 'values',
  remember: true,
  defaultRequest: {},
  checks: checkRequest,
  read: ({ call }: ReadContext, req: ValidatorLicensesRequest, options: ScanValidatorLicensesOptions) => {
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
      return call(listValidatorLicenses, [query]);
    };
    return pagedRead({ request, step }, initial);
  },
});

/** The page form of `scan.validatorLicenses` (`scan.pages.validatorLicenses`). @internal */
export const scanValidatorLicensesPages = scanValidatorLicensesStream.pages;

/** The item form of `scan.validatorLicenses` (see `ScanGroup.validatorLicenses`). @internal */
export const scanValidatorLicenses = scanValidatorLicensesStream.items;
