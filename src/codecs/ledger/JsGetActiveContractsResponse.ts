import * as t from 'io-ts';
import { optional, withFastGuard, isJsonObject } from '../common/primitives.js';
import { JsContractEntry } from './JsContractEntry.js';

// The io-ts codec; the export wraps it with its fast guard.
const JsGetActiveContractsResponseCodec = t.partial(
  {
    workflowId: optional(t.string),
    contractEntry: optional(JsContractEntry),
    streamContinuationToken: optional(t.string),
  },
  'JsGetActiveContractsResponse',
);
function isJsGetActiveContractsResponse(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  let x = u.workflowId;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  x = u.streamContinuationToken;
  if (!(x === undefined || x === null || typeof x === 'string')) return false;
  x = u.contractEntry;
  return x === undefined || x === null || JsContractEntry.is(x);
}
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
export const JsGetActiveContractsResponse = withFastGuard(JsGetActiveContractsResponseCodec, isJsGetActiveContractsResponse);
export type JsGetActiveContractsResponse = t.TypeOf<typeof JsGetActiveContractsResponse>;
