import * as t from 'io-ts';
import { optional } from '../common/primitives.js';
import { JsContractEntry } from './JsContractEntry.js';

/**
 * One element of an active-contracts snapshot: an element of the `POST /v2/state/active-contracts`
 * list and of a `JsGetActiveContractsPageResponse`'s `activeContracts`.
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * decodeWith(codecs.ledger.JsGetActiveContractsResponse)(page.activeContracts[0]); // Either<DecodeError, JsGetActiveContractsResponse>
 * ```
 * @category Codecs
 * @since 0.2.0
 */
export const JsGetActiveContractsResponse = t.partial(
  {
    workflowId: optional(t.string),
    contractEntry: optional(JsContractEntry),
    streamContinuationToken: optional(t.string),
  },
  'JsGetActiveContractsResponse',
);
export type JsGetActiveContractsResponse = t.TypeOf<typeof JsGetActiveContractsResponse>;
