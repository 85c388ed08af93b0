import * as t from 'io-ts';
import { optional, withFastGuard, isJsonObject } from '../common/primitives.js';
import { Contract } from '../splice/Contract.js';

// The io-ts codec; the export wraps it with its fast guard.
const LookupFeaturedAppRightResponseCodec = t.partial({ featured_app_right: optional(Contract) }, 'LookupFeaturedAppRightResponse');
function isLookupFeaturedAppRightResponse(u: unknown): boolean {
  if (!isJsonObject(u)) return false;
  const x = u.featured_app_right;
  return x === undefined || x === null || Contract.is(x);
}
/**
 * A provider's `Splice.Amulet:FeaturedAppRight`, absent or `null` when it has none (upstream `LookupFeaturedAppRightResponse`, scan.yaml).
 * @example
 * ```ts
 * import { codecs, decodeWith } from 'canton-rx';
 * // GET /api/scan/v0/featured-apps/{provider_party_id}, or the validator's /v0/scan-proxy/featured-apps/{provider_party_id}
 * decodeWith(codecs.scan.LookupFeaturedAppRightResponse)(await res.json()); // Right({ featured_app_right: null }) when it has none
 * ```
 * @category Codecs
 * @since 0.1.0
 */
export const LookupFeaturedAppRightResponse = withFastGuard(LookupFeaturedAppRightResponseCodec, isLookupFeaturedAppRightResponse);
export type LookupFeaturedAppRightResponse = t.TypeOf<typeof LookupFeaturedAppRightResponse>;
