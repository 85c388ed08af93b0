import * as t from 'io-ts';
import { withFastGuard, isJsonObject } from '../common/primitives.js';

// The io-ts codec; the export wraps it with its fast guard.
const GetDsoPartyIdResponseCodec = t.type({ dso_party_id: t.string }, 'GetDsoPartyIdResponse');
function isGetDsoPartyIdResponse(u: unknown): boolean {
  return isJsonObject(u) && typeof u.dso_party_id === 'string';
}
/**
 * The DSO party of the network (upstream `GetDsoPartyIdResponse`).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // GET /api/scan/v0/dso-party-id
 * decodeWith(codecs.scan.GetDsoPartyIdResponse)(await res.json()); // Either<DecodeError, GetDsoPartyIdResponse>
 * // Right({ dso_party_id: 'DSO::1220b1431ef217342db44d516bb9befde802be7d8899637d290895fa58880f19accc' }) on MainNet
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const GetDsoPartyIdResponse = withFastGuard(GetDsoPartyIdResponseCodec, isGetDsoPartyIdResponse);
export type GetDsoPartyIdResponse = t.TypeOf<typeof GetDsoPartyIdResponse>;
